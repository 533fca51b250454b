import type pg from 'pg';
import { prepared } from './prepared.js';

// Claiming deliveries for an attempt each: the first write of the worker's hot path (record-outcomes.ts has
// the second), in plain SQL.

export interface ClaimedDelivery {
  id: string;
  event_id: string;
  application_id: string;
  url: string;
  endpoint: string;
  /** The stored payload; credentials are opened into it by withSealedCredentials just before sending. */
  body: string;
  credentials_sealed: string | null;
  ordering_key: string | null;
  attempt_count: number;
  round_attempts: number;
  event_type: string;
  /** When the event was committed (for the commit-to-answer latency). */
  created_at: Date;
  /** The request that caused it: sent on as X-Request-Id and traceparent. */
  request_id: string | null;
  trace: string | null;
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
  returning d.id, d.event_id, d.application_id, d.url, d.endpoint, d.payload::text as body, d.credentials_sealed, d.ordering_key, d.attempt_count,
            d.round_attempts, d.job_id, d.event_type, d.created_at, d.request_id, d.trace
), taken_over as (
  select count(*) as n from graphile_worker.complete_jobs((select array_agg(job_id) from claimed where id <> $1))
)
select claimed.*, (select n from taken_over) as taken_over from claimed`;

export async function claimBatch(pool: pg.Pool, deliveryId: string, seq: number, processId: string, endpoint: string, more: number): Promise<ClaimedDelivery[]> {
  const { rows } = await pool.query<ClaimedDelivery>(prepared(pool, 'claim-batch', CLAIM_SQL, [deliveryId, seq, processId, endpoint, more]));
  return rows;
}
