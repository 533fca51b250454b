import type { MikroORM } from '@mikro-orm/postgresql';
import type { Server } from 'node:http';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type Provider from 'oidc-provider';
import type { Logger } from 'pino';
import type { Authenticator } from './auth/authenticator.js';
import { ConsentService } from './auth/consent.service.js';
import { interactionsRouter } from './auth/interactions/interactions.router.js';
import type { LoginAttempts } from './auth/login-attempts.js';
import { acceptJsonBodies } from './auth/json-body.js';
import { applicationIdAsClientId } from './auth/authorize-client-id.js';
import { refuseInsecureRedirects } from './auth/https-redirects.js';
import { OAUTH_MOUNT } from './auth/provider.js';
import { SERVER_METADATA_PATHS, serverMetadata } from './auth/server-metadata.js';
import type { SecretBox } from './common/crypto.js';
import type { HubConfig } from './config/config.js';
import { docsRouter } from './docs/docs.js';
import type { LiveFanout } from './live/live-fanout.js';
import { graphqlRouter } from './graphql/graphql.js';
import { createAdmission, type Admission } from './http/admission.js';
import { doorPriority } from './http/priorities.js';
import type { DatabaseWatch } from './db/outage.js';
import type { LimiterStore } from './http/limiter-store.js';
import { rateLimit } from './http/rate-limit.js';
import { canonicalForwarding } from './http/forwarded.js';
import { healthRoutes, type ReadinessCheck } from './http/health.js';
import { requestIdAndLogging } from './http/request-id.js';
import { requestDeadline } from './http/request-deadline.js';
import { webUiRouter } from './http/web-ui.js';
import { sandboxEndpoints, type SandboxEndpointDeps } from './http/sandbox-endpoints.js';
import { SANDBOX_MOUNT } from './modules/sandbox/index.js';
import { SessionCookie } from './auth/session/session-cookie.js';
import type { UiSessions } from './auth/session/ui-sessions.js';
import { metricsRoute } from './http/metrics-route.js';
import type { HubMetrics } from './observability/metrics.js';
import { problemHandler, sendOAuthError, type EdgeErrorOptions } from './rest/problem.js';
import { restRouter } from './rest/router.js';
import { NoSuchEndpoint } from './rest/route-errors.js';
import type { Services } from './services.js';

export interface AppDeps {
  config: HubConfig;
  log: Logger;
  orm: MikroORM;
  services: Services;
  authenticator: Authenticator;
  provider: Provider;
  box: SecretBox;
  /** Failed logins, shared by the login page and the password grant. */
  logins: LoginAttempts;
  /** Where rate limits are counted, shared by every hub process (src/http/limiter-store.ts). */
  limiters: LimiterStore;
  /** Database outages: one warning each, 503 database_unavailable meanwhile (src/db/outage.ts). */
  database: DatabaseWatch;
  /** This process's Prometheus metrics (GET /metrics). */
  metrics: HubMetrics;
  readiness: Record<string, ReadinessCheck>;
  validateResponses: boolean;
  /** The web UI's sign-in sessions (backend-for-frontend). */
  uiSessions: UiSessions;
  /** The HTTP server the app is served on: GraphQL subscriptions use it for WebSocket upgrades. */
  httpServer: Server;
  /** This process's live signals (src/live). */
  live: LiveFanout;
  /** The sandbox partners' endpoints; absent in production, where there are none (404). */
  sandbox?: SandboxEndpointDeps;
}

