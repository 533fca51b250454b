import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlChanged } from './raw-sql.js';

/**
 * Runs `deleteBatch` (one statement that deletes at most `batch` rows and answers how many went) until a
 * statement deletes fewer than `batch`: each statement is its own short transaction, so no lock is held for
 * long and no statement grows with the backlog. Returns how many rows went. The statements run on a fork of
 * `em`, which has no transaction (sqlChanged would join one, and then nothing would commit until it ends).
 */
export async function repeatInBatches(
  em: EntityManager,
  batch: number,
  deleteBatch: (outside: EntityManager) => Promise<number>,
): Promise<number> {
  const outside = em.fork() as EntityManager;
  let total = 0;
  for (;;) {
    const deleted = await deleteBatch(outside);
    total += deleted;
    if (deleted < batch) return total;
  }
}

/** Deletes the rows of `table` that match `where` (with `?` bindings), `batch` rows per statement (repeatInBatches). */
export function deleteInBatches(
  em: EntityManager,
  table: string,
  where: string,
  bindings: unknown[],
  batch: number,
): Promise<number> {
  return repeatInBatches(em, batch, (outside) =>
    sqlChanged(outside, `delete from ${table} where ctid in (select ctid from ${table} where ${where} limit ?)`, [
      ...bindings,
      batch,
    ]),
  );
}
