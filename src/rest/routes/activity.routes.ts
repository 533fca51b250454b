import { ACTIVITY_OPERATIONS as ACTIVITY } from '../../modules/activity/index.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type RestRoute } from '../operation-route.js';
import { queryText } from '../query-param.js';
import { list } from '../respond.js';

export function activityRoutes({ services }: RestDeps): RestRoute[] {
  return [
    route.get(
      '/activity',
      ACTIVITY.list,
      list((grant, page, req) =>
        services.activity.findAll(grant, {
          ...page,
          accountId: queryText(req, 'accountId'),
          locationId: queryText(req, 'locationId'),
          action: queryText(req, 'action'),
          actorId: queryText(req, 'actorId'),
          from: queryText(req, 'from'),
          to: queryText(req, 'to'),
        }),
      ),
    ),
  ];
}
