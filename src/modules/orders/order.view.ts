import type { Shape } from '../../shapes/shape.js';
import type { Order } from './order.entity.js';

// The one public shape of an order (docs/contract.md "Shapes existing clients send", "Order as stored and sent"): REST,
// GraphQL and the OrderWebhookEvent's newState/previousState all use it.

export type OrderView = Shape<'Order'>;

/**
 * The required fields of an Order that only `details` holds: the body the marketplace placed, checked against
 * PlaceOrder then, kept whole with each line's taxRateIds resolved.
 */
type PlacedFields = Pick<OrderView, 'fulfillmentType' | 'currency' | 'items'>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What the view is made of: an Order entity, or a row read without the ORM (order-read.ts). */
export type OrderFields = Pick<
  Order,
  | 'id'
  | 'details'
  | 'externalId'
  | 'status'
  | 'cancellationReason'
  | 'cancelledBy'
  | 'accountId'
  | 'clientId'
  | 'sourceName'
  | 'test'
  | 'createdAt'
  | 'updatedAt'
  | 'acceptedAt'
  | 'rejectedAt'
  | 'completedAt'
  | 'cancelledAt'
  | 'statusHistory'
  | 'locationSnapshot'
> & { location: { id: string } };

export function toOrderView(order: OrderFields): OrderView {
  return {
    id: order.id,
    ...(order.details as PlacedFields),
    externalId: order.externalId,
    status: order.status,
    cancellationReason: order.cancellationReason,
    cancelledBy: order.cancelledBy,
    accountId: order.accountId,
    locationId: order.location.id,
    clientId: order.clientId,
    sourceName: order.sourceName,
    test: order.test,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    acceptedAt: iso(order.acceptedAt),
    rejectedAt: iso(order.rejectedAt),
    completedAt: iso(order.completedAt),
    cancelledAt: iso(order.cancelledAt),
    statusHistory: order.statusHistory,
    location: order.locationSnapshot,
  };
}
