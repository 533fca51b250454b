import type { MikroORM } from '@mikro-orm/postgresql';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import type { Authenticator } from './auth/authenticator.js';
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
  readiness: Record<string, ReadinessCheck>;
  validateResponses: boolean;
}

/** Express, in the order of ARCHITECTURE.md: request context → health → /graphql → /v1 → /docs → errors. */
export async function createApp(deps: AppDeps): Promise<{ app: Express; stop: () => Promise<void> }> {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.use(requestIdAndLogging(deps.log));
  app.use(healthRouter(deps.readiness));
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
