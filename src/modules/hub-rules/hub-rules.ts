import { MAX_LIMIT } from '../../common/pagination.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../delivery-engine/delivery.entity.js';
import { DELIVERY_EVENT_TYPES, type DeliveryEventType } from '../../delivery-engine/outbox.js';
import { PERCENT_SCALE } from '../locations/index.js';
import { STATUSES_IN_LIFE_ORDER, STATUSES_WITH_REASON, type OrderStatus } from '../orders/index.js';

// The hub's rules a client needs in order to offer only what the server accepts and to show what it stores: read
// from the modules that enforce them, so a client (the web UI) never keeps a copy that could drift.

interface HubRules {
  /** Every order status, in the order an order goes through them. */
  orderStatuses: readonly OrderStatus[];
  /** The statuses a change to may give a cancellationReason. */
  statusesWithReason: readonly OrderStatus[];
  deliveryStatuses: readonly DeliveryStatus[];
  /** Every event type the hub sends partners. */
  eventTypes: readonly DeliveryEventType[];
  /** A PERCENTAGE tax rate is stored as percent × this. */
  taxRatePercentScale: number;
  /** The largest `limit` a list accepts. */
  maxPageLimit: number;
}

export const HUB_RULES: Readonly<HubRules> = Object.freeze({
  orderStatuses: STATUSES_IN_LIFE_ORDER,
  statusesWithReason: STATUSES_WITH_REASON,
  deliveryStatuses: DELIVERY_STATUSES,
  eventTypes: DELIVERY_EVENT_TYPES,
  taxRatePercentScale: PERCENT_SCALE,
  maxPageLimit: MAX_LIMIT,
});
