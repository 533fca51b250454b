import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../db/raw-sql.js';

// Timed work (a store going back ONLINE at closedUntil, a snooze's end, an order's acceptance deadline) runs on
// graphile-worker through the scheduler (scheduler.ts): the caller names a task the scheduler was given (its
// tasks in src/hub.ts) and never touches the queue itself. schedule() and unschedule() run in the caller's
// transaction, so the job is added or removed with the change; scheduleWithRowsSql() puts a batch of jobs into
// a statement that makes a change without a transaction (src/delivery-engine/change-with-events.ts), so each
// job is added with the row it goes with, or not at all.

export interface ScheduleOptions {
  runAt: Date;
  /** One job per key: scheduling again replaces the job that waits under it. */
  key: string;
  maxAttempts?: number;
}

/** A job to add with a row of a change (scheduleWithRowsSql): a task the scheduler was given, and its payload. */
export interface ScheduledJob extends ScheduleOptions {
  task: string;
  payload: Record<string, string>;
}

const MAX_ATTEMPTS = 25;

export async function schedule(
  em: EntityManager,
  task: string,
  payload: Record<string, string>,
  options: ScheduleOptions,
): Promise<void> {
  await sqlRows(
    em,
    `select graphile_worker.add_job(?, ?::json, run_at => ?::timestamptz, job_key => ?, max_attempts => ?)`,
    [task, JSON.stringify(payload), options.runAt.toISOString(), options.key, options.maxAttempts ?? MAX_ATTEMPTS],
  );
}

/** Removes the job waiting under this key, if any. */
export async function unschedule(em: EntityManager, key: string): Promise<void> {
  await sqlRows(em, `select graphile_worker.remove_job(?)`, [key]);
}

/**
 * The common table expressions that add the jobs of the rows a statement changed, for a statement built once
 * (its text is a prepared statement's). The jobs come in its one `?`, a JSON array of jobRows(); each names the
 * row it goes with (source_id), and only the jobs whose row is in `sourceCte` (a CTE of the statement with an
 * `id` column) are added: a row the change skipped gets no job. All of them in one add_jobs call, and none when
 * there is none (add_jobs would still wake the runners). The last one, `scheduled`, answers one row (`added`, the
 * number of jobs added), which the statement must read: a SELECT in WITH runs only as far as it is read.
 * Two jobs of one statement must not share a key (an INSERT … ON CONFLICT updates a row once per statement).
 */
export function scheduleWithRowsSql(sourceCte: string): string {
  return `scheduled_specs AS (
       select array_agg(row(j.task, j.payload, null, j.run_at, j.max_attempts, j.key, null, null)::graphile_worker.job_spec) AS specs
         from ${sourceCte} source
         join json_to_recordset(?::json) as j(source_id uuid, task text, payload json, run_at timestamptz, max_attempts smallint, key text)
           on j.source_id = source.id
     ), scheduled AS (
       select case when specs is null then 0 else (select count(*) from graphile_worker.add_jobs(specs)) end AS added
         from scheduled_specs
     )`;
}

/** The rows scheduleWithRowsSql() reads for the jobs of one row of the change. */
export function jobRows(sourceId: string, jobs: readonly ScheduledJob[]): Record<string, unknown>[] {
  return jobs.map((job) => ({
    source_id: sourceId,
    task: job.task,
    payload: job.payload,
    run_at: job.runAt.toISOString(),
    max_attempts: job.maxAttempts ?? MAX_ATTEMPTS,
    key: job.key,
  }));
}
