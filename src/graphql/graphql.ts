import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { GraphQLSchema } from 'graphql';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import express, { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ValidationError } from '../common/errors.js';
import { isUnsafeText, refuseUnsafeText } from '../common/unsafe-text.js';
import type { Admission } from '../http/admission.js';
import { graphqlPriority } from '../http/priorities.js';
import { edgeError, toProblem } from '../rest/problem.js';
import { graphqlCaller, uiSessionControl, type UiSessionHttpOptions } from '../auth/session/graphql-caller.js';
import { unavailableOf, type DatabaseWatch } from '../db/outage.js';
import type { HubMetrics } from '../observability/metrics.js';
import { resumeRequestScope } from '../common/request-scope.js';
import { idempotencyKeys } from '../http/idempotency-keys.js';
import { bearerChallenge } from '../http/bearer-challenge.js';
import type { CallerRateLimit } from '../http/rate-limit.js';
import type { Services } from '../services.js';
import { HttpGraphQLContext, type GraphQLContext } from './context.js';
import { boundAnswerSize } from './answer-size.js';
import { depthLimit } from './depth-limit.js';
import { documentLimits, safeStringLiterals } from './document-limits.js';
import { errorFormatter, isUnexpected, type EdgeFacts } from './error-formatter.js';
import { unavailableAs503 } from './unavailable-as-503.js';
import { sendGraphQLError } from './error-answer.js';
import {
  MAX_ANONYMOUS_REQUEST_BYTES,
  MAX_INTROSPECTION_DEPTH,
  MAX_QUERY_DEPTH,
  MAX_REQUEST_BYTES,
  MAX_TOKENS,
} from './graphql-limits.js';
import { requestLimits } from './request-limits.js';
import { uuidArguments } from './uuid-arguments.js';
import { countOperations } from './count-operations.js';
import { buildHubSchema } from './schema.js';
import { serveSubscriptions } from './subscriptions.js';
import type { LiveFanout } from '../live/live-fanout.js';
import type { SubscriptionLimitsConfig } from '../config/config.js';

export interface GraphQLOptions {
  /** The hub's HTTP server: subscriptions are served on it over WebSocket, at /graphql. */
  httpServer: Server;
  /** Live signals of this process (src/live), which feed the subscriptions. */
  live: LiveFanout;
  log: Logger;
  orm: MikroORM;
  services: Services;
  /** Bearer tokens, and the web UI's session cookie. */
  callers: UiSessionHttpOptions;
  production: boolean;
  maxAnswerBytes: number;
  rateLimiter: CallerRateLimit;
  /** Told about database outages met by operations (one warning per outage). */
  database?: DatabaseWatch;
  /** Counts operations by name and outcome. */
  metrics?: HubMetrics;
  /** Admission control: a GraphQL request is admitted once its body says which operation it is. */
  admission: Admission;
  overloadRetryAfterSeconds: number;
  /** Live subscriptions per socket and per caller. */
  subscriptionLimits: SubscriptionLimitsConfig;
}

/**
 * /graphql: the same bearer tokens and the same services as /v1 (docs/contract.md "GraphQL"); subscriptions over
 * WebSocket on the same path. `closeSockets` ends the subscriptions (before the HTTP server can close).
 */
export async function graphqlRouter(
  options: GraphQLOptions,
): Promise<{ router: Router; stop: () => Promise<void>; closeSockets: () => Promise<void> }> {
  const schema = await buildHubSchema();
  const facts: EdgeFacts = { database: options.database, overloadRetryAfterSeconds: options.overloadRetryAfterSeconds };
  const subscriptions = serveSubscriptions({
    httpServer: options.httpServer,
    path: '/graphql',
    schema,
    orm: options.orm,
    services: options.services,
    callers: options.callers,
    fanout: options.live,
    log: options.log,
    facts,
    limits: options.subscriptionLimits,
    rateLimiter: options.rateLimiter,
  });
  const server = apolloServer(schema, facts, options);
  await server.start();
  const router = Router();
  // The rate limit counts callers; the UI's requests before sign-in have none and are counted by their source
  // address (login throttling guards signIn besides). They ask only for viewer and signIn: small documents.
  const rateLimitCallers: RequestHandler = (req, res, next) =>
    res.locals.principal
      ? options.rateLimiter.perRequest(req, res, next)
      : options.rateLimiter.perAddress(req, res, next);
  const callerJson = express.json({ limit: MAX_REQUEST_BYTES });
  const anonymousJson = express.json({ limit: MAX_ANONYMOUS_REQUEST_BYTES });
  const json: RequestHandler = (req, res, next) => (res.locals.principal ? callerJson : anonymousJson)(req, res, next);
  // Authentication and the rate limit before the body is read: an anonymous or refused request is never parsed.
  // Admission: refused at once when even an order could not get in; otherwise admitted by priority once the
  // body says which operation it is.
  router.use(
    '/graphql',
    options.admission.refuseWhenFull(),
    graphqlCaller(options.callers),
    rateLimitCallers,
    json,
    refuseUnsafeGraphQLText,
    options.admission.gate(graphqlPriority),
    idempotencyKeys(options.orm, { database: options.database, failed: unexpectedAnswer }),
    boundAnswerSize(options.maxAnswerBytes),
    resumeRequestScope,
    expressMiddleware(server, {
      context: async ({ req, res }) =>
        new HttpGraphQLContext(
          options.orm,
          res,
          options.services,
          uiSessionControl(req, res, options.callers),
          res.locals.log,
        ),
    }),
  );
  // Failures before a resolver runs (authentication, body parsing) still answer in GraphQL's error shape.
  router.use('/graphql', edgeErrorsAsGraphQL(options));
  return { router, stop: () => server.stop(), closeSockets: () => subscriptions.close() };
}

