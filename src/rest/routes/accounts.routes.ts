import type { Router } from 'express';
import type { RestDeps } from '../rest-deps.js';
import { queryText } from '../query-param.js';
import { list, single } from '../respond.js';

export function accountRoutes(router: Router, { orm, services }: RestDeps): void {
  router.post(
    '/accounts',
    single(orm, (ctx, req) => services.accounts.create(ctx, req.body), 201),
  );
  router.get(
    '/accounts',
    list(orm, (ctx, page, req) => services.accounts.findAll(ctx, { ...page, search: queryText(req, 'search') })),
  );
  router.get(
    '/accounts/:accountId',
    single(orm, (ctx, _req, p) => services.accounts.findOne(ctx, p.accountId)),
  );
  router.patch(
    '/accounts/:accountId',
    single(orm, (ctx, req, p) => services.accounts.rename(ctx, p.accountId, req.body)),
  );
}
