import { ForeignKeyConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '../../common/errors.js';
import { ChangeWithEvents } from '../../delivery-engine/change-with-events.js';
import type { EnqueueDeliveryInput } from '../../delivery-engine/outbox.js';
import { encodeSignal } from '../../live/live-signal.js';
import { notifyExpression } from '../../live/notify.js';
import { acceptanceDeadlineJob } from './acceptance-deadline-job.js';
import type { Order } from './order.entity.js';
import type { OrderFields } from './order.view.js';

// Writing a placed order: the order row, its ORDER_CREATED events and its live signal (src/live), in one
// statement, atomic without an explicit transaction. The delivery engine writes the events into that statement
// and batches the placements that arrive while the previous statement is in flight (ChangeWithEvents). Each
// order still commits before its caller hears of it, and a placement that the statement cannot take (a
// constraint it breaks) is written again alone, so it fails alone. An order placed at a location with an
// acceptance deadline comes with its deadline's job (acceptance-deadline-job.ts), which the scheduler adds in
// the same statement: no order without its job, whatever happens to the process after the commit.

/** A new order as placed: what the view shows and the insert writes (no entity: nothing else reads it). */
export type NewOrder = OrderFields & Pick<Order, 'applicationId' | 'connectionId'>;

/**
 * INSERT … ON CONFLICT DO NOTHING on (application_id, external_id) for every order of the batch, and the
 * live signal only for the orders that were inserted (`changed`, whose rows also get their events). An order
 * missing from them was placed before, or by a concurrent request whose statement has committed by now (the
 * insert waits for it), and the caller reads that one. Plain SQL: the order is written exactly once and never
 * through the identity map.
 */
const placeOrders = new ChangeWithEvents(`WITH input AS (
       SELECT * FROM json_to_recordset(?::json) AS o(id uuid, created_at timestamptz, updated_at timestamptz, location_id uuid,
              account_id uuid, application_id uuid, connection_id uuid, client_id text, source_name text, external_id text, test boolean,
              status_history jsonb, details jsonb, location_snapshot jsonb, signal text)
     ), placed AS (
       INSERT INTO orders (id, created_at, updated_at, location_id, account_id, application_id, connection_id, client_id, source_name,
                           external_id, test, status, status_history, details, location_snapshot)
       SELECT id, created_at, updated_at, location_id, account_id, application_id, connection_id, client_id, source_name,
              external_id, test, 'NEW', status_history, details, location_snapshot
         FROM input
       ON CONFLICT (application_id, external_id) DO NOTHING
       RETURNING id
     ), changed AS (
       SELECT id, ${notifyExpression('input.signal')}
         FROM placed JOIN input USING (id)
     )`);

/** The order's location was deleted after the placement read it (orders' only foreign key). */
function locationGone(error: unknown): boolean {
  return (
    error instanceof ForeignKeyConstraintViolationException || (error as { code?: unknown } | null)?.code === '23503'
  );
}

/**
 * Writes the order with its events: false when another placement of the same (marketplace, externalId) holds
 * the unique index. Runs outside any transaction (on the pool). A location deleted since the placement read it
 * is out of reach (404), as if the read had missed it.
 */
export function insertOrder(
  em: EntityManager,
  order: NewOrder,
  events: readonly EnqueueDeliveryInput[],
): Promise<boolean> {
  const signal = encodeSignal({
    topic: 'order',
    accountId: order.accountId,
    locationId: order.location.id,
    orderId: order.id,
    status: 'NEW',
    change: 'CREATED',
  });
  // Set by the placement when the location has a deadline (order.service.ts).
  const { acceptBy } = order.details;
  const placed = placeOrders.write(
    em,
    {
      id: order.id,
      created_at: order.createdAt,
      updated_at: order.updatedAt,
      location_id: order.location.id,
      account_id: order.accountId,
      application_id: order.applicationId,
      connection_id: order.connectionId,
      client_id: order.clientId,
      source_name: order.sourceName,
      external_id: order.externalId,
      test: order.test,
      status_history: order.statusHistory,
      details: order.details,
      location_snapshot: order.locationSnapshot,
      signal,
    },
    events,
    typeof acceptBy === 'string' ? [acceptanceDeadlineJob(order.id, acceptBy)] : [],
  );
  return placed.catch((error: unknown) => {
    throw locationGone(error) ? new NotFoundError('Location') : error;
  });
}