/** Apollo over the hub's schema, with its limits on documents and its plugins (errors, 503s, counts, limits). */
function apolloServer(schema: GraphQLSchema, facts: EdgeFacts, options: GraphQLOptions): ApolloServer<GraphQLContext> {
  return new ApolloServer<GraphQLContext>({
    schema,
    formatError: errorFormatter(facts),
    plugins: [
      logUnexpectedErrors,
      unavailableAs503(facts, options.database),
      countOperations(options.metrics, schema),
      requestLimits({ production: options.production, rateLimit: options.rateLimiter }),
      uuidArguments(),
    ],
    // The parser stops at MAX_TOKENS, so validation (quadratic in the worst case) only ever sees a bounded document.
    parseOptions: { maxTokens: MAX_TOKENS },
    validationRules: [documentLimits, safeStringLiterals, depthLimit(MAX_QUERY_DEPTH, MAX_INTROSPECTION_DEPTH)],
    // Who may introspect is decided per caller (request-limits.ts), not per process.
    introspection: true,
    includeStacktraceInErrorResponses: false,
    // The hub owns shutdown (src/main.ts); Apollo's own signal handlers would race it.
    stopOnTerminationSignals: false,
  });
}

/** An error raised before GraphQL ran, as a GraphQL error answer with the status, Retry-After and challenge REST would give. */
function edgeErrorsAsGraphQL(options: GraphQLOptions) {
  return (raw: unknown, _req: Request, res: Response, _next: NextFunction): void => {
    const err = edgeError(raw, {
      overloadRetryAfterSeconds: options.overloadRetryAfterSeconds,
      database: options.database,
    });
    const problem = toProblem(err);
    const unavailable = unavailableOf(err);
    if (unavailable) {
      options.database?.report(err);
      res.setHeader('Retry-After', String(unavailable.retryAfterSeconds));
    }
    const challenge = bearerChallenge(err);
    if (challenge) res.setHeader('WWW-Authenticate', challenge);
    sendGraphQLError(res, problem.status, problem.detail, problem.code);
  };
}

/** A GraphQL answer to retry rather than replay: a 5xx, or an error the hub did not expect (`internal`). */
function unexpectedAnswer(status: number, body: string): boolean {
  if (status >= 500) return true;
  try {
    const answer = JSON.parse(body) as { errors?: { extensions?: { code?: string } }[] };
    return (answer.errors ?? []).some((error) => error.extensions?.code === 'internal');
  } catch {
    return true;
  }
}

/** NUL characters and unpaired surrogates, in the document's literals or in the variables, are a 400 (unsafe-text.ts). */
function refuseUnsafeGraphQLText(req: Request, _res: Response, next: NextFunction): void {
  const body = (req.body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
  if (typeof body.query === 'string' && isUnsafeText(body.query))
    throw ValidationError.field('/query', 'must not contain NUL characters or unpaired UTF-16 surrogates');
  refuseUnsafeText(body.variables, '/variables');
  refuseUnsafeText(body.operationName, '/operationName');
  next();
}

/** What answers `internal` is logged with its cause, on the request's logger, as REST logs its 500s. */
const logUnexpectedErrors: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async didEncounterErrors({ errors, contextValue }) {
        for (const error of errors) {
          if (isUnexpected(error))
            contextValue.log.error({ err: error.originalError ?? error, path: error.path }, 'graphql operation failed');
        }
      },
    };
  },
};
