import type { Router } from 'express';
import { queryText } from '../query-param.js';
import type { RestDeps } from '../rest-deps.js';
import { list, single } from '../respond.js';

const LOCATION = '/accounts/:accountId/locations/:locationId';

export function connectionRoutes(router: Router, { orm, services }: RestDeps): void {
  router.get(
    `${LOCATION}/applications`,
    list(orm, (ctx, page, req, p) =>
      services.connections.findAvailable(ctx, p.accountId, p.locationId, {
        ...page,
        kind: queryText(req, 'kind'),
      }),
    ),
  );
  router.post(
    `${LOCATION}/connections`,
    single(orm, (ctx, req, p) => services.connections.connect(ctx, p.accountId, p.locationId, req.body), 201),
  );
  router.patch(
    `${LOCATION}/connections/:connectionId`,
    single(orm, (ctx, req, p) =>
      services.connections.updateCredentials(ctx, p.accountId, p.locationId, p.connectionId, req.body),
    ),
  );
  router.get(
    `${LOCATION}/connections`,
    list(orm, (ctx, page, _req, p) => services.connections.findAll(ctx, p.accountId, p.locationId, page)),
  );
  router.get(
    `${LOCATION}/connections/:connectionId`,
    single(orm, (ctx, _req, p) => services.connections.findOne(ctx, p.accountId, p.locationId, p.connectionId)),
  );
  router.post(
    `${LOCATION}/connections/:connectionId/pull`,
    single(orm, (ctx, _req, p) => services.catalogPull.pull(ctx, p.accountId, p.locationId, p.connectionId)),
  );
  router.delete(
    `${LOCATION}/connections/:connectionId`,
    single(orm, (ctx, _req, p) => services.connections.disconnect(ctx, p.accountId, p.locationId, p.connectionId)),
  );
}
