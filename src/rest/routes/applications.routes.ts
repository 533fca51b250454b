import type { Router } from 'express';
import { queryText } from '../query-param.js';
import type { RestDeps } from '../rest-deps.js';
import { list, single } from '../respond.js';

export function applicationRoutes(router: Router, { orm, services }: RestDeps): void {
  router.post(
    '/applications',
    single(orm, (ctx, req) => services.applications.create(ctx, req.body), 201),
  );
  router.get(
    '/applications',
    list(orm, (ctx, page, req) => services.applications.findAll(ctx, { ...page, kind: queryText(req, 'kind') })),
  );
  router.get(
    '/applications/:applicationId',
    single(orm, (ctx, _req, p) => services.applications.findOne(ctx, p.applicationId)),
  );
  router.patch(
    '/applications/:applicationId',
    single(orm, (ctx, req, p) => services.applications.update(ctx, p.applicationId, req.body)),
  );
  router.post(
    '/applications/:applicationId/secret',
    single(orm, (ctx, _req, p) => services.applications.rotateSecrets(ctx, p.applicationId)),
  );
}
