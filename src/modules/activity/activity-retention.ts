import type { MikroORM } from '@mikro-orm/postgresql';
import { deleteInBatches } from '../../db/batch-delete.js';

/** Deletes activity entries older than `retentionDays` before `now`, in batches (the created_at index finds them). */
export function deleteActivityBefore(orm: MikroORM, now: Date, retentionDays: number, batch: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3600 * 1000);
  return deleteInBatches(orm.em, 'activity', 'created_at < ?', [cutoff], batch);
}
