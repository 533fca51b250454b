import { USER_OPERATIONS as USERS } from '../../modules/users/index.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type RestRoute } from '../operation-route.js';
import { list, single } from '../respond.js';

export function userRoutes({ services }: RestDeps): RestRoute[] {
  return [
    route.post(
      '/users',
      USERS.create,
      single((grant, req) => services.users.create(grant, req.body), 201),
    ),
    route.get(
      '/users',
      USERS.list,
      list((grant, page) => services.users.findAll(grant, page)),
    ),
    route.patch(
      '/users/:userId',
      USERS.update,
      single((grant, req) => services.users.update(grant, req.body)),
    ),
    route.post(
      '/users/:userId/deactivate',
      USERS.deactivate,
      single((grant) => services.users.deactivate(grant)),
    ),
    route.post(
      '/users/:userId/reactivate',
      USERS.reactivate,
      single((grant) => services.users.reactivate(grant)),
    ),
  ];
}
