import { MikroORM } from '@mikro-orm/postgresql';
import { Logger as GraphileLogger, runMigrations as runJobMigrations } from 'graphile-worker';
import pg from 'pg';
import type { Logger } from 'pino';
import { useGenericPlansForJobFunctions } from '../delivery/graphile-plans.js';
import { ormOptions } from './mikro-orm.config.js';
import { useSimpleQueries } from './raw-sql.js';

// Opening the database: connect, then bring the schema up to date with the committed migrations. Several
// hub processes may start against one database at once, so migrations run under a PostgreSQL advisory lock,
// graphile-worker's own schema (the delivery job queue) included: its installer is not safe to run twice at once.

const MIGRATION_LOCK = 7_240_001;

export async function runMigrations(clientUrl: string, log?: Logger): Promise<string[]> {
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

/** graphile-worker's schema (graphile_worker), brought up to date by its own migrations, then tuned. */
async function installJobQueue(clientUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: clientUrl, max: 1 });
  try {
    await runJobMigrations({ pgPool: pool, logger: new GraphileLogger(() => () => undefined) });
    await useGenericPlansForJobFunctions(pool);
  } finally {
    await pool.end();
  }
}

export async function openDatabase(clientUrl: string, log?: Logger): Promise<MikroORM> {
  await runMigrations(clientUrl, log);
  const orm = await MikroORM.init(ormOptions(clientUrl));
  const [{ version }] = await orm.em.getConnection().execute<{ version: string }[]>('select version()');
  if (isPGliteVersion(version)) useSimpleQueries(orm.em);
  return orm;
}

/** The embedded database (PGlite), told apart from a PostgreSQL server by what `select version()` says. */
export function isPGliteVersion(version: string): boolean {
  return version.includes('PGlite');
}

/** For /readyz: reachable, and no committed migration left to run. */
export async function databaseReadiness(orm: MikroORM): Promise<{ database: boolean; migrations: boolean }> {
  try {
    await orm.em.getConnection().execute('select 1');
  } catch {
    return { database: false, migrations: false };
  }
  try {
    const pending = await orm.getMigrator().getPendingMigrations();
    return { database: true, migrations: pending.length === 0 };
  } catch {
    return { database: true, migrations: false };
  }
}
