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

/** Per-endpoint room for one claim (endpoint-limiter.ts): what may be taken for each endpoint now. */
export interface EndpointRoom {
  /** Endpoints at their limit: none of their deliveries is read. */
  full: string[];
  /** Endpoints with attempts in flight, and how many more each may take. */
  busy: { endpoint: string; free: number }[];
  /** What any other endpoint may take: the per-endpoint limit. */
  limit: number;
}

/**
 * Claims up to $2 due deliveries, the longest due first, at most as many per endpoint as it has room for
 * ($3..$6), and marks them DELIVERING by this process ($1). Due rows are read through the partial index
 * deliveries_due and locked with SKIP LOCKED before they change: a row another claim is taking is left to
 * it, no claim waits for another (no deadlock), and two processes can never both claim one attempt. Rows
 * locked as candidates but over their endpoint's room are not changed, and their locks go with the statement.
 * Each row also says how many candidates there were: as many as asked for means more may be due. Every
 * endpoint not full has room for one at least, so a claim with candidates always claims some.
 */
const CLAIM_SQL = `
with candidate as (
  select id, endpoint, coalesce(next_attempt_at, created_at) as due
    from deliveries
   where status = 'PENDING' and not held and coalesce(next_attempt_at, created_at) <= now()
     and endpoint <> all($3::text[])
   order by coalesce(next_attempt_at, created_at)
   limit $2
   for update skip locked
), chosen as (
  select c.id
    from (select id, endpoint, row_number() over (partition by endpoint order by due) as place from candidate) c
    left join unnest($4::text[], $5::int[]) as busy(endpoint, free) on busy.endpoint = c.endpoint
   where c.place <= coalesce(busy.free, $6)
), claimed as (
  update deliveries d
     set status = 'DELIVERING', claimed_by = $1, attempt_count = d.attempt_count + 1, round_attempts = d.round_attempts + 1,
         last_attempt_at = now(), next_attempt_at = null, updated_at = now()
   where d.id in (select id from chosen)
  returning d.id, d.event_id, d.application_id, d.url, d.endpoint, d.payload::text as body, d.credentials_sealed, d.ordering_key, d.attempt_count,
            d.round_attempts, d.event_type, d.created_at, d.request_id, d.trace
)
select claimed.*, (select count(*) from candidate)::int as candidates from claimed`;

export interface Claim {
  deliveries: ClaimedDelivery[];
  /** True when the claim found as many due rows as it could take: more may be waiting. */
  more: boolean;
}

export async function claimDue(pool: pg.Pool, processId: string, most: number, room: EndpointRoom): Promise<Claim> {
  const { rows } = await pool.query<ClaimedDelivery & { candidates: number }>(
    prepared(pool, 'claim-due', CLAIM_SQL, [
      processId,
      most,
      room.full,
      room.busy.map((b) => b.endpoint),
      room.busy.map((b) => b.free),
      room.limit,
    ]),
  );
  return { deliveries: rows, more: rows.length > 0 && rows[0].candidates >= most };
}
