import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DatabaseWatch } from './db/outage.js';

// Housekeeping: what has expired is deleted in batches (src/db/batch-delete.ts), by one hub process at a
// time: a pass runs only in the process that takes the maintenance advisory lock; the others skip it.

/** A clean-up: deletes what has expired at `now` and says how many rows it removed. */
export type MaintenanceTask = (orm: MikroORM, now: Date) => Promise<number>;

const MAINTENANCE_INTERVAL_MS = 15 * 60 * 1000;
/** Rows per delete statement. */
export const MAINTENANCE_BATCH = 2000;
export const MAINTENANCE_LOCK = 7_240_004;

export interface MaintenanceDeps {
  orm: MikroORM;
  /** Where the lock is taken, on a connection of its own for the pass. */
  databaseUrl: string;
  log: Logger;
  tasks: Record<string, MaintenanceTask>;
  /** Told about database outages, which are then not logged per task. */
  database?: DatabaseWatch;
}

/**
 * One pass of every task at `now` (tests and the bench pass a simulated time). Returns the rows each task
 * removed, or null when another process holds the lock (it is doing the same pass).
 */
export async function runMaintenance(deps: MaintenanceDeps, now = new Date()): Promise<Record<string, number> | null> {
  // A client of its own, not the ORM's pool: a session-level advisory lock lives as long as its connection.
  const lock = new pg.Client({ connectionString: deps.databaseUrl });
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    const {
      rows: [{ locked }],
    } = await lock.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [MAINTENANCE_LOCK]);
    if (!locked) return null;
    try {
      const removed: Record<string, number> = {};
      for (const [name, task] of Object.entries(deps.tasks)) {
        try {
          removed[name] = await task(deps.orm, now);
          if (removed[name] > 0) deps.log.info({ task: name, removed: removed[name] }, 'maintenance');
        } catch (error) {
          if (!deps.database?.report(error)) deps.log.error({ err: error, task: name }, 'maintenance task failed');
        }
      }
      return removed;
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MAINTENANCE_LOCK]).catch(() => undefined);
    }
  } finally {
    await lock.end().catch(() => undefined);
  }
}

/** Runs a pass at start and then every interval. The timer never keeps the process alive. */
export function startMaintenance(deps: MaintenanceDeps, intervalMs = MAINTENANCE_INTERVAL_MS) {
  let running: Promise<unknown> | undefined;
  const runOnce = () => {
    running ??= runMaintenance(deps)
      .catch((error) => {
        if (!deps.database?.report(error)) deps.log.error({ err: error }, 'maintenance pass failed');
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(runOnce, intervalMs);
  timer.unref();
  void runOnce();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
