import type pg from 'pg';
import { ADD_DELIVER_JOB_SQL, addJobExpression, CHAIN_LOCK_SQL } from './jobs.js';
import type { NextStep } from './retry-policy.js';

// Claiming deliveries for an attempt each and recording the attempt's outcome: the two writes of the worker's
// hot path, in plain SQL.

export interface ClaimedDelivery {
  id: string;
  event_id: string;
  application_id: string;
  url: string;
  endpoint: string;
  body: string;
  ordering_key: string | null;
  attempt_count: number;
  round_attempts: number;
}

/**
 * Claims the job's own delivery and up to $5 more due deliveries to the same endpoint (a batch: one job
 * fetch, one claim and one job clean-up for many attempts), and removes the jobs of the ones taken over.
 * The job's own delivery is claimed only by the job of its current generation ($2), and only while PENDING
 * (a batch of this or another process may have taken it already). Every row is
 * locked with SKIP LOCKED before it is changed: a row another batch is taking is left to it, no statement
 * waits for another (no deadlock), and two processes, or a stale job, can never both claim one attempt.
 * $1 id, $2 seq, $3 process, $4 endpoint, $5 how many more.
 */
const CLAIM_SQL = `
with own as (
  select id from deliveries
   where id = $1 and job_seq = $2 and not held and status = 'PENDING'
   for update skip locked
), others as (
  select id from deliveries
   where endpoint = $4 and status = 'PENDING' and not held and id <> $1 and job_id is not null
     and coalesce(next_attempt_at, '-infinity') <= now()
   order by created_at
   limit $5
   for update skip locked
), claimed as (
  update deliveries d
     set status = 'DELIVERING', claimed_by = $3, attempt_count = d.attempt_count + 1, round_attempts = d.round_attempts + 1,
         last_attempt_at = now(), next_attempt_at = null, updated_at = now()
   where d.id in (select id from own union all select id from others)
  returning d.id, d.event_id, d.application_id, d.url, d.endpoint, d.payload::text as body, d.ordering_key, d.attempt_count,
            d.round_attempts, d.job_id
), taken_over as (
  select count(*) as n from graphile_worker.complete_jobs((select array_agg(job_id) from claimed where id <> $1))
)
select claimed.*, (select n from taken_over) as taken_over from claimed`;

export async function claimBatch(pool: pg.Pool, deliveryId: string, seq: number, processId: string, endpoint: string, more: number): Promise<ClaimedDelivery[]> {
  const { rows } = await pool.query<ClaimedDelivery>(CLAIM_SQL, [deliveryId, seq, processId, endpoint, more]);
  return rows;
}

export interface AttemptRecord {
  startedAt: Date;
  httpStatus: number | null;
  error: string | null;
  latencyMs: number;
  responseExcerpt: string | null;
}

/**
 * The attempt row, the delivery's new state and, for a retry, its next job, in one statement. Only a
 * delivery still claimed by this process changes; if it was handed back meanwhile, the attempt is still
 * logged. $1 id, $2 process, $3 status, $4 delivered, $5 retry, $6 next attempt at, $7 last error,
 * $8 attempt number, $9 started at, $10 http status, $11 error, $12 latency, $13 excerpt.
 */
const RECORD_SQL = `
with updated as (
  update deliveries
     set status = $3, claimed_by = null, updated_at = now(),
         delivered_at = case when $4::boolean then now() else delivered_at end,
         next_attempt_at = $6::timestamptz, last_error = $7,
         job_seq = job_seq + case when $5::boolean then 1 else 0 end,
         job_id = case when $5::boolean then (${addJobExpression('id', 'job_seq + 1', 'endpoint', '$6')}).id else job_id end
   where id = $1 and claimed_by = $2 and status = 'DELIVERING'
  returning id
), logged as (
  insert into delivery_attempts (id, created_at, updated_at, delivery_id, attempt_number, started_at, http_status, error, latency_ms, response_excerpt)
  values (gen_random_uuid(), now(), now(), $1, $8, $9, $10, $11, $12, $13)
)
select (select count(*) from updated)::int as updated`;

/**
 * The first held delivery of a chain, released now that the one before it is finished, unless another of
 * the chain is still on its way (a replayed delivery finishing does not let a later one overtake it).
 */
const RELEASE_NEXT_SQL = `
update deliveries set held = false, job_seq = job_seq + 1, updated_at = now()
 where id = (select id from deliveries where ordering_key = $1 and url = $2 and held and status = 'PENDING' order by chain_position limit 1)
   and not exists (select 1 from deliveries where ordering_key = $1 and url = $2 and not held and status in ('PENDING', 'DELIVERING'))
returning id, job_seq, endpoint`;

export async function record(pool: pg.Pool, processId: string, delivery: ClaimedDelivery, attempt: AttemptRecord, step: NextStep): Promise<void> {
  const terminal = step.kind !== 'retry';
  const status = step.kind === 'delivered' ? 'DELIVERED' : step.kind === 'failed' ? 'FAILED' : 'PENDING';
  const nextAt = step.kind === 'retry' ? new Date(Date.now() + step.delayMs) : null;
  const lastError = step.kind === 'delivered' ? null : step.reason;
  const params = [
    delivery.id,
    processId,
    status,
    step.kind === 'delivered',
    step.kind === 'retry',
    nextAt,
    lastError,
    delivery.attempt_count,
    attempt.startedAt,
    attempt.httpStatus,
    attempt.error,
    Math.round(attempt.latencyMs),
    attempt.responseExcerpt,
  ];
  const releasesChain = terminal && delivery.ordering_key !== null;
  if (!releasesChain) {
    await pool.query(RECORD_SQL, params);
    return;
  }
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(CHAIN_LOCK_SQL, [delivery.ordering_key, delivery.url]);
    const { rows: [result] } = await client.query<{ updated: number }>(RECORD_SQL, params);
    if (result.updated > 0) {
      const { rows: [next] } = await client.query<{ id: string; job_seq: number; endpoint: string }>(RELEASE_NEXT_SQL, [delivery.ordering_key, delivery.url]);
      if (next) await client.query(ADD_DELIVER_JOB_SQL, [next.id, next.job_seq, next.endpoint, null]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
