import type { Request, Router } from 'express';
import type { RestDeps } from '../rest-deps.js';
import { queryText } from '../query-param.js';
import { list, single } from '../respond.js';

const filters = (req: Request) => ({
  status: queryText(req, 'status'),
  eventType: queryText(req, 'eventType'),
  orderId: queryText(req, 'orderId'),
  newestFirst: String(req.query.newestFirst) === 'true',
});

export function deliveryRoutes(router: Router, { orm, services }: RestDeps): void {
  router.get(
    '/accounts/:accountId/locations/:locationId/deliveries',
    list(orm, (ctx, page, req, p) =>
      services.deliveries.findAllForLocation(ctx, p.accountId, p.locationId, { ...page, ...filters(req) }),
    ),
  );
  router.get(
    '/applications/:applicationId/deliveries',
    list(orm, (ctx, page, req, p) =>
      services.deliveries.findAllForApplication(ctx, p.applicationId, { ...page, ...filters(req) }),
    ),
  );
  router.get(
    '/deliveries/:deliveryId',
    single(orm, (ctx, _req, p) => services.deliveries.findOne(ctx, p.deliveryId)),
  );
  router.post(
    '/deliveries/:deliveryId/retry',
    single(orm, (ctx, _req, p) => services.deliveries.retry(ctx, p.deliveryId)),
  );
}
