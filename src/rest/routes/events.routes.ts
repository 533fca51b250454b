import { EVENT_OPERATIONS as EVENTS } from '../../modules/events/index.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type RestRoute } from '../operation-route.js';
import { queryText } from '../query-param.js';
import { single } from '../respond.js';

export function eventRoutes({ services }: RestDeps): RestRoute[] {
  return [
    route.get('/events', EVENTS.feed, async (grant, req, res) => {
      const limit = queryText(req, 'limit');
      res.json(
        await services.eventFeed.read(grant, {
          after: queryText(req, 'after'),
          limit: limit === null ? undefined : Number(limit),
        }),
      );
    }),
    route.post(
      '/applications/:applicationId/test-events',
      EVENTS.sendTest,
      single((access, req) => services.testEvents.send(access, req.body)),
    ),
  ];
}
