// GraphiQL 5 (Monaco editors), bundled by Vite into this lazily loaded chunk with its CSS, fonts and web
// workers: nothing comes from a CDN, and the first load of /ui does not carry any of it.
import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import './graphql-explorer.css';
import { createGraphiQLFetcher, createLocalStorage } from '@graphiql/toolkit';
import { Box, Title, useComputedColorScheme } from '@mantine/core';
import { GraphiQL } from 'graphiql';
import { useMemo } from 'react';
import { UI_REQUEST_HEADER, sameOriginWebSocketUrl } from '../../apollo';
import { useViewer } from '../../viewer';

const FIRST_QUERY = `# The hub's GraphQL API with your session: the same reach and role as a bearer token of yours.
# Ctrl-Enter runs the query; Docs (the book on the left) lists every type and field.
{
  viewer {
    email
    role
  }
}
`;

/**
 * The GraphQL explorer for operators and scripters at /ui/graphql. It calls /graphql as the rest of the UI
 * does: the session cookie (same origin) and the UI's header, which the hub requires of cookie-authenticated
 * requests (CSRF); subscriptions go over the same WebSocket endpoint. Introspection is allowed to signed-in
 * operators, so the editor completes and the docs explorer lists the schema.
 */
export function GraphqlExplorer() {
  const viewer = useViewer();
  const scheme = useComputedColorScheme('light');
  const fetcher = useMemo(
    () =>
      createGraphiQLFetcher({
        url: '/graphql',
        subscriptionUrl: sameOriginWebSocketUrl('/graphql'),
        headers: { [UI_REQUEST_HEADER]: '1' },
        // The hub answers plain JSON (no @defer/@stream): no multipart requests.
        enableIncrementalDelivery: false,
      }),
    [],
  );
  // Tabs and history are kept per operator, so the next person signing in on this browser does not get them.
  const storage = useMemo(() => createLocalStorage({ namespace: `graphiql:${viewer.id}` }), [viewer.id]);
  return (
    // The whole height under the header (56 px) and the main area's padding; GraphiQL scrolls inside itself.
    <Box className="hub-graphiql" h="calc(100dvh - 56px - 2 * var(--mantine-spacing-md))" mih={420}>
      <GraphiQL
        fetcher={fetcher}
        storage={storage}
        defaultQuery={FIRST_QUERY}
        forcedTheme={scheme}
        defaultEditorToolsVisibility={false}
      >
        <GraphiQL.Logo>
          <Title order={2} size="h4">
            GraphQL explorer
          </Title>
        </GraphiQL.Logo>
      </GraphiQL>
    </Box>
  );
}
