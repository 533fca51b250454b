import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../common/request-context.js';
import { enqueueDelivery } from '../../delivery-engine/outbox.js';
import { notifyLive } from '../../live/notify.js';
import { recordActivity, type SYSTEM } from '../activity/index.js';
import { activeConnections } from '../connections/index.js';
import { orderEvents } from './order-events.js';
import { STAMP_OF, STATUSES_WITH_REASON, type OrderReason, type OrderStatus } from './order-status.js';
import type { Order, StatusChange } from './order.entity.js';
import { toOrderView, type OrderView } from './order.view.js';

// What follows every change of an order, whoever makes it (a PATCH, or the hub at an acceptance deadline): the
// activity log's entry, ORDER_STATUS_CHANGED or ORDER_UPDATED to the parties, and the live signal, all in the
// change's transaction.

/** Moves the order to `status`, stamping its time and keeping the change in statusHistory. */
export function applyStatus(
  order: Order,
  status: OrderStatus,
  actor: Pick<StatusChange, 'by' | 'byId'>,
  reason: OrderReason | null,
  now: Date,
): void {
  order.status = status;
  const stamp = STAMP_OF[status];
  if (stamp) order[stamp] = now;
  if (status === 'CANCELLED' && actor.by !== 'HUB') order.cancelledBy = actor.by;
  if (STATUSES_WITH_REASON.includes(status)) order.cancellationReason = reason;
  const change: StatusChange = { status, at: now.toISOString(), ...actor, ...(reason ? { reason } : {}) };
  order.statusHistory = [...order.statusHistory, change];
}

export interface OrderChange {
  /** The order as changed (locked in the caller's transaction). */
  order: Order;
  /** The order as it was before. */
  previous: OrderView;
  /** true: its status changed (ORDER_STATUS_CHANGED); false: only its times (ORDER_UPDATED). */
  statusChanged: boolean;
  reason: OrderReason | null;
  /** The application that made the change: it is not told of it. Null: both sides are (an operator, the hub). */
  changedBy: string | null;
}

/**
 * Records the change, flushes it, and tells every party to the order (the POS applications and the marketplace
 * that placed it) but the one that made it. Answers the order as it is now.
 */
export async function announceOrderChange(
  em: EntityManager,
  actor: RequestContext | typeof SYSTEM,
  { order, previous, statusChanged, reason, changedBy }: OrderChange,
): Promise<OrderView> {
  const locationId = order.location.id;
  recordActivity(em, actor, {
    action: statusChanged ? 'order.statusChanged' : 'order.timesChanged',
    accountId: order.accountId,
    locationId,
    subject: { type: 'order', id: order.id, name: orderLabel(order) },
    changes: orderChanges(previous, order, reason),
  });
  await em.flush();
  const view = toOrderView(order);
  const parties = await activeConnections(em, locationId);
  const receivers = parties.filter(
    (p) => (p.kind === 'POS' || p.applicationId === order.applicationId) && p.applicationId !== changedBy,
  );
  for (const event of orderEvents(statusChanged ? 'ORDER_STATUS_CHANGED' : 'ORDER_UPDATED', receivers, view, previous))
    await enqueueDelivery(em, event);
  await notifyLive(em, {
    topic: 'order',
    accountId: order.accountId,
    locationId,
    orderId: order.id,
    status: order.status,
    change: statusChanged ? 'STATUS_CHANGED' : 'UPDATED',
  });
  return view;
}

/** What a person calls the order: the number the customer was given, else the marketplace's reference. */
export function orderLabel(order: Pick<Order, 'details' | 'externalId'>): string {
  const number = (order.details as { orderNumber?: unknown }).orderNumber;
  return typeof number === 'string' && number ? number : order.externalId;
}

function orderChanges(previous: OrderView, order: Order, reason: OrderReason | null): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  if (previous.status !== order.status) changes.status = { from: previous.status, to: order.status };
  if (reason) changes.reason = reason;
  for (const key of ['estimatedPickupTime', 'estimatedDeliveryTime'] as const) {
    const from = (previous as unknown as Record<string, unknown>)[key] ?? null;
    const to = (order.details as Record<string, unknown>)[key] ?? null;
    if (from !== to) changes[key] = { from, to };
  }
  return changes;
}
