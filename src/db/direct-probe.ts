import pg from 'pg';

/**
 * `select 1` on a connection of its own, given up after `timeoutMs` (connect and query alike): whether the
 * database answers at all, whatever the pool is busy with (DatabaseWatch.confirm). The connection is closed
 * without waiting for a server that may never answer.
 */
export function directProbe(databaseUrl: string): (timeoutMs: number) => Promise<unknown> {
  return async (timeoutMs) => {
    const client = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: timeoutMs,
      query_timeout: timeoutMs,
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await client.query('select 1');
    } finally {
      void client.end().catch(() => undefined);
    }
  };
}
