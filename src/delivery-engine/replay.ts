import type { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryStatus } from './delivery.entity.js';
import { NOTIFY_DUE_SQL } from './queue.js';
import { sqlRows } from '../db/raw-sql.js';

/** Only these can be replayed; a delivery on its way already is not. */
export const REPLAYABLE_STATUSES: readonly DeliveryStatus[] = ['FAILED', 'DELIVERED'];

/**
 * Sends a FAILED (or DELIVERED) delivery again now, with the same webhook-id and a fresh retry schedule, in
 * the caller's transaction; a PENDING one that waits for its next retry after a failed attempt is sent now
 * instead of at that time (the UI's "Retry now"). A replay is an operator's decision: it does not wait for
 * other deliveries of its ordering chain, but a delivery still held behind its chain, or not attempted yet,
 * is left alone. False when nothing changed.
 */
export async function replay(em: EntityManager, deliveryId: string): Promise<boolean> {
  // Due at once (next_attempt_at null); the NOTIFY wakes a worker of any process at commit. A replayed
  // delivery of a chain may be overtaken by nothing: later ones of its chain that wait meanwhile (a delivery
  // finishing now sees it on its way and releases none) are released when it finishes, which the mark asks for.
  const [row] = await sqlRows<{ id: string }>(
    em,
    `update deliveries
        set status = 'PENDING', held = false, round_attempts = 0, next_attempt_at = null, last_error = null, updated_at = now(),
            successor_waiting = ordering_key is not null
      where id = ? and (status in (${REPLAYABLE_STATUSES.map(() => '?').join(', ')}) or (status = 'PENDING' and not held and attempt_count > 0))
    returning id`,
    [deliveryId, ...REPLAYABLE_STATUSES],
  );
  if (!row) return false;
  await sqlRows(em, NOTIFY_DUE_SQL);
  return true;
}

/** A replayed delivery: what a caller logs and tells live screens about. */
export interface ReplayedDelivery {
  id: string;
  account_id: string | null;
  location_id: string | null;
  application_id: string;
  event_type: string;
}

/**
 * "Retry all failed": every delivery of a location (addressed to `applicationId` only, when given) that is
 * FAILED, or PENDING waiting for its next retry after a failed attempt, sent again with the same webhook-id
 * and a fresh retry schedule, in the caller's transaction.
 *
 * Unlike one replay, many of them may belong to one ordering chain (an order's ORDER_CREATED and the status
 * changes after it, all failed while the POS was down); sent at once they could arrive out of order. So the
 * earliest of each chain is due at once and the others of the chain wait behind it (held, released one after
 * the other as each finishes, as the outbox chains them). A chain with a delivery of its own on its way
 * (neither failing nor held) is left alone: the chain's order cannot be kept from here, and Retry now is there
 * for one delivery of it.
 */
export async function replayFailing(
  em: EntityManager,
  locationId: string,
  applicationId: string | null,
): Promise<ReplayedDelivery[]> {
  const rows = await sqlRows<ReplayedDelivery>(
    em,
    `with failing as (
       select id, ordering_key, url, chain_position, created_at from deliveries
        where location_id = ? and (?::uuid is null or application_id = ?::uuid)
          and (status = 'FAILED' or (status = 'PENDING' and not held and attempt_count > 0))
     ), busy as (
       select distinct d.ordering_key, d.url from deliveries d join failing f on d.ordering_key = f.ordering_key and d.url = f.url
        where d.status in ('PENDING', 'DELIVERING') and not d.held and d.id not in (select id from failing)
     ), ranked as (
       select f.id, f.ordering_key is not null
                    and row_number() over (partition by f.ordering_key, f.url order by f.chain_position, f.created_at, f.id) > 1 as behind
         from failing f
        where not exists (select 1 from busy b where b.ordering_key = f.ordering_key and b.url = f.url)
     )
     update deliveries d
        set status = 'PENDING', held = r.behind, round_attempts = 0, next_attempt_at = null, last_error = null, updated_at = now(),
            successor_waiting = d.ordering_key is not null
       from ranked r
      where d.id = r.id and (d.status = 'FAILED' or (d.status = 'PENDING' and not d.held and d.attempt_count > 0))
    returning d.id, d.account_id, d.location_id, d.application_id, d.event_type`,
    [locationId, applicationId, applicationId],
  );
  if (rows.length > 0) await sqlRows(em, NOTIFY_DUE_SQL);
  return rows;
}
