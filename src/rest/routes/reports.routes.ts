import type { Request } from 'express';
import { REPORT_OPERATIONS as REPORTS } from '../../modules/reports/index.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type RestRoute } from '../operation-route.js';
import { queryText } from '../query-param.js';
import { single } from '../respond.js';

const range = (req: Request) => ({
  from: queryText(req, 'from'),
  to: queryText(req, 'to'),
  granularity: queryText(req, 'granularity'),
});

export function reportRoutes({ services }: RestDeps): RestRoute[] {
  const { reports } = services;
  return [
    route.get(
      '/accounts/:accountId/locations/:locationId/reports/orders',
      REPORTS.location,
      single((access, req) => reports.forLocation(access, range(req))),
    ),
    route.get(
      '/accounts/:accountId/reports/orders',
      REPORTS.account,
      single((access, req) => reports.forAccount(access, range(req))),
    ),
  ];
}
