import type pg from 'pg';
import type { Logger } from 'pino';
import { NOTIFY_DUE_SQL } from './queue.js';

// Handing back what a dead hub process left half-done. Each process holds a session advisory lock derived
// from its id for as long as it lives (PostgreSQL releases it the moment the process's connection drops, a
// SIGKILL included). Whoever can take a registered process's lock knows that process is gone, and then:
// releases graphile-worker's locks of the process's scheduler (src/scheduler registers its worker ids here;
// otherwise held for 4 hours), turns its DELIVERING deliveries back to PENDING, due at once (the interrupted
// attempt is logged: the partner may or may not have received it, so it goes again with the same
// webhook-id), and forgets the process.

const PROCESS_LOCK_CLASS = 7240003;

export const PROCESS_LOCK_SQL = `select pg_advisory_lock(${PROCESS_LOCK_CLASS}, hashtext($1))`;
export const TRY_PROCESS_LOCK_SQL = `select pg_try_advisory_lock(${PROCESS_LOCK_CLASS}, hashtext($1)) as locked`;
const PROCESS_UNLOCK_SQL = `select pg_advisory_unlock(${PROCESS_LOCK_CLASS}, hashtext($1))`;

const HAND_BACK_SQL = `
with handed as (
  update deliveries
     set status = 'PENDING', claimed_by = null, next_attempt_at = null, updated_at = now(),
         last_error = 'interrupted: the hub process delivering it stopped; sent again'
   where claimed_by = $1 and status = 'DELIVERING' and ($2::uuid[] is null or id = any($2::uuid[]))
  returning id, attempt_count, last_attempt_at
), logged as (
  insert into delivery_attempts (id, created_at, updated_at, delivery_id, attempt_number, started_at, http_status, error, latency_ms, response_excerpt)
  select gen_random_uuid(), now(), now(), id, attempt_count, coalesce(last_attempt_at, now()), null,
         'interrupted: the hub process stopped before the answer was recorded', 0, null
    from handed
)
select id from handed`;

/**
 * Hands back the deliveries of one process known to be gone (or stopping: itself, at shutdown), and forgets
 * the process; with `only`, just those deliveries of a live process (whose recording failed).
 */
export async function handBack(
  client: pg.PoolClient,
  processId: string,
  workerIds: string[],
  only?: string[],
): Promise<number> {
  await client.query('begin');
  try {
    if (workerIds.length > 0)
      await client.query('select graphile_worker.force_unlock_workers($1::text[])', [workerIds]);
    const { rows } = await client.query<{ id: string }>(HAND_BACK_SQL, [processId, only ?? null]);
    if (rows.length > 0) await client.query(NOTIFY_DUE_SQL);
    if (!only) await client.query('delete from delivery_worker_processes where id = $1', [processId]);
    await client.query('commit');
    return rows.length;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/**
 * This process's own DELIVERING deliveries that no attempt of it is working on (their outcome could not be
 * recorded, say the database was briefly unreachable), older than `olderThanMs`, handed back to be sent again.
 */
export async function handBackOrphans(
  pool: pg.Pool,
  processId: string,
  inFlight: ReadonlySet<string>,
  olderThanMs: number,
): Promise<number> {
  const { rows } = await pool.query<{ id: string }>(
    `select id from deliveries where claimed_by = $1 and status = 'DELIVERING' and last_attempt_at < now() - make_interval(secs => $2)`,
    [processId, olderThanMs / 1000],
  );
  const orphans = rows.map((r) => r.id).filter((id) => !inFlight.has(id));
  if (orphans.length === 0) return 0;
  const client = await pool.connect();
  try {
    return await handBack(client, processId, [], orphans);
  } finally {
    client.release();
  }
}

/** One pass: every registered process other than `selfId` whose lock is free is gone; hand its work back. */
export async function reclaimDeadProcesses(pool: pg.Pool, selfId: string, log: Logger): Promise<number> {
  const { rows } = await pool.query<{ id: string; worker_ids: string[] }>(
    'select id, worker_ids from delivery_worker_processes where id <> $1',
    [selfId],
  );
  let handed = 0;
  for (const process of rows) {
    const client = await pool.connect();
    try {
      const {
        rows: [lock],
      } = await client.query<{ locked: boolean }>(TRY_PROCESS_LOCK_SQL, [process.id]);
      if (!lock.locked) continue; // alive
      try {
        const count = await handBack(client, process.id, process.worker_ids);
        handed += count;
        log.info({ process: process.id, deliveries: count }, 'handed back the deliveries of a stopped hub process');
      } finally {
        await client.query(PROCESS_UNLOCK_SQL, [process.id]);
      }
    } finally {
      client.release();
    }
  }
  return handed;
}
