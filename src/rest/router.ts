import { Router } from 'express';
import { restCaller } from '../auth/session/rest-caller.js';
import type { UiSessionHttpOptions } from '../auth/session/graphql-caller.js';
import { jsonBody } from './body.js';
import { openApiDocument, openApiDocumentCheckedByBuild } from '../shapes/openapi-source.js';
import { schemaValidator } from '../shapes/schema-validator.js';
import { DocumentedOperations } from './operations.js';
import { requestValidation } from './request-validation.js';
import { responseValidation } from './response-validation.js';
import type { DatabaseWatch } from '../db/outage.js';
import { idempotencyKeys } from '../http/idempotency-keys.js';
import { resumeRequestScope } from '../common/request-scope.js';
import type { RestDeps } from './rest-deps.js';
import type { CallerRateLimit } from '../http/rate-limit.js';
import { serve, type RestRoute } from './operation-route.js';
import { accountRoutes } from './routes/accounts.routes.js';
import { deliveryRoutes } from './routes/deliveries.routes.js';
import { eventRoutes } from './routes/events.routes.js';
import { applicationRoutes } from './routes/applications.routes.js';
import { connectionRoutes } from './routes/connections.routes.js';
import { catalogRoutes } from './routes/catalog.routes.js';
import { locationRoutes } from './routes/locations.routes.js';
import { orderRoutes } from './routes/orders.routes.js';
import { menuRoutes } from './routes/menus.routes.js';
import { storeStatusRoutes } from './routes/store-status.routes.js';
import { reportRoutes } from './routes/reports.routes.js';
import { exportRoutes } from './routes/exports.routes.js';
import { openingHoursRoutes } from './routes/opening-hours.routes.js';
import { orderSettingsRoutes } from './routes/order-settings.routes.js';
import { userRoutes } from './routes/users.routes.js';
import { activityRoutes } from './routes/activity.routes.js';

export interface RestOptions extends RestDeps {
  /** Bearer tokens; the UI's session cookie for its own GETs (src/auth/session/rest-caller.ts). */
  callers: UiSessionHttpOptions;
  /** Check every response against openapi.yaml too (tests), so the document cannot drift from the code. */
  validateResponses: boolean;
  /** Shared with /graphql: one client, one bucket. */
  rateLimiter: CallerRateLimit;
  /** Told about database outages (src/db/outage.ts). */
  database?: DatabaseWatch;
}

/**
 * /v1: bearer auth → rate limit → body rules → the document's checks → idempotency keys → routes. Errors go to
 * the problem handler. Authentication comes first so that a request without a valid token never has its
 * body read (a catalog import may be 32 MiB).
 */
export async function restRouter(options: RestOptions): Promise<Router> {
  const router = Router();
  router.use(restCaller(options.callers));
  router.use(options.rateLimiter.perRequest);
  router.use(jsonBody());
  const doc = openApiDocument();
  const validator = schemaValidator();
  // A document the validator cannot read stops the hub at start-up: the build compiled every schema of its copy
  // (src/shapes/build-document.ts), and a YAML edited since is compiled whole now. Otherwise each schema is
  // compiled on its first use.
  if (!openApiDocumentCheckedByBuild()) validator.compileAll(doc);
  router.use(requestValidation(doc, new DocumentedOperations(doc), validator));
  if (options.validateResponses) router.use(responseValidation(validator));
  router.use(idempotencyKeys(options.orm, { database: options.database }));
  router.use(resumeRequestScope);
  const routes = Router();
  for (const route of restRoutes(options)) routes[route.method](route.path, serve(options.orm, route));
  router.use('/v1', routes);
  return router;
}

/**
 * Every /v1 route, each with its declared operation. Orders first: express tries each route's pattern in turn,
 * and an order's GET, placement and status change are most of a partner's calls. The order does not change
 * which route answers: no two routes' patterns match the same path (each has its own literal segments).
 */
export function restRoutes(deps: RestDeps): RestRoute[] {
  return [
    ...orderRoutes(deps),
    ...accountRoutes(deps),
    ...locationRoutes(deps),
    ...deliveryRoutes(deps),
    ...eventRoutes(deps),
    ...applicationRoutes(deps),
    ...connectionRoutes(deps),
    ...userRoutes(deps),
    ...catalogRoutes(deps),
    ...menuRoutes(deps),
    ...storeStatusRoutes(deps),
    ...reportRoutes(deps),
    ...exportRoutes(deps),
    ...activityRoutes(deps),
    ...openingHoursRoutes(deps),
    ...orderSettingsRoutes(deps),
  ];
}
