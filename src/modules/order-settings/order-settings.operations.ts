import { declareOperations, EVERYONE } from '../../auth/operation.js';

/**
 * A location's order settings (src/auth/operation.ts): read with the location, changed as an edit of it. A POS
 * reads them to know how long it has to accept an order.
 */
export const ORDER_SETTINGS_OPERATIONS = declareOperations('orderSettings', {
  read: { callers: EVERYONE, scope: 'locations.read', reaches: 'location' },
  set: { callers: EVERYONE, scope: 'locations.write', reaches: 'location' },
});
