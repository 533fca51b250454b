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
