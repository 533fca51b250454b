import { CATALOG_OPERATIONS as CATALOG } from '../../modules/catalog/index.js';
import { CONNECTION_OPERATIONS as CONNECTIONS } from '../../modules/connections/index.js';
import { queryText } from '../query-param.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type RestRoute } from '../operation-route.js';
import { list, single } from '../respond.js';

const LOCATION = '/accounts/:accountId/locations/:locationId';

export function connectionRoutes({ services }: RestDeps): RestRoute[] {
  return [
    route.get(
      `${LOCATION}/applications`,
      CONNECTIONS.available,
      list((grant, page, req) =>
        services.connections.findAvailable(grant, {
          ...page,
          kind: queryText(req, 'kind'),
        }),
      ),
    ),
    route.post(
      `${LOCATION}/connections`,
      CONNECTIONS.connect,
      single((grant, req) => services.connections.connect(grant, req.body), 201),
    ),
    route.patch(
      `${LOCATION}/connections/:connectionId`,
      CONNECTIONS.updateCredentials,
      single((grant, req, p) => services.connections.updateCredentials(grant, p.connectionId, req.body)),
    ),
    route.get(
      `${LOCATION}/connections`,
      CONNECTIONS.list,
      list((grant, page) => services.connections.findAll(grant, page)),
    ),
    route.get(
      `${LOCATION}/connections/:connectionId`,
      CONNECTIONS.read,
      single((grant, _req, p) => services.connections.findOne(grant, p.connectionId)),
    ),
    route.post(
      `${LOCATION}/connections/:connectionId/pull`,
      CATALOG.pull,
      single((grant, _req, p) => services.catalogPull.pull(grant, p.connectionId)),
    ),
    route.delete(
      `${LOCATION}/connections/:connectionId`,
      CONNECTIONS.disconnect,
      single((grant, _req, p) => services.connections.disconnect(grant, p.connectionId)),
    ),
  ];
}
