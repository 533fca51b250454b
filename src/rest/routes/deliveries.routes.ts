import type { Request } from 'express';
import { DELIVERY_OPERATIONS as DELIVERIES } from '../../modules/delivery-log/index.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type RestRoute } from '../operation-route.js';
import { queryText } from '../query-param.js';
import { list, single } from '../respond.js';

const filters = (req: Request) => ({
  status: queryText(req, 'status'),
  eventType: queryText(req, 'eventType'),
  orderId: queryText(req, 'orderId'),
  newestFirst: String(req.query.newestFirst) === 'true',
});

export function deliveryRoutes({ services }: RestDeps): RestRoute[] {
  return [
    route.get(
      '/accounts/:accountId/locations/:locationId/deliveries',
      DELIVERIES.listForLocation,
      list((grant, page, req) => services.deliveries.findAllForLocation(grant, { ...page, ...filters(req) })),
    ),
    route.get(
      '/accounts/:accountId/locations/:locationId/delivery-alerts',
      DELIVERIES.alertsForLocation,
      single((grant) => services.deliveries.alertsForLocation(grant)),
    ),
    route.post(
      '/accounts/:accountId/locations/:locationId/deliveries/retry-failed',
      DELIVERIES.retryFailedForLocation,
      single((grant) => services.deliveries.retryFailed(grant)),
    ),
    route.get(
      '/applications/:applicationId/deliveries',
      DELIVERIES.listForApplication,
      list((grant, page, req) => services.deliveries.findAllForApplication(grant, { ...page, ...filters(req) })),
    ),
    route.get(
      '/deliveries/:deliveryId',
      DELIVERIES.read,
      single((grant) => services.deliveries.findOne(grant)),
    ),
    route.post(
      '/deliveries/:deliveryId/retry',
      DELIVERIES.retry,
      single((grant) => services.deliveries.retry(grant)),
    ),
  ];
}
