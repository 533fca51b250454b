import type { Router } from 'express';
import type { RestDeps } from '../rest-deps.js';
import { list, single } from '../respond.js';

const LOCATIONS = '/accounts/:accountId/locations';
const LOCATION = `${LOCATIONS}/:locationId`;

export function locationRoutes(router: Router, { orm, services }: RestDeps): void {
  router.post(
    LOCATIONS,
    single(orm, (ctx, req, p) => services.locations.create(ctx, p.accountId, req.body), 201),
  );
  router.get(
    LOCATIONS,
    list(orm, (ctx, page, _req, p) => services.locations.findAll(ctx, p.accountId, page)),
  );
  router.get(
    LOCATION,
    single(orm, (ctx, _req, p) => services.locations.findOne(ctx, p.accountId, p.locationId)),
  );
  router.patch(
    LOCATION,
    single(orm, (ctx, req, p) => services.locations.update(ctx, p.accountId, p.locationId, req.body)),
  );
}
