import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { MikroORM } from '@mikro-orm/postgresql';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import type { UiSessionControl, UiSessionHttpOptions } from '../auth/session/graphql-caller.js';
import { DomainError } from '../common/errors.js';
import type { RequestContext } from '../common/request-context.js';
import type { SubscriptionLimitsConfig } from '../config/config.js';
import type { CallerRateLimit } from '../http/rate-limit.js';
import type { LiveFanout } from '../live/live-fanout.js';
import type { Services } from '../services.js';
import type { GraphQLContext } from './context.js';
import { errorFormatter, type EdgeFacts } from './error-formatter.js';
import { authenticate, credentialOf, SocketCaller } from './socket-caller.js';
import { subscriptionDocument } from './socket-documents.js';
import { MAX_SOCKET_MESSAGE_BYTES, SOCKET_AUTHENTICATION_MS, SubscriptionLimits } from './socket-limits.js';
import { closeOnSignOut, SIGNED_OUT } from './socket-sign-outs.js';

// GraphQL subscriptions over WebSocket (graphql-ws protocol) on the hub's own HTTP server, at the GraphQL
// path (docs/contract.md "GraphQL"). Queries and mutations stay on HTTP, where rate limits and cost rules apply:
// the socket carries subscriptions only. The caller authenticates when the socket opens, with a bearer
// token in connectionParams.authorization (scripts, partners) or the web UI's session cookie (socket-caller.ts),
// and again for every subscription and every event it is sent, so reach is always the current one, as on
// HTTP; a sign-out, deactivation or password reset closes the socket at once (socket-sign-outs.ts). Messages,
// the time to authenticate and the subscriptions a caller holds are bounded (socket-limits.ts).

export interface SubscriptionServerOptions {
  httpServer: Server;
  path: string;
  schema: GraphQLSchema;
  orm: MikroORM;
  services: Services;
  /** Bearer tokens, and the web UI's session cookie (src/auth/session). */
  callers: UiSessionHttpOptions;
  fanout: LiveFanout;
  log: Logger;
  /** How an operation's error is told apart (overloaded or database_unavailable), as over HTTP. */
  facts: EdgeFacts;
  /** Live subscriptions per socket and per caller (LIVE_SUBSCRIPTIONS_PER_SOCKET, LIVE_SUBSCRIPTIONS_PER_USER). */
  limits: SubscriptionLimitsConfig;
  /** The caller's rate limit, which every subscribe message takes a point of. */
  rateLimiter: CallerRateLimit;
}

type SocketExtra = {
  /** Who the socket authenticated as, with its credential (a bearer token or the session cookie's value). */
  caller?: SocketCaller;
  /** Undoes what the acknowledged socket holds: its place in the limits, its sign-out watch. */
  release?: () => void;
};

/** Subscriptions sign nobody in or out: that is the HTTP surface's (it sets the cookie). */
const NO_SESSION_CONTROL: UiSessionControl = {
  signIn: () => Promise.reject(new DomainError('validation_failed', 'Sign in over HTTP (POST /graphql)')),
  signOut: () => Promise.reject(new DomainError('validation_failed', 'Sign out over HTTP (POST /graphql)')),
};

const contractError = (message: string, code: string) => new GraphQLError(message, { extensions: { code } });

