import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../db/raw-sql.js';

// Timed work (a store going back ONLINE at closedUntil, a snooze's end) runs on graphile-worker through the
// scheduler (scheduler.ts): the caller names a task the scheduler was given (its tasks in src/hub.ts) and never
// touches the queue itself. Both functions run in the caller's transaction, so the job is added or removed
// with the change.

export interface ScheduleOptions {
  runAt: Date;
  /** One job per key: scheduling again replaces the job that waits under it. */
  key: string;
  maxAttempts?: number;
}

export async function schedule(
  em: EntityManager,
  task: string,
  payload: Record<string, string>,
  options: ScheduleOptions,
): Promise<void> {
  await sqlRows(
    em,
    `select graphile_worker.add_job(?, ?::json, run_at => ?::timestamptz, job_key => ?, max_attempts => ?)`,
    [task, JSON.stringify(payload), options.runAt.toISOString(), options.key, options.maxAttempts ?? 25],
  );
}

/** Removes the job waiting under this key, if any. */
export async function unschedule(em: EntityManager, key: string): Promise<void> {
  await sqlRows(em, `select graphile_worker.remove_job(?)`, [key]);
}
