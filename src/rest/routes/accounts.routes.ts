import { ACCOUNT_OPERATIONS as ACCOUNTS } from '../../modules/accounts/index.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type RestRoute } from '../operation-route.js';
import { queryText } from '../query-param.js';
import { list, single } from '../respond.js';

export function accountRoutes({ services }: RestDeps): RestRoute[] {
  const { accounts } = services;
  return [
    route.post(
      '/accounts',
      ACCOUNTS.create,
      single((grant, req) => accounts.create(grant, req.body), 201),
    ),
    route.get(
      '/accounts',
      ACCOUNTS.list,
      list((grant, page, req) => accounts.findAll(grant, { ...page, search: queryText(req, 'search') })),
    ),
    route.get(
      '/accounts/:accountId',
      ACCOUNTS.read,
      single((access) => accounts.findOne(access)),
    ),
    route.patch(
      '/accounts/:accountId',
      ACCOUNTS.rename,
      single((access, req) => accounts.rename(access, req.body)),
    ),
  ];
}
