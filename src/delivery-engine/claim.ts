import type pg from 'pg';
import { prepared } from './prepared.js';
import { currentUrlSql } from './partner-urls.js';

// Claiming deliveries for an attempt each: the first write of the worker's hot path (record-outcomes.ts has
// the second), in plain SQL.

export interface ClaimedDelivery {
  id: string;
  event_id: string;
  application_id: string;
  /** The URL the delivery was addressed to when enqueued: with ordering_key, its chain (outbox.ts). */
  url: string;
  /** Where this attempt goes: the application's current URL for this kind of call (partner-urls.ts). */
  send_url: string;
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

/** What every claim sets on the rows it takes, and what it returns of them. */
const CLAIMED = `
  update deliveries d
     set status = 'DELIVERING', claimed_by = $1, attempt_count = d.attempt_count + 1, round_attempts = d.round_attempts + 1,
         last_attempt_at = now(), next_attempt_at = null, updated_at = now()
   where d.id in (select id from chosen)
  returning d.id, d.event_id, d.application_id, d.url, ${currentUrlSql('d')} as send_url, d.endpoint, d.payload::text as body, d.credentials_sealed, d.ordering_key, d.attempt_count,
            d.round_attempts, d.event_type, d.created_at, d.request_id, d.trace`;

/**
 * The usual claim: up to $2 due deliveries, the longest due first, at most as many per endpoint as it has
 * room for ($3..$6), marked DELIVERING by this process ($1). It reads the $7 longest-due rows through the
 * partial index deliveries_due (the window, read without locks), then locks those of endpoints not full with
 * SKIP LOCKED, one primary-key lookup each, re-checking that they are still due, until it holds $2 (the
 * window is materialized in due order and read back in that order: no sort above the locks, which would lock
 * every row of the window before the limit counted them). A row another claim is taking is left to it, no claim
 * waits for another (no deadlock), and two processes can never both claim one attempt. Rows locked but over
 * their endpoint's room are not changed, and their locks go with the statement. The window bounds what a
 * claim reads: before it, a full endpoint's backlog of due rows (a slow partner at its limit) was read past,
 * row by row, by every claim. One row always comes back, with how many rows the window held; the claimed
 * columns are null when nothing was taken.
 */
const CLAIM_SQL = `
with window_ as materialized (
  select id, coalesce(next_attempt_at, created_at) as due
    from deliveries
   where status = 'PENDING' and not held and coalesce(next_attempt_at, created_at) <= now()
   order by coalesce(next_attempt_at, created_at)
   limit $7
), candidate as (
  select d.id, d.endpoint, w.due
    from window_ w
   cross join lateral (
     select d.id, d.endpoint from deliveries d
      where d.id = w.id and d.status = 'PENDING' and not d.held and coalesce(d.next_attempt_at, d.created_at) <= now()
        and d.endpoint <> all($3::text[])
        for update skip locked) d
   limit $2
), chosen as (
  select c.id
    from (select id, endpoint, row_number() over (partition by endpoint order by due) as place from candidate) c
    left join unnest($4::text[], $5::int[]) as busy(endpoint, free) on busy.endpoint = c.endpoint
   where c.place <= coalesce(busy.free, $6)
), claimed as (${CLAIMED}
)
select claimed.*, counts.scanned
  from (select (select count(*) from window_)::int as scanned) counts
  left join claimed on true`;

/**
 * The claim behind a full window: endpoint by endpoint rather than in one due order, so the rows of endpoints
 * at their limit are never read. The endpoints with PENDING rows are found one index probe each (a loose scan
 * of deliveries_due_by_endpoint), and each endpoint not full gives its longest-due rows, as many as its room,
 * through the same index; of those, the $2 longest due are locked (SKIP LOCKED) and claimed. It costs a probe
 * or two per endpoint with queued work, however long any endpoint's backlog is. The row comparisons make the
 * per-endpoint read an index condition of deliveries_due_by_endpoint: with a plain equality the planner
 * preferred walking deliveries_due in due order and filtering on the endpoint, which is the very scan to avoid.
 */
const CLAIM_BY_ENDPOINT_SQL = `
with recursive endpoint as (
  (select d.endpoint from deliveries d where d.status = 'PENDING' and not d.held order by d.endpoint limit 1)
  union all
  select (select d.endpoint from deliveries d where d.status = 'PENDING' and not d.held and d.endpoint > e.endpoint order by d.endpoint limit 1)
    from endpoint e
   where e.endpoint is not null
), longest_due as materialized (
  select c.id
    from endpoint e
    left join unnest($4::text[], $5::int[]) as busy(endpoint, free) on busy.endpoint = e.endpoint
   cross join lateral (
     select d.id, coalesce(d.next_attempt_at, d.created_at) as due
       from deliveries d
      where (d.endpoint, coalesce(d.next_attempt_at, d.created_at)) >= (e.endpoint, '-infinity'::timestamptz)
        and (d.endpoint, coalesce(d.next_attempt_at, d.created_at)) <= (e.endpoint, now())
        and d.status = 'PENDING' and not d.held
      order by d.endpoint, coalesce(d.next_attempt_at, d.created_at)
      limit least(coalesce(busy.free, $6), $2)) c
   where e.endpoint is not null and e.endpoint <> all($3::text[])
   order by c.due
   limit $2
), chosen as (
  select d.id
    from longest_due l
   cross join lateral (
     select d.id from deliveries d
      where d.id = l.id and d.status = 'PENDING' and not d.held and coalesce(d.next_attempt_at, d.created_at) <= now()
        for update skip locked) d
), claimed as (${CLAIMED}
)
select claimed.* from claimed`;

/**
 * How many of the longest-due rows a claim reads for each delivery it may take (the window, CLAIM_SQL). More
 * than one: claims of other processes at the same moment lock rows of the same window, which this one skips,
 * and a window of four times the claim still fills it while up to four processes claim at once.
 */
const WINDOW_PER_CLAIMED = 4;

export interface Claim {
  deliveries: ClaimedDelivery[];
  /** True when the claim took as many as it could: more may be waiting. */
  more: boolean;
}

/**
 * Claims up to `most` due deliveries within the endpoints' room. One statement as a rule; a second, endpoint
 * by endpoint, only when the window was full of rows this claim could not take (endpoints at their limit or
 * out of room): then other endpoints' due work may wait behind them, and the second statement finds it
 * without reading their backlog.
 */
export async function claimDue(pool: pg.Pool, processId: string, most: number, room: EndpointRoom): Promise<Claim> {
  const window = most * WINDOW_PER_CLAIMED;
  const { rows } = await pool.query<ClaimedDelivery & { scanned: number }>(
    prepared(pool, 'claim-due', CLAIM_SQL, [processId, most, ...roomParameters(room), window]),
  );
  const deliveries = rows
    .filter((row) => row.id !== null)
    .map(({ scanned: _scanned, ...delivery }) => delivery as ClaimedDelivery);
  const windowFull = rows[0].scanned >= window;
  if (!windowFull || deliveries.length >= most) return { deliveries, more: deliveries.length >= most || windowFull };
  const { rows: behind } = await pool.query<ClaimedDelivery>(
    prepared(pool, 'claim-due-by-endpoint', CLAIM_BY_ENDPOINT_SQL, [
      processId,
      most - deliveries.length,
      ...roomParameters(roomAfter(room, deliveries)),
    ]),
  );
  const all = [...deliveries, ...behind];
  return { deliveries: all, more: all.length >= most };
}

/** $3..$6 of both claims: the full endpoints, the busy ones with their free slots, and any other's limit. */
function roomParameters(room: EndpointRoom): [string[], string[], number[], number] {
  return [room.full, room.busy.map((b) => b.endpoint), room.busy.map((b) => b.free), room.limit];
}

/** The room left once `taken` are under way: a slot less for each one's endpoint, and full where none is left. */
function roomAfter(room: EndpointRoom, taken: readonly Pick<ClaimedDelivery, 'endpoint'>[]): EndpointRoom {
  if (taken.length === 0) return room;
  const free = new Map(room.busy.map((b) => [b.endpoint, b.free]));
  for (const { endpoint } of taken) free.set(endpoint, (free.get(endpoint) ?? room.limit) - 1);
  const full = [...room.full];
  const busy: EndpointRoom['busy'] = [];
  for (const [endpoint, left] of free) {
    if (left > 0) busy.push({ endpoint, free: left });
    else full.push(endpoint);
  }
  return { full, busy, limit: room.limit };
}
