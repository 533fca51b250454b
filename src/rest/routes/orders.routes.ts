import type { Request } from 'express';
import { ORDER_OPERATIONS as ORDERS } from '../../modules/orders/index.js';
import { SANDBOX_OPERATIONS as SANDBOX } from '../../modules/sandbox/index.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type RestRoute } from '../operation-route.js';
import { queryFlag, queryText } from '../query-param.js';
import { createdOrFound, list, single } from '../respond.js';

const ALL = '/accounts/:accountId/locations/:locationId/orders';
const ONE = `${ALL}/:orderId`;
const COUNTS = '/accounts/:accountId/locations/:locationId/order-counts';

const filters = (req: Request) => ({
  since: queryText(req, 'since'),
  until: queryText(req, 'until'),
  updatedSince: queryText(req, 'updatedSince'),
  test: queryFlag(req, 'test'),
});
/** `status=NEW,ACCEPTED`: the statuses of a live board's tab, as GraphQL's `status: [OrderStatus!]`. */
const statuses = (req: Request) => queryText(req, 'status')?.split(',') ?? null;

export function orderRoutes({ services }: RestDeps): RestRoute[] {
  const { orders } = services;
  return [
    route.post(
      ALL,
      ORDERS.place,
      createdOrFound(async (access, req) => {
        const { order, created } = await orders.place(access, req.body);
        return { data: order, created };
      }),
    ),
    route.get(
      ALL,
      ORDERS.list,
      list((access, page, req) =>
        orders.findAll(access, {
          ...page,
          ...filters(req),
          status: statuses(req),
          newestFirst: queryText(req, 'newestFirst') === 'true',
          search: queryText(req, 'search'),
          externalId: queryText(req, 'externalId'),
        }),
      ),
    ),
    route.post(
      '/accounts/:accountId/locations/:locationId/test-orders',
      SANDBOX.sendTestOrder,
      single((access) => services.testOrders.send(access), 201),
    ),
    route.get(
      COUNTS,
      ORDERS.count,
      single((access, req) => orders.countByStatus(access, filters(req))),
    ),
    route.get(
      ONE,
      ORDERS.read,
      single((access, _req, p) => orders.findOne(access, p.orderId)),
    ),
    route.patch(
      ONE,
      ORDERS.updateStatus,
      single((access, req, p) => orders.updateStatus(access, p.orderId, req.body)),
    ),
  ];
}
