import { LockMode } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Task } from 'graphile-worker';
import type { ScheduledJob } from '../../scheduler/schedule.js';
import { enqueueDelivery } from '../../delivery-engine/outbox.js';
import { notifyLive } from '../../live/notify.js';
import { recordActivity, SYSTEM } from '../activity/index.js';
import { activeConnections } from '../connections/index.js';
import { Location } from '../locations/index.js';
import { announceOrderChange, applyStatus, orderLabel } from './order-change.js';
import { orderOverdueEvents } from './order-overdue-events.js';
import { NOT_ACCEPTED_IN_TIME } from './order-status.js';
import { Order } from './order.entity.js';
import { toOrderView } from './order.view.js';

// An order's acceptance deadline (docs/acceptance-deadline.md). An order placed at a location with a deadline
// carries `acceptBy` and gets one job due then, which the scheduler adds in the placement's own statement
// (order-insert.ts), like the other timed work of the hub (src/scheduler/schedule.ts): a row in the
// database, not a timer in a process, so it survives restarts and one process runs it. The job locks the order;
// an order that is no longer NEW moved on in time and is left alone; one already marked overdue was handled by
// an earlier run (a run repeated after a crash between its commit and the job's completion), so each order is
// told overdue at most once. Otherwise, in one transaction: the order is marked `overdueAt`, its POS and
// marketplace are sent ORDER_OVERDUE, and the hub does what the location's afterDeadline says now (a REJECT or
// an ACCEPT goes the way of every status change: ORDER_STATUS_CHANGED to both sides, the activity log).

export const ACCEPTANCE_DEADLINE_TASK = 'order-acceptance-deadline';

/** The order's deadline job: one per order (its key), due at its `acceptBy`. */
export function acceptanceDeadlineJob(orderId: string, acceptBy: string): ScheduledJob {
  return {
    task: ACCEPTANCE_DEADLINE_TASK,
    payload: { orderId },
    runAt: new Date(acceptBy),
    key: `${ACCEPTANCE_DEADLINE_TASK}:${orderId}`,
  };
}

/** RFC 3339: when an order that arrived at `createdAt` is overdue, `deadlineMs` later. */
export function acceptByFor(createdAt: Date, deadlineMs: number): string {
  return new Date(createdAt.getTime() + deadlineMs).toISOString();
}

export function acceptanceDeadlineTask(orm: MikroORM): Task {
  return async (payload) => {
    const { orderId } = payload as { orderId: string };
    await orm.em.fork().transactional(async (em) => {
      const order = await em.findOne(Order, { id: orderId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!order || order.status !== 'NEW' || order.details.overdueAt != null) return;
      const location = await em.findOne(Location, { id: order.location.id });
      // The location dropped its deadline since the order was placed: nothing is overdue any more.
      if (!location || location.acceptanceDeadlineMinutes === null) return;
      const { afterDeadline } = location;
      const now = new Date();
      order.details = { ...order.details, overdueAt: now.toISOString() };
      order.updatedAt = now;
      recordActivity(em, SYSTEM, {
        action: 'order.overdue',
        accountId: order.accountId,
        locationId: location.id,
        subject: { type: 'order', id: order.id, name: orderLabel(order) },
        changes: { acceptBy: order.details.acceptBy, afterDeadline },
      });
      await em.flush();
      const overdue = toOrderView(order);
      const parties = await activeConnections(em, location.id);
      const receivers = parties.filter((p) => p.kind === 'POS' || p.applicationId === order.applicationId);
      for (const event of orderOverdueEvents(receivers, overdue, afterDeadline)) await enqueueDelivery(em, event);
      if (afterDeadline === 'NOTHING') {
        await notifyLive(em, {
          topic: 'order',
          accountId: order.accountId,
          locationId: location.id,
          orderId: order.id,
          status: order.status,
          change: 'UPDATED',
        });
        return;
      }
      const reason = afterDeadline === 'REJECT' ? NOT_ACCEPTED_IN_TIME : null;
      applyStatus(order, afterDeadline === 'REJECT' ? 'REJECTED' : 'ACCEPTED', { by: 'HUB' }, reason, now);
      await announceOrderChange(em, SYSTEM, { order, previous: overdue, statusChanged: true, reason, changedBy: null });
    });
  };
}
