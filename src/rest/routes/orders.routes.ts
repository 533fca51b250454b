import type { Request, Router } from 'express';
import type { RestDeps } from '../rest-deps.js';
import { createdOrFound, list, single } from '../respond.js';

const ORDERS = '/accounts/:accountId/locations/:locationId/orders';

const ORDER_COUNTS = '/accounts/:accountId/locations/:locationId/order-counts';

const query = (req: Request, name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : null);
const filters = (req: Request) => ({ since: query(req, 'since'), updatedSince: query(req, 'updatedSince') });
/** `status=NEW,ACCEPTED`: the statuses of a live board's tab, as GraphQL's `status: [OrderStatus!]`. */
const statuses = (req: Request) => query(req, 'status')?.split(',') ?? null;

export function orderRoutes(router: Router, { orm, services }: RestDeps): void {
  const { orders } = services;
  router.post(ORDERS, createdOrFound(orm, async (ctx, req, p) => {
    const { order, created } = await orders.place(ctx, p.accountId, p.locationId, req.body);
    return { data: order, created };
  }));
  router.get(ORDERS, list(orm, (ctx, page, req, p) => orders.findAll(ctx, p.accountId, p.locationId, { ...page, ...filters(req), status: statuses(req), newestFirst: query(req, 'newestFirst') === 'true', search: query(req, 'search'), externalId: query(req, 'externalId') })));
  router.get(`${ORDER_COUNTS}`, single(orm, (ctx, req, p) => orders.countByStatus(ctx, p.accountId, p.locationId, filters(req))));
  router.get(`${ORDERS}/:orderId`, single(orm, (ctx, _req, p) => orders.findOne(ctx, p.accountId, p.locationId, p.orderId)));
  router.patch(`${ORDERS}/:orderId`, single(orm, (ctx, req, p) => orders.updateStatus(ctx, p.accountId, p.locationId, p.orderId, req.body)));
}
