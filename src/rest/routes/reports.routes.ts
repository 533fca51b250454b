import type { Request, Router } from 'express';
import type { RestDeps } from '../rest-deps.js';
import { queryText } from '../query-param.js';
import { single } from '../respond.js';

const range = (req: Request) => ({
  from: queryText(req, 'from'),
  to: queryText(req, 'to'),
  granularity: queryText(req, 'granularity'),
});

export function reportRoutes(router: Router, { orm, services }: RestDeps): void {
  const { reports } = services;
  router.get(
    '/accounts/:accountId/locations/:locationId/reports/orders',
    single(orm, (ctx, req, p) => reports.forLocation(ctx, p.accountId, p.locationId, range(req))),
  );
  router.get(
    '/accounts/:accountId/reports/orders',
    single(orm, (ctx, req, p) => reports.forAccount(ctx, p.accountId, range(req))),
  );
}
