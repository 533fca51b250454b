import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { MikroORM } from '@mikro-orm/postgresql';
import {
  GraphQLError,
  OperationTypeNode,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { Logger } from 'pino';
import { WebSocketServer } from 'ws';
import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';
import type { UiSessionControl, UiSessionHttpOptions } from '../auth/session/graphql-caller.js';
import { DomainError, UnauthorizedError } from '../common/errors.js';
import type { RequestContext } from '../common/request-context.js';
import type { LiveFanout } from '../live/live-fanout.js';
import type { Services } from '../services.js';
import type { GraphQLContext } from './context.js';
import { depthLimit } from './depth-limit.js';
import { documentLimits } from './document-limits.js';
import { MAX_INTROSPECTION_DEPTH, MAX_QUERY_DEPTH, MAX_TOKENS } from './graphql-limits.js';
import { errorFormatter, type EdgeFacts } from './error-formatter.js';
import { firstNonUuid } from './uuid-arguments.js';

// GraphQL subscriptions over WebSocket (graphql-ws protocol) on the hub's own HTTP server, at the GraphQL
// path (docs/contract.md "GraphQL"). Queries and mutations stay on HTTP, where rate limits and cost rules apply:
// the socket carries subscriptions only. The caller authenticates when the socket opens, with a bearer
// token in connectionParams.authorization (scripts, partners) or the web UI's session cookie, and again
// for every subscription and every event it is sent, so reach is always the current one, as on HTTP, and a
// signed-out session or an expired token ends its subscriptions. A cookie is only taken from the hub's own
// pages: browsers send Origin on every WebSocket handshake, and a page of another site cannot forge it
// (cross-site WebSocket hijacking).

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
}

type SocketExtra = {
  /** How the connection authenticated: a bearer token or the session cookie's value. */
  credential?: Credential;
};

type Credential = { kind: 'bearer'; token: string } | { kind: 'session'; cookie: string };

/** The Origin of a browser's handshake; none from scripts (which use bearer tokens). */
function originOf(request: IncomingMessage): string | undefined {
  const value = request.headers.origin;
  return Array.isArray(value) ? value[0] : value;
}

/** The session cookie of the handshake, read as the HTTP surface reads it. */
function sessionCookieOf(request: IncomingMessage, callers: UiSessionHttpOptions): string | undefined {
  const asRequest = { header: (name: string) => request.headers[name.toLowerCase()] } as unknown as Request;
  return callers.cookie.read(asRequest);
}

/** Subscriptions sign nobody in or out: that is the HTTP surface's (it sets the cookie). */
const NO_SESSION_CONTROL: UiSessionControl = {
  signIn: () => Promise.reject(new DomainError('validation_failed', 'Sign in over HTTP (POST /graphql)')),
  signOut: () => Promise.reject(new DomainError('validation_failed', 'Sign out over HTTP (POST /graphql)')),
};

const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i;

function tokenOf(connectionParams: Readonly<Record<string, unknown>> | undefined): string | null {
  const value = connectionParams?.authorization ?? connectionParams?.Authorization;
  if (typeof value !== 'string') return null;
  return BEARER.exec(value)?.[1] ?? null;
}

const contractError = (message: string, code: string) => new GraphQLError(message, { extensions: { code } });

export function serveSubscriptions(options: SubscriptionServerOptions): { close(): Promise<void> } {
  const { schema, callers, orm, services, fanout, log } = options;
  const formatError = errorFormatter(options.facts);
  const wss = new WebSocketServer({ server: options.httpServer, path: options.path });
  // The document rules of HTTP requests (graphql.ts): bounded parsing, aliases, operations, depth.
  const rules = [...specifiedRules, documentLimits, depthLimit(MAX_QUERY_DEPTH, MAX_INTROSPECTION_DEPTH)];

  function authenticate(credential: Credential) {
    return credential.kind === 'bearer'
      ? callers.bearer.authenticate(credential.token)
      : callers.sessions.authenticate(credential.cookie);
  }

  async function requestContext(credential: Credential, requestId: string): Promise<RequestContext> {
    const caller = await authenticate(credential);
    if (!caller)
      throw new UnauthorizedError(
        credential.kind === 'bearer'
          ? 'The access token is invalid or expired'
          : 'The session has ended; sign in again',
      );
    return {
      requestId,
      log: log.child({ requestId }),
      em: orm.em.fork(),
      db: orm.em,
      principal: caller.principal,
      reach: caller.reach,
    };
  }

  /** The connection's credential: a bearer token in connectionParams, else the session cookie from the hub's own pages. */
  function credentialOf(
    connectionParams: Readonly<Record<string, unknown>> | undefined,
    request: IncomingMessage,
  ): Credential | null {
    const token = tokenOf(connectionParams);
    if (token) return { kind: 'bearer', token };
    const cookie = sessionCookieOf(request, callers);
    if (cookie && originOf(request) === callers.ownOrigin) return { kind: 'session', cookie };
    return null;
  }

  const server = useServer<Record<string, unknown>, SocketExtra>(
    {
      schema,
      // A socket that does not say who it is within 3 s is closed (4408).
      connectionInitWaitTimeout: 3000,
      async onConnect(ctx) {
        const credential = credentialOf(ctx.connectionParams, ctx.extra.request);
        // 4403 Forbidden: the client signs in again (or falls back to polling over HTTP).
        if (!credential || !(await authenticate(credential))) return false;
        ctx.extra.credential = credential;
        return true;
      },
      async onSubscribe(ctx, id, payload) {
        let document: DocumentNode;
        try {
          document = parse(payload.query, { maxTokens: MAX_TOKENS });
        } catch (error) {
          return [contractError((error as Error).message, 'validation_failed')];
        }
        const errors = validate(schema, document, rules);
        if (errors.length > 0) return errors.map((e) => contractError(e.message, 'validation_failed'));
        const operation = getOperationAST(document, payload.operationName);
        if (operation?.operation !== OperationTypeNode.SUBSCRIPTION) {
          return [
            contractError(
              'Only subscriptions are served over WebSocket; send queries and mutations to POST /graphql',
              'validation_failed',
            ),
          ];
        }
        // Ids are UUIDs, refused at the edge as over HTTP (uuid-arguments.ts).
        const notUuid = firstNonUuid(schema, document, operation, payload.variables ?? {});
        if (notUuid) return [contractError(`${notUuid} must be a UUID`, 'validation_failed')];
        const credential = ctx.extra.credential!;
        const requestId = randomUUID();
        let ctxValue: RequestContext;
        try {
          ctxValue = await requestContext(credential, requestId);
        } catch (error) {
          return [contractError((error as Error).message, 'unauthorized')];
        }
        const contextValue: GraphQLContext = {
          ctx: ctxValue,
          services,
          session: NO_SESSION_CONTROL,
          log: ctxValue.log,
          signedIn: () => true,
          live: { fanout, fresh: () => requestContext(credential, requestId) },
        };
        return {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue,
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
