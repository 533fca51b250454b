import type { MikroORM } from '@mikro-orm/postgresql';
import { deleteInBatches } from '../db/batch-delete.js';

/** The rows past retention (`?`: the cutoff); the partial index deliveries_delivered_at serves it. */
export const DELIVERED_BEFORE = `status = 'DELIVERED' and delivered_at < ?`;

/**
 * Deletes deliveries DELIVERED more than `retentionDays` before `now`, with their attempts (the foreign key
 * cascades), in batches. FAILED deliveries stay: they may still be replayed.
 */
export function deleteDeliveredBefore(orm: MikroORM, now: Date, retentionDays: number, batch: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3600 * 1000);
  return deleteInBatches(orm.em, 'deliveries', DELIVERED_BEFORE, [cutoff], batch);
}
