import { ForeignKeyConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '../../common/errors.js';
import { NaturalBatch } from '../../db/natural-batch.js';
import { preparedRows } from '../../db/raw-sql.js';
import {
  openingDeliveryRows,
  openingEventsCtes,
  type EnqueueDeliveryInput,
  type OpeningDeliveryRow,
} from '../../delivery-engine/outbox.js';
import { encodeSignal } from '../../live/live-signal.js';
import { notifyExpression } from '../../live/notify.js';
import type { Order } from './order.entity.js';
import type { OrderFields } from './order.view.js';

// Writing a placed order: the order row, its ORDER_CREATED outbox rows and its live signal (src/live), in one
// statement, atomic without an explicit transaction. Placements that arrive while the previous statement is in
// flight are written together by the next one (src/db/natural-batch.ts): under load a placement then shares
// its round trip and its commit instead of paying for both alone (`npm run bench:orders` measures it). Each order still
// commits before its caller hears of it, and a placement that the statement cannot take (a constraint it
// breaks) is written again alone, so it fails alone.

/** A new order as placed: what the view shows and the insert writes (no entity: nothing else reads it). */
export type NewOrder = OrderFields & Pick<Order, 'applicationId' | 'connectionId'>;

/** One placement as the statement takes it: the order's columns with its live signal, and its events' rows. */
interface PlacementRow {
  order: { id: string; [column: string]: unknown };
  events: OpeningDeliveryRow[];
}

/**
 * INSERT … ON CONFLICT DO NOTHING on (application_id, external_id) for every order of the batch, and the
 * ORDER_CREATED outbox rows and the live signal only for the orders that were inserted. Answers the ids
 * inserted: an order missing from them was placed before, or by a concurrent request whose statement has
 * committed by now (the insert waits for it), and the caller reads that one. Plain SQL: the order is written
 * exactly once and never through the identity map. One text, built once (see openingEventsCtes).
 */
const PLACE_ORDERS_SQL = `WITH input AS (
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
     ), ${openingEventsCtes('placed')}
     SELECT id, ${notifyExpression('input.signal')} FROM placed JOIN input USING (id)`;

/** Every placement of the batch, in one statement: for each, whether its order was inserted. */
async function insertOrders(em: EntityManager, placements: readonly PlacementRow[]): Promise<boolean[]> {
  const rows = await preparedRows<{ id: string }>(em, PLACE_ORDERS_SQL, [
    JSON.stringify(placements.map((p) => p.order)),
    JSON.stringify(placements.flatMap((p) => p.events)),
  ]);
  const inserted = new Set(rows.map((r) => r.id));
  return placements.map((p) => inserted.has(p.order.id));
}

/** One batch per pool (the EntityManager every request's ctx.db is). */
const batches = new WeakMap<EntityManager, NaturalBatch<PlacementRow, boolean>>();

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
  let batch = batches.get(em);
  if (!batch)
    batches.set(
      em,
      (batch = new NaturalBatch((placements) => insertOrders(em, placements), { isolateFailures: true })),
    );
  const signal = encodeSignal({
    topic: 'order',
    accountId: order.accountId,
    locationId: order.location.id,
    orderId: order.id,
    status: 'NEW',
    change: 'CREATED',
  });
  const placed = batch.add({
    order: {
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
    // Built here, in the request's scope: each event names the request that caused it.
    events: openingDeliveryRows(order.id, events),
  });
  return placed.catch((error: unknown) => {
    throw locationGone(error) ? new NotFoundError('Location') : error;
  });
}
