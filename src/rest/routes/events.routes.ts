import type { Router } from 'express';
import type { RestDeps } from '../rest-deps.js';
import { queryText } from '../query-param.js';
import { contextOf } from '../../http/context.js';
import { single } from '../respond.js';

export function eventRoutes(router: Router, { orm, services }: RestDeps): void {
  router.get('/events', async (req, res) => {
    const limit = queryText(req, 'limit');
    res.json(
      await services.eventFeed.read(contextOf(orm, res), {
        after: queryText(req, 'after'),
        limit: limit === null ? undefined : Number(limit),
      }),
    );
  });
  router.post(
    '/applications/:applicationId/test-events',
    single(orm, (ctx, req, p) => services.testEvents.send(ctx, p.applicationId, req.body)),
  );
}
