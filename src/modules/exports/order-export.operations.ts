import { declareOperations, EVERYONE, MARKETPLACES } from '../../auth/operation.js';

/**
 * Order exports (src/auth/operation.ts): the orders' reach and scope; a marketplace exports only the orders it
 * placed.
 */
const OWN = { orders: MARKETPLACES };

export const EXPORT_OPERATIONS = declareOperations('exports', {
  location: { callers: EVERYONE, scope: 'orders.read', reaches: 'location', ownRecordsOnly: OWN },
  account: { callers: EVERYONE, scope: 'orders.read', reaches: 'account', ownRecordsOnly: OWN },
});
