import type { Router } from 'express';
import type { RestDeps } from '../rest-deps.js';
import { queryText } from '../query-param.js';
import { list } from '../respond.js';

export function activityRoutes(router: Router, { orm, services }: RestDeps): void {
  router.get(
    '/activity',
    list(orm, (ctx, page, req) =>
      services.activity.findAll(ctx, {
        ...page,
        accountId: queryText(req, 'accountId'),
        locationId: queryText(req, 'locationId'),
        action: queryText(req, 'action'),
        actorId: queryText(req, 'actorId'),
        from: queryText(req, 'from'),
        to: queryText(req, 'to'),
      }),
    ),
  );
}
