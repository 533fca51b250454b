import type { Request, Router } from 'express';
import type { RestDeps } from '../rest-deps.js';
import { createdOrFound, list, single } from '../respond.js';

const ORDERS = '/accounts/:accountId/locations/:locationId/orders';

const query = (req: Request, name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : null);

export function orderRoutes(router: Router, { orm, services }: RestDeps): void {
  const { orders } = services;
  router.post(ORDERS, createdOrFound(orm, async (ctx, req, p) => {
    const { order, created } = await orders.place(ctx, p.accountId, p.locationId, req.body);
    return { data: order, created };
  }));
  router.get(ORDERS, list(orm, (ctx, page, req, p) => orders.findAll(ctx, p.accountId, p.locationId, { ...page, status: query(req, 'status'), since: query(req, 'since'), updatedSince: query(req, 'updatedSince') })));
  router.get(`${ORDERS}/:orderId`, single(orm, (ctx, _req, p) => orders.findOne(ctx, p.accountId, p.locationId, p.orderId)));
  router.patch(`${ORDERS}/:orderId`, single(orm, (ctx, req, p) => orders.updateStatus(ctx, p.accountId, p.locationId, p.orderId, req.body)));
}