export function serveSubscriptions(options: SubscriptionServerOptions): { close(): Promise<void> } {
  const { schema, callers, orm, services, fanout, log } = options;
  const formatError = errorFormatter(options.facts);
  const limits = new SubscriptionLimits(options.limits, options.rateLimiter);
  // A message larger than a request before sign-in is refused from its frame header, unread (close 1009).
  const wss = new WebSocketServer({
    server: options.httpServer,
    path: options.path,
    maxPayload: MAX_SOCKET_MESSAGE_BYTES,
  });
  const acknowledged = new WeakSet<WebSocket>();

  const server = useServer<Record<string, unknown>, SocketExtra>(
    {
      schema,
      // A socket that does not say who it is in time is closed (4408); so is one whose caller is not known by then.
      connectionInitWaitTimeout: SOCKET_AUTHENTICATION_MS,
      async onConnect(ctx) {
        const { socket, request } = ctx.extra;
        const credential = credentialOf(callers, ctx.connectionParams, request);
        // 4403 Forbidden: the client signs in again (or falls back to polling over HTTP).
        const caller = credential && (await authenticate(callers, credential));
        if (!credential || !caller || socket.readyState !== WebSocket.OPEN) return false;
        const socketCaller = new SocketCaller(callers, orm, log, credential, caller);
        const left = limits.opened(caller.principal, ctx);
        const unwatch = closeOnSignOut(
          fanout,
          socketCaller,
          () => socket.close(SIGNED_OUT.code, SIGNED_OUT.reason),
          log,
        );
        ctx.extra.caller = socketCaller;
        ctx.extra.release = () => {
          left();
          unwatch();
        };
        acknowledged.add(socket);
        return true;
      },
      onClose(ctx) {
        ctx.extra.release?.();
      },
      async onSubscribe(ctx, _id, payload) {
        const checked = subscriptionDocument(schema, payload);
        if ('errors' in checked) return checked.errors;
        const caller = ctx.extra.caller!;
        const refused = await limits.admit(caller.opened.principal, ctx);
        if (refused) return [refused];
        const requestId = randomUUID();
        let ctxValue: RequestContext;
        try {
          ctxValue = await caller.context(requestId);
        } catch (error) {
          return [contractError((error as Error).message, 'unauthorized')];
        }
        return {
          schema,
          document: checked.document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: subscriptionContext(ctxValue, caller, requestId, services, fanout),
        };
      },
      onError(_ctx, _id, _payload, errors) {
        return errors.map((error) => formatError(error.toJSON(), error));
      },
      onNext(_ctx, _id, _payload, _args, result) {
        if (!result.errors) return;
        return { ...result, errors: result.errors.map((error) => formatError(error.toJSON(), error)) };
      },
    },
    wss,
  );

  wss.on('connection', (socket) => guardNewSocket(socket, acknowledged, log));

  return {
    async close() {
      // Subscriptions end, then every socket closes with 1001 (going away), so the HTTP server can close.
      fanout.closeAll();
      await server.dispose();
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** What a subscription's resolvers are given: the caller's context now, and its context again for each event. */
function subscriptionContext(
  ctx: RequestContext,
  caller: SocketCaller,
  requestId: string,
  services: Services,
  fanout: LiveFanout,
): GraphQLContext {
  return {
    ctx,
    services,
    session: NO_SESSION_CONTROL,
    log: ctx.log,
    signedIn: () => true,
    live: {
      fanout,
      fresh: (event) => caller.contextFor(event, requestId),
      readOnce: (event, key, read) => caller.readOnce(event, key, requestId, read),
    },
  };
}

/**
 * Within SOCKET_AUTHENTICATION_MS of opening, the socket has said who it is and been recognised, or it is
 * closed: an unauthenticated socket lives no longer than that, whatever the database's pace.
 */
function guardNewSocket(socket: WebSocket, acknowledged: WeakSet<WebSocket>, log: Logger): void {
  const timer = setTimeout(() => {
    if (!acknowledged.has(socket) && socket.readyState === WebSocket.OPEN)
      socket.close(CloseCode.ConnectionInitialisationTimeout, 'Connection initialisation timeout');
  }, SOCKET_AUTHENTICATION_MS);
  socket.once('close', () => clearTimeout(timer));
  // A frame over the size limit or against the protocol: ws has closed the socket already (1009, 1002);
  // graphql-ws would print each such error on the console, where anyone could fill it.
  socket.removeAllListeners('error');
  socket.on('error', (error) => log.debug({ err: error.message }, 'live: a socket broke the protocol; closed'));
}
