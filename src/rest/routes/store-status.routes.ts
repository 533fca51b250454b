import type { Router } from 'express';
import type { RestDeps } from '../rest-deps.js';
import { noContent, single } from '../respond.js';

export function storeStatusRoutes(router: Router, { orm, services }: RestDeps): void {
  const path = '/accounts/:accountId/locations/:locationId/store-status';
  router.put(
    path,
    single(orm, (ctx, req, p) => services.storeStatus.set(ctx, p.accountId, p.locationId, req.body)),
  );
  router.get(
    path,
    single(orm, (ctx, _req, p) => services.storeStatus.get(ctx, p.accountId, p.locationId)),
  );
  const busy = '/accounts/:accountId/locations/:locationId/busy-mode';
  router.put(
    busy,
    single(orm, (ctx, req, p) => services.storeStatus.setBusyMode(ctx, p.accountId, p.locationId, req.body)),
  );
  router.delete(
    busy,
    noContent(orm, (ctx, _req, p) => services.storeStatus.endBusyMode(ctx, p.accountId, p.locationId)),
  );
}