/** Express, in this order: request context → health → /v1 → /oauth2 → /graphql → /docs → /ui → errors. */
export async function createApp(
  deps: AppDeps,
): Promise<{ app: Express; admission: Admission; stop: () => Promise<void>; closeSockets: () => Promise<void> }> {
  const app = express();
  const edge = { overloadRetryAfterSeconds: deps.config.admission.retryAfterSeconds };
  app.disable('x-powered-by');
  // No ETag on answers made by res.send: express hashes every JSON body for conditional GETs that no client of
  // /v1 or /graphql makes (a CPU profile of a GET of one order: 1-1.3 % of the process). The web UI's files
  // are served by serve-static, which keeps its own ETag and Last-Modified.
  app.set('etag', false);
  // TRUST_PROXY (off by default): only these proxies' X-Forwarded-For makes req.ip (src/http/forwarded.ts).
  app.set('trust proxy', deps.config.trustProxy ?? false);
  app.use(requestIdAndLogging(deps.log, deps.metrics));
  healthRoutes(app, deps.readiness);
  metricsRoute(app, deps.metrics, deps.config.metricsToken);
  // Every request below is answered within REQUEST_TIMEOUT_MS (src/http/request-deadline.ts); health and metrics above are not cut.
  app.use(
    requestDeadline({
      timeoutMs: deps.config.requestTimeoutMs,
      catalogPullTimeoutMs: deps.config.catalogPullTimeoutMs,
      overloadRetryAfterSeconds: edge.overloadRetryAfterSeconds,
      database: deps.database,
      oauthMount: OAUTH_MOUNT,
    }),
  );
  // Admission control (src/http/admission.ts): before any body is read or token looked up.
  const admission = createAdmission(deps.config.admission);
  app.use(admission.gate(doorPriority));
  if (deps.sandbox) app.use(SANDBOX_MOUNT, sandboxEndpoints(deps.sandbox));
  // /v1 next: the partners' hot path need not be matched against the /oauth2 and /graphql layers below, whose
  // paths it never shares.
  const rateLimiter = rateLimit(deps.config.rateLimit, deps.limiters);
  const callers = {
    bearer: deps.authenticator,
    sessions: deps.uiSessions,
    cookie: new SessionCookie(deps.config.hubEnv !== 'development', deps.config.uiSession.absoluteSeconds),
    ownOrigin: new URL(deps.config.publicBaseUrl).origin,
  };
  const rest = await restRouter({
    orm: deps.orm,
    services: deps.services,
    callers,
    validateResponses: deps.validateResponses,
    rateLimiter,
    database: deps.database,
  });
  app.use((req: Request, res: Response, next: NextFunction) =>
    /^\/v1(\/|$)/.test(req.path) ? rest(req, res, next) : next(),
  );
  mountOAuth(app, deps);
  const graphql = await graphqlRouter({
    httpServer: deps.httpServer,
    live: deps.live,
    log: deps.log,
    orm: deps.orm,
    services: deps.services,
    callers,
    production: deps.config.isProduction,
    maxAnswerBytes: deps.config.graphqlMaxAnswerBytes,
    rateLimiter,
    database: deps.database,
    metrics: deps.metrics,
    admission,
    overloadRetryAfterSeconds: edge.overloadRetryAfterSeconds,
    subscriptionLimits: deps.config.subscriptions,
  });
  app.use(graphql.router);
  app.use(docsRouter(deps.config.publicBaseUrl));
  app.use(webUiRouter());
  mountErrorAnswers(app, deps.database, edge);
  return { app, admission, stop: graphql.stop, closeSockets: graphql.closeSockets };
}

/**
 * /oauth2: our login and consent pages first, then everything else is the provider's (JSON bodies re-encoded
 * for it); both see the public origin of PUBLIC_BASE_URL, never a forwarded one.
 */
function mountOAuth(app: Express, deps: AppDeps): void {
  app.use(OAUTH_MOUNT, canonicalForwarding(deps.config.publicBaseUrl));
  app.use(
    `${OAUTH_MOUNT}/interaction`,
    interactionsRouter({
      provider: deps.provider,
      orm: deps.orm,
      consent: new ConsentService(deps.orm),
      box: deps.box,
      logins: deps.logins,
    }),
  );
  if (deps.config.isProduction) app.get(`${OAUTH_MOUNT}/authorize`, refuseInsecureRedirects());
  app.get(`${OAUTH_MOUNT}/authorize`, applicationIdAsClientId(deps.orm));
  app.use(OAUTH_MOUNT, acceptJsonBodies(deps.provider.callback()));
  app.get(SERVER_METADATA_PATHS, serverMetadata(deps.provider));
}

/** Last: a path nothing answered is a 404, and every error is answered in its surface's shape. */
function mountErrorAnswers(app: Express, database: DatabaseWatch, edge: EdgeErrorOptions): void {
  app.use((_req: Request, _res: Response, next: NextFunction) => next(new NoSuchEndpoint()));
  // Under /oauth2 errors are OAuth's {error, error_description}, except on the pages people see (interactions).
  const oauthErrors = problemHandler(database, edge, sendOAuthError);
  app.use(OAUTH_MOUNT, (err: unknown, req: Request, res: Response, next: NextFunction) =>
    req.path.startsWith('/interaction') ? next(err) : oauthErrors(err, req, res, next),
  );
  app.use(problemHandler(database, edge));
}
