import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlChanged } from './raw-sql.js';

/**
 * Deletes the rows of `table` that match `where` (with `?` bindings), `batch` rows per statement until none
 * is left: each statement is its own short transaction, so no lock is held for long and no statement
 * grows with the backlog. Returns how many rows went. The statements run on a fork of `em`, which has no
 * transaction (sqlChanged would join one, and then nothing would commit until it ends).
 */
export async function deleteInBatches(em: EntityManager, table: string, where: string, bindings: unknown[], batch: number): Promise<number> {
  const outside = em.fork() as EntityManager;
  let total = 0;
  for (;;) {
    const deleted = await sqlChanged(outside, `delete from ${table} where ctid in (select ctid from ${table} where ${where} limit ?)`, [...bindings, batch]);
    total += deleted;
    if (deleted < batch) return total;
  }
}
