import type { MikroORM } from '@mikro-orm/postgresql';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type Provider from 'oidc-provider';
import type { Logger } from 'pino';
import type { Authenticator } from './auth/authenticator.js';
import { interactionsRouter } from './auth/interactions/interactions.router.js';
import type { LoginAttempts } from './auth/login-attempts.js';
import { acceptJsonBodies } from './auth/json-body.js';
import { OAUTH_MOUNT } from './auth/provider.js';
import type { SecretBox } from './common/crypto.js';
import type { HubConfig } from './config/config.js';
import { docsRouter } from './docs/docs.js';
import { graphqlRouter } from './graphql/graphql.js';
import { rateLimit } from './http/rate-limit.js';
import { healthRouter, type ReadinessCheck } from './http/health.js';
import { requestIdAndLogging } from './http/request-id.js';
import { problemHandler } from './rest/problem.js';
import { restRouter } from './rest/router.js';
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
  readiness: Record<string, ReadinessCheck>;
  validateResponses: boolean;
}

/** Express, in the order of ARCHITECTURE.md: request context → health → /oauth2 → /graphql → /v1 → /docs → errors. */
export async function createApp(deps: AppDeps): Promise<{ app: Express; stop: () => Promise<void> }> {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(requestIdAndLogging(deps.log));
  app.use(healthRouter(deps.readiness));
  // Our login and consent pages first, then everything else under /oauth2 is the provider's (JSON bodies
  // re-encoded for it).
  app.use(`${OAUTH_MOUNT}/interaction`, interactionsRouter({ provider: deps.provider, orm: deps.orm, box: deps.box, logins: deps.logins }));
  app.use(OAUTH_MOUNT, acceptJsonBodies(deps.provider.callback()));
  const rateLimiter = rateLimit(deps.config.rateLimit);
  const graphql = await graphqlRouter({ orm: deps.orm, services: deps.services, authenticator: deps.authenticator, production: deps.config.isProduction, rateLimiter });
  app.use(graphql.router);
  const rest = restRouter({ orm: deps.orm, services: deps.services, authenticator: deps.authenticator, validateResponses: deps.validateResponses, rateLimiter });
  app.use((req: Request, res: Response, next: NextFunction) => (/^\/v1(\/|$)/.test(req.path) ? rest(req, res, next) : next()));
  app.use(docsRouter(deps.config.publicBaseUrl));
  app.use((_req: Request, _res: Response, next: NextFunction) => next(Object.assign(new Error('no route'), { status: 404, errors: [] })));
  app.use(problemHandler());
  return { app, stop: graphql.stop };
}
