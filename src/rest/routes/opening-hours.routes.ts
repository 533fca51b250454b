import { AVAILABILITY_OPERATIONS as AVAILABILITY } from '../../modules/availability/index.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type RestRoute } from '../operation-route.js';
import { single } from '../respond.js';

const PATH = '/accounts/:accountId/locations/:locationId/opening-hours';

export function openingHoursRoutes({ services }: RestDeps): RestRoute[] {
  const { openingHours } = services;
  return [
    route.get(
      PATH,
      AVAILABILITY.readOpeningHours,
      single((access) => openingHours.get(access)),
    ),
    route.put(
      PATH,
      AVAILABILITY.setOpeningHours,
      single((access, req) => openingHours.set(access, req.body)),
    ),
  ];
}
