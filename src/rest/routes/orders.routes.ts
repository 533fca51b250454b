import type { Request, Router } from 'express';
import type { RestDeps } from '../rest-deps.js';
import { queryFlag, queryText } from '../query-param.js';
import { createdOrFound, list, single } from '../respond.js';

const ORDERS = '/accounts/:accountId/locations/:locationId/orders';

const ORDER_COUNTS = '/accounts/:accountId/locations/:locationId/order-counts';

const filters = (req: Request) => ({
  since: queryText(req, 'since'),
  updatedSince: queryText(req, 'updatedSince'),
  test: queryFlag(req, 'test'),
});
/** `status=NEW,ACCEPTED`: the statuses of a live board's tab, as GraphQL's `status: [OrderStatus!]`. */
const statuses = (req: Request) => queryText(req, 'status')?.split(',') ?? null;

export function orderRoutes(router: Router, { orm, services }: RestDeps): void {
  const { orders } = services;
  router.post(
    ORDERS,
    createdOrFound(orm, async (ctx, req, p) => {
      const { order, created } = await orders.place(ctx, p.accountId, p.locationId, req.body);
      return { data: order, created };
    }),
  );
  router.get(
    ORDERS,
    list(orm, (ctx, page, req, p) =>
      orders.findAll(ctx, p.accountId, p.locationId, {
        ...page,
        ...filters(req),
        status: statuses(req),
        newestFirst: queryText(req, 'newestFirst') === 'true',
        search: queryText(req, 'search'),
        externalId: queryText(req, 'externalId'),
      }),
    ),
  );
  router.post(
    '/accounts/:accountId/locations/:locationId/test-orders',
    single(orm, (ctx, _req, p) => services.testOrders.send(ctx, p.accountId, p.locationId), 201),
  );
  router.get(
    `${ORDER_COUNTS}`,
    single(orm, (ctx, req, p) => orders.countByStatus(ctx, p.accountId, p.locationId, filters(req))),
  );
  router.get(
    `${ORDERS}/:orderId`,
    single(orm, (ctx, _req, p) => orders.findOne(ctx, p.accountId, p.locationId, p.orderId)),
  );
  router.patch(
    `${ORDERS}/:orderId`,
    single(orm, (ctx, req, p) => orders.updateStatus(ctx, p.accountId, p.locationId, p.orderId, req.body)),
  );
}
