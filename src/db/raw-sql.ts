import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Knex } from '@mikro-orm/postgresql';

// The one way to run plain SQL: sqlRows (rows) and sqlChanged (a row count) anywhere, preparedRows for hot
// statements outside transactions. MikroORM's own em.execute() and em.getConnection().execute() are not
// used, for their traps:
// - they inline every value into the SQL text (escaped by MikroORM, not bound): a multi-megabyte JSON
//   value is escaped and parsed as a literal (300 ms for a menu export), a Date is written without its
//   offset, and an array becomes `'a', 'b'` (for `in (?)`), not a PostgreSQL array;
// - em.getConnection().execute() runs outside the EntityManager's transaction unless it is handed
//   em.getTransactionContext(): a statement meant for the transaction commits on its own, and one waiting on
//   a row lock the transaction holds waits forever.
// The traps that remain with sqlRows and sqlChanged:
// - every `?` in the text is a placeholder (knex's), also inside a string literal: the jsonb `?`, `?|` and
//   `?&` operators must be written jsonb_exists(), jsonb_exists_any(), jsonb_exists_all() or @>;
// - a JavaScript array binds as a PostgreSQL array (`= any(?::uuid[])`), never as a list for `in (?)`;
// - they join the EntityManager's transaction when it has one: a statement that must commit on its own
//   (deleteInBatches' short transactions) takes an EntityManager without one (orm.em.fork()).

function runner(em: EntityManager): Knex | Knex.Transaction {
  return em.getTransactionContext<Knex.Transaction>() ?? em.getConnection().getKnex();
}

async function run<T>(
  em: EntityManager,
  sql: string,
  bindings: readonly unknown[],
): Promise<{ rows: T[]; rowCount: number | null }> {
  return (await runner(em).raw(sql, bindings as Knex.RawBinding[])) as { rows: T[]; rowCount: number | null };
}

/**
 * Set-based SQL on the EntityManager's connection, inside its transaction when it has one. Bindings go to
 * PostgreSQL as parameters (`?` placeholders), unlike em.execute(), which inlines them into the SQL text:
 * that matters for multi-megabyte JSON parameters such as a catalog import. The SQL text must therefore
 * not use the jsonb `?` operators (use @> or jsonb_exists instead).
 */
export async function sqlRows<T>(em: EntityManager, sql: string, bindings: readonly unknown[] = []): Promise<T[]> {
  return (await run<T>(em, sql, bindings)).rows;
}

/** Like sqlRows, for an insert, update or delete whose answer is how many rows it touched. */
export async function sqlChanged(em: EntityManager, sql: string, bindings: readonly unknown[] = []): Promise<number> {
  return (await run(em, sql, bindings)).rowCount ?? 0;
}

/** A piece of a statement with its `?` bindings, in the order they appear in the text. */
export interface SqlFragment {
  sql: string;
  bindings: unknown[];
}

interface PooledClient {
  query<T>(config: { name: string; text: string; values: readonly unknown[] }): Promise<{ rows: T[] }>;
}

interface KnexPool {
  acquireConnection(): Promise<PooledClient>;
  releaseConnection(connection: PooledClient): Promise<void>;
}

/**
 * Pools on PGlite (the embedded database), which serves every connection from one session: there a name one
 * connection prepared collides with another connection's, and even unnamed statements of concurrent
 * connections can overwrite each other between parse and execute. Their statements go as simple queries with
 * the values inlined, one message each, which do not interleave.
 */
const embeddedPools = new WeakSet<object>();

export function useSimpleQueries(em: EntityManager): void {
  embeddedPools.add(em.getConnection().getKnex().client);
}

/** A statement as PostgreSQL is sent it: its text with $1…$n placeholders, and its name. */
interface Prepared {
  text: string;
  name: string;
}

/**
 * By the caller's text (with `?` placeholders): a handful of hot statements, each with a few variants. Kept so
 * that a call does not rewrite and hash a kilobyte of SQL on every request.
 */
const preparedByText = new Map<string, Prepared>();
const MAX_STATEMENT_NAMES = 1000;

function prepared(sql: string): Prepared {
  let statement = preparedByText.get(sql);
  if (statement === undefined) {
    let n = 0;
    const text = sql.replace(/\?/g, () => `$${++n}`);
    statement = { text, name: `hub_${createHash('sha1').update(text).digest('base64url')}` };
    if (preparedByText.size < MAX_STATEMENT_NAMES) preparedByText.set(sql, statement);
  }
  return statement;
}

/**
 * A hot-path statement outside any transaction, as a named prepared statement on a connection of the ORM's
 * pool: PostgreSQL parses and plans it once per connection instead of on every request, and the call skips
 * the query builder. Same `?` bindings as sqlRows (turned into $1…$n here). Refuses to run inside a
 * transaction, whose connection the pool does not hand out. On PGlite: a simple query (useSimpleQueries),
 * its values inlined as em.execute() does, so a list goes in as JSON text (order-tax.ts), never as a
 * JavaScript array, which would bind as a PostgreSQL array on a server and inline as `'a', 'b'` on PGlite.
 */
export async function preparedRows<T>(em: EntityManager, sql: string, bindings: readonly unknown[] = []): Promise<T[]> {
  // A statement meant for the transaction would run on another pool connection, outside it (and wait for
  // ever on a row the transaction locked): refused rather than silently run there.
  if (em.getTransactionContext()) throw new Error('preparedRows runs outside transactions; use sqlRows inside one');
  const pool = em.getConnection().getKnex().client as unknown as KnexPool;
  // The one deliberate em.getConnection().execute(): its inlined values make a simple query.
  if (embeddedPools.has(pool)) return em.getConnection().execute<T[]>(sql, [...bindings]);
  const { text, name } = prepared(sql);
  const connection = await pool.acquireConnection();
  try {
    return (await connection.query<T>({ name, text, values: bindings })).rows;
  } finally {
    // Released at once (knex's release is synchronous and answers a resolved promise): not awaited, which
    // would only cost the request another turn of the microtask queue.
    void pool.releaseConnection(connection);
  }
}

/** A timestamptz column as RFC 3339 UTC with milliseconds, as every view shows times (null stays null). */
export function isoSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
