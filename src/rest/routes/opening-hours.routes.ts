import type { Router } from 'express';
import type { RestDeps } from '../rest-deps.js';
import { single } from '../respond.js';

export function openingHoursRoutes(router: Router, { orm, services }: RestDeps): void {
  const path = '/accounts/:accountId/locations/:locationId/opening-hours';
  router.get(
    path,
    single(orm, (ctx, _req, p) => services.openingHours.get(ctx, p.accountId, p.locationId)),
  );
  router.put(
    path,
    single(orm, (ctx, req, p) => services.openingHours.set(ctx, p.accountId, p.locationId, req.body)),
  );
}
