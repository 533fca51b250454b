import type pg from 'pg';

// The worker's hot statements (claim, record, chain try-locks) as named prepared statements: PostgreSQL then
// parses and plans each once per connection, not on every batch. Not on the embedded PGlite, whose one
// session all connections share: there a name one connection prepared collides with another's (the scheduler
// sets graphile-worker's noPreparedStatements there for the same reason).

const unnamedPools = new WeakSet<pg.Pool>();

export function useUnnamedStatements(pool: pg.Pool): void {
  unnamedPools.add(pool);
}

/** The query config for `text` on a connection of `pool`: named unless the pool is PGlite's. */
export function prepared(pool: pg.Pool, name: string, text: string, values: unknown[]): pg.QueryConfig {
  return unnamedPools.has(pool) ? { text, values } : { name: `hub-${name}`, text, values };
}
