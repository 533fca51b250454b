// Ordering chains (orderingKey + url): deliveries of one chain reach the partner one after the other. What
// reads or changes a chain's order (enqueueing behind an unfinished delivery, releasing the next one when a
// delivery finishes) runs under the chain's transaction-level advisory lock.

/** The advisory lock of one ordering chain (orderingKey + url), given the SQL of both. */
function chainLock(orderingKey: string, url: string): string {
  return `7240002, hashtext(${orderingKey}::text || chr(10) || ${url}::text)`;
}

/** Serialises everything that reads or changes the order of one ordering chain (orderingKey + url). */
export const CHAIN_LOCK_SQL = `select pg_advisory_xact_lock(${chainLock('$1', '$2')})`;

/**
 * The shared SQL uses $n placeholders (node-postgres, for the worker's own pool); sqlRows takes positional `?`: the
 * statement and its parameters in the order the placeholders appear.
 */
export function forKnex(sql: string, params: unknown[]): [string, unknown[]] {
  const ordered: unknown[] = [];
  const text = sql.replace(/\$(\d+)/g, (_match, n: string) => {
    ordered.push(params[Number(n) - 1]);
    return '?';
  });
  return [text, ordered];
}
