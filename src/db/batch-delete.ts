import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Deletes the rows of `table` that match `where` (with `?` bindings), `batch` rows per statement until none
 * is left: each statement is its own short transaction, so no lock is held for long and no statement
 * grows with the backlog. Returns how many rows went.
 */
export async function deleteInBatches(em: EntityManager, table: string, where: string, bindings: unknown[], batch: number): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await em
      .getConnection()
      .execute<{ affectedRows: number }>(`delete from ${table} where ctid in (select ctid from ${table} where ${where} limit ?)`, [...bindings, batch], 'run');
    total += result.affectedRows;
    if (result.affectedRows < batch) return total;
  }
}
