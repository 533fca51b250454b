import { MikroORM } from '@mikro-orm/postgresql';
import { Logger as GraphileLogger, runMigrations as runJobMigrations } from 'graphile-worker';
import pg from 'pg';
import type { Logger } from 'pino';
import { ormOptions, POOL_SIZE } from './mikro-orm.config.js';
import type { DatabaseWatch } from './outage.js';
import { sqlRows, useSimpleQueries } from './raw-sql.js';

// Opening the database: connect, then bring the schema up to date with the committed migrations. Several
// hub processes may start against one database at once, so migrations run under a PostgreSQL advisory lock,
// graphile-worker's own schema (scheduled tasks) included: its installer is not safe to run twice at once.

const MIGRATION_LOCK = 7_240_001;

export async function runMigrations(clientUrl: string, log?: Logger): Promise<string[]> {
  // A client of its own, not the ORM's pool: a session-level advisory lock lives as long as its connection.
  const lock = new pg.Client({ connectionString: clientUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const orm = await MikroORM.init(ormOptions(clientUrl, { pool: { min: 0, max: 2 } }));
    try {
      const applied = await orm.getMigrator().up();
      const names = applied.map((m) => m.name);
      if (names.length > 0) log?.info({ migrations: names }, 'migrations applied');
      await installJobQueue(clientUrl);
      return names;
    } finally {
      await orm.close();
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}

/** graphile-worker's schema (graphile_worker), brought up to date by its own migrations. */
async function installJobQueue(clientUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: clientUrl, max: 1 });
  try {
    await runJobMigrations({ pgPool: pool, logger: new GraphileLogger(() => () => undefined) });
  } finally {
    await pool.end();
  }
}

/**
 * `acquireTimeoutMs`: how long a query may wait for a pooled connection before it fails (knex's default is
 * 60 s, which under overload let requests queue for tens of seconds; see src/db/pool-timeout.ts).
 */
export async function openDatabase(
  clientUrl: string,
  log?: Logger,
  options: { acquireTimeoutMs?: number } = {},
): Promise<MikroORM> {
  await runMigrations(clientUrl, log);
  const orm = await MikroORM.init(
    ormOptions(
      clientUrl,
      options.acquireTimeoutMs ? { pool: { ...POOL_SIZE, acquireTimeoutMillis: options.acquireTimeoutMs } } : {},
    ),
  );
  if (await isEmbedded(orm)) useSimpleQueries(orm.em);
  return orm;
}

/** True on the embedded database (PGlite): one process, one session. */
export async function isEmbedded(orm: MikroORM): Promise<boolean> {
  const [{ version }] = await sqlRows<{ version: string }>(orm.em.fork(), 'select version()');
  return isPGliteVersion(version);
}

/** Whether the database at this URL is the embedded PGlite, asked on a connection of its own. */
export async function isEmbeddedDatabase(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>('select version()');
    return isPGliteVersion(rows[0].version);
  } finally {
    await client.end();
  }
}

/** The embedded database (PGlite), told apart from a PostgreSQL server by what `select version()` says. */
function isPGliteVersion(version: string): boolean {
  return version.includes('PGlite');
}

/** For /readyz: reachable, and no committed migration left to run; an outage is reported to the watch. */
export async function databaseReadiness(
  orm: MikroORM,
  watch?: DatabaseWatch,
): Promise<{ database: boolean; migrations: boolean }> {
  try {
    await sqlRows(orm.em.fork(), 'select 1');
  } catch (error) {
    watch?.report(error);
    return { database: false, migrations: false };
  }
  try {
    const pending = await orm.getMigrator().getPendingMigrations();
    return { database: true, migrations: pending.length === 0 };
  } catch {
    return { database: true, migrations: false };
  }
}
