import { declareOperations, EVERYONE, MARKETPLACES, PARTNERS } from '../../auth/operation.js';

/**
 * Order reports (src/auth/operation.ts): the orders' reach and scope; a marketplace counts only the orders it
 * placed, and a partner application only the deliveries addressed to it.
 */
const OWN = { orders: MARKETPLACES, deliveries: PARTNERS };

export const REPORT_OPERATIONS = declareOperations('reports', {
  location: { callers: EVERYONE, scope: 'orders.read', reaches: 'location', ownRecordsOnly: OWN },
  account: { callers: EVERYONE, scope: 'orders.read', reaches: 'account', ownRecordsOnly: OWN },
});
