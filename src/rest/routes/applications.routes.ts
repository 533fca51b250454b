import { APPLICATION_OPERATIONS as APPLICATIONS } from '../../modules/applications/index.js';
import { queryText } from '../query-param.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type RestRoute } from '../operation-route.js';
import { list, single } from '../respond.js';

export function applicationRoutes({ services }: RestDeps): RestRoute[] {
  return [
    route.post(
      '/applications',
      APPLICATIONS.create,
      single((grant, req) => services.applications.create(grant, req.body), 201),
    ),
    route.get(
      '/applications',
      APPLICATIONS.list,
      list((grant, page, req) => services.applications.findAll(grant, { ...page, kind: queryText(req, 'kind') })),
    ),
    route.get(
      '/applications/:applicationId',
      APPLICATIONS.read,
      single((grant) => services.applications.findOne(grant)),
    ),
    route.patch(
      '/applications/:applicationId',
      APPLICATIONS.update,
      single((grant, req) => services.applications.update(grant, req.body)),
    ),
    route.post(
      '/applications/:applicationId/secret',
      APPLICATIONS.rotateSecret,
      single((grant) => services.applications.rotateSecrets(grant)),
    ),
  ];
}
