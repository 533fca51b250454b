import { declareOperations, EVERYONE } from '../../auth/operation.js';

/** Locations of an account, and their store status (src/auth/operation.ts). */
export const LOCATION_OPERATIONS = declareOperations('locations', {
  create: { callers: EVERYONE, scope: 'provisioning', reaches: 'account' },
  list: { callers: EVERYONE, scope: 'locations.read', reaches: 'account' },
  read: { callers: EVERYONE, scope: 'locations.read', reaches: 'location' },
  update: { callers: EVERYONE, scope: 'locations.write', reaches: 'location' },
});
