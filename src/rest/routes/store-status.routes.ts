import { STORE_STATUS_OPERATIONS as STORE_STATUS } from '../../modules/store-status/index.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type RestRoute } from '../operation-route.js';
import { noContent, single } from '../respond.js';

const PATH = '/accounts/:accountId/locations/:locationId/store-status';
const BUSY = '/accounts/:accountId/locations/:locationId/busy-mode';

export function storeStatusRoutes({ services }: RestDeps): RestRoute[] {
  const { storeStatus } = services;
  return [
    route.put(
      PATH,
      STORE_STATUS.set,
      single((access, req) => storeStatus.set(access, req.body)),
    ),
    route.get(
      PATH,
      STORE_STATUS.read,
      single((access) => storeStatus.get(access)),
    ),
    route.put(
      BUSY,
      STORE_STATUS.setBusyMode,
      single((access, req) => storeStatus.setBusyMode(access, req.body)),
    ),
    route.delete(
      BUSY,
      STORE_STATUS.endBusyMode,
      noContent((access) => storeStatus.endBusyMode(access)),
    ),
  ];
}
