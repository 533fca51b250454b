import type { EntityManager } from '@mikro-orm/postgresql';
import type { Knex } from '@mikro-orm/postgresql';

/**
 * Set-based SQL on the EntityManager's connection, inside its transaction when it has one. Bindings go to
 * PostgreSQL as parameters (`?` placeholders), unlike em.execute(), which inlines them into the SQL text:
 * that matters for multi-megabyte JSON parameters such as a catalog import. The SQL text must therefore
 * not use the jsonb `?` operators (use @> or jsonb_exists instead).
 */
export async function sqlRows<T>(em: EntityManager, sql: string, bindings: readonly unknown[] = []): Promise<T[]> {
  const runner: Knex | Knex.Transaction = em.getTransactionContext<Knex.Transaction>() ?? em.getConnection().getKnex();
  const result = (await runner.raw(sql, bindings as Knex.RawBinding[])) as { rows: T[] };
  return result.rows;
}

/** A piece of a statement with its `?` bindings, in the order they appear in the text. */
export interface SqlFragment {
  sql: string;
  bindings: unknown[];
}
