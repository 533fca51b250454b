import type { Router } from 'express';
import type { RestDeps } from '../rest-deps.js';
import { list, single } from '../respond.js';

export function userRoutes(router: Router, { orm, services }: RestDeps): void {
  router.post(
    '/users',
    single(orm, (ctx, req) => services.users.create(ctx, req.body), 201),
  );
  router.get(
    '/users',
    list(orm, (ctx, page) => services.users.findAll(ctx, page)),
  );
  router.patch(
    '/users/:userId',
    single(orm, (ctx, req, p) => services.users.update(ctx, p.userId, req.body)),
  );
  router.post(
    '/users/:userId/deactivate',
    single(orm, (ctx, _req, p) => services.users.deactivate(ctx, p.userId)),
  );
  router.post(
    '/users/:userId/reactivate',
    single(orm, (ctx, _req, p) => services.users.reactivate(ctx, p.userId)),
  );
}
