import { declareOperations, EVERYONE, MARKETPLACES } from '../../auth/operation.js';
import { NotAMarketplaceError } from './order.errors.js';

/** A marketplace sees only the orders it placed. */
const OWN_ORDERS = { orders: MARKETPLACES };

/**
 * Orders of a location (src/auth/operation.ts). Marketplaces place them, and a marketplace sees and changes
 * only the orders it placed; the POS and operators see all of the location's.
 */
export const ORDER_OPERATIONS = declareOperations('orders', {
  place: {
    callers: MARKETPLACES,
    scope: 'orders.write',
    reaches: 'location',
    refusal: () => new NotAMarketplaceError(),
  },
  /** Also the live orderBoard subscription. */
  list: { callers: EVERYONE, scope: 'orders.read', reaches: 'location', ownRecordsOnly: OWN_ORDERS },
  count: { callers: EVERYONE, scope: 'orders.read', reaches: 'location', ownRecordsOnly: OWN_ORDERS },
  read: { callers: EVERYONE, scope: 'orders.read', reaches: 'location', ownRecordsOnly: OWN_ORDERS },
  /** A status change or new estimated times; which transitions each kind of caller may take is the orders' rule. */
  updateStatus: { callers: EVERYONE, scope: 'orders.write', reaches: 'location', ownRecordsOnly: OWN_ORDERS },
  /** The cancellation reasons a cancel or reject may give: the same for everyone, asked before signing in too. */
  cancellationReasons: { callers: EVERYONE, scope: null, reaches: 'nothing', public: true },
});
