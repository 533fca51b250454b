import { LOCATION_OPERATIONS as LOCATIONS } from '../../modules/locations/index.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type RestRoute } from '../operation-route.js';
import { list, single } from '../respond.js';

const ALL = '/accounts/:accountId/locations';
const ONE = `${ALL}/:locationId`;

export function locationRoutes({ services }: RestDeps): RestRoute[] {
  const { locations } = services;
  return [
    route.post(
      ALL,
      LOCATIONS.create,
      single((access, req) => locations.create(access, req.body), 201),
    ),
    route.get(
      ALL,
      LOCATIONS.list,
      list((access, page) => locations.findAll(access, page)),
    ),
    route.get(
      ONE,
      LOCATIONS.read,
      single((access) => locations.findOne(access)),
    ),
    route.patch(
      ONE,
      LOCATIONS.update,
      single((access, req) => locations.update(access, req.body)),
    ),
  ];
}
