import type { Order, OrderLocation, StatusChange } from './order.entity.js';
import type { OrderStatus } from './order-status.js';

// The one public shape of an order (docs/contract.md "Shapes existing clients send", "Order as stored and sent"): REST,
// GraphQL and the OrderWebhookEvent's newState/previousState all use it.

export interface OrderView extends Record<string, unknown> {
  id: string;
  externalId: string;
  status: OrderStatus;
  cancellationReason: string | null;
  cancelledBy: string | null;
  accountId: string;
  locationId: string;
  clientId: string;
  sourceName: string;
  /** A test order (sandbox marketplace): never counted in a figure. */
  test: boolean;
  createdAt: string;
  updatedAt: string;
  acceptedAt: string | null;
  rejectedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  statusHistory: StatusChange[];
  location: OrderLocation;
}

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
    ...order.details,
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
