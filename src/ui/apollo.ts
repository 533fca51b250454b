import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, InMemoryCache } from '@apollo/client';
import { ErrorLink } from '@apollo/client/link/error';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import { createClient } from 'graphql-ws';
import { ViewerDocument } from './gql/graphql';
import { reachability } from './hub-reachability';
import { retryAfterLink } from './retry-after-link';

/** The header the hub requires of its own pages' cookie-authenticated requests (src/auth/session/csrf.ts). */
export const UI_REQUEST_HEADER = 'x-order-hub-ui';

/** ws: or wss: to a path of the page's own origin; the browser sends the session cookie and Origin with the handshake. */
export function sameOriginWebSocketUrl(path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

/**
 * The UI's one GraphQL client. The session is the httpOnly cookie the hub set at sign-in (no token ever
 * reaches this code); every request carries the header the hub requires of its own pages (CSRF).
 */
export function createApolloClient(): ApolloClient {
  const http = new HttpLink({ uri: '/graphql', credentials: 'same-origin', headers: { [UI_REQUEST_HEADER]: '1' } });
  // Subscriptions (live order board, delivery log, publications, store status) over a WebSocket to the same
  // /graphql; the browser sends the session cookie and its Origin with the handshake. Lazy: opened by the
  // first subscription, closed after the last; it reconnects by itself with backoff.
  const live = new GraphQLWsLink(
    createClient({
      url: sameOriginWebSocketUrl('/graphql'),
      lazy: true,
      retryAttempts: Infinity,
      // What live screens say: a socket that closed is down until it is connected again.
      on: { connected: reachability.socketConnected, closed: reachability.socketClosed },
    }),
  );
  const transport = ApolloLink.split(
    ({ query }) => {
      const definition = getMainDefinition(query);
      return definition.kind === 'OperationDefinition' && definition.operation === 'subscription';
    },
    live,
    http,
  );
  const client: ApolloClient = new ApolloClient({
    cache: new InMemoryCache(),
    link: ApolloLink.from([
      // The session ended (idle, absolute lifetime, signed out elsewhere): nobody is signed in any more, and
      // the screens that require someone send the browser to the sign-in page.
      new ErrorLink(({ error, operation }) => {
        if (operation.operationName === 'SignIn') return;
        if (CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'unauthorized')) {
          client.cache.writeQuery({ query: ViewerDocument, data: { viewer: null } });
        }
      }),
      retryAfterLink(),
      transport,
    ]),
  });
  return client;
}
