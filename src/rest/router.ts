import express, { Router } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { Authenticator } from '../auth/authenticator.js';
import { bearerAuth } from '../auth/bearer.js';
import { OPENAPI_PATH } from '../docs/openapi-document.js';
import { jsonBody } from './body.js';
import type { RestDeps } from './rest-deps.js';
import { accountRoutes } from './routes/accounts.routes.js';
import { deliveryRoutes } from './routes/deliveries.routes.js';
import { locationRoutes } from './routes/locations.routes.js';

export interface RestOptions extends RestDeps {
  authenticator: Authenticator;
  /** Check every response against openapi.yaml too (tests), so the document cannot drift from the code. */
  validateResponses: boolean;
}

/** /v1: body rules → OpenAPI validation → bearer auth → routes. Errors go to the problem handler. */
export function restRouter(options: RestOptions): Router {
  const router = Router();
  router.use(jsonBody());
  router.use(
    OpenApiValidator.middleware({
      apiSpec: OPENAPI_PATH,
      ignoreUndocumented: false,
      validateRequests: { allowUnknownQueryParameters: false, removeAdditional: false, coerceTypes: false, allErrors: true },
      validateResponses: options.validateResponses ? { removeAdditional: false } : false,
      validateSecurity: false,
      // The spec's paths start with /v1 (servers: /); the router is mounted at /v1.
      $refParser: { mode: 'bundle' },
    }),
  );
  router.use(bearerAuth(options.authenticator));
  const routes = Router();
  accountRoutes(routes, options);
  locationRoutes(routes, options);
  deliveryRoutes(routes, options);
  router.use('/v1', routes);
  return router;
}

export { express };
