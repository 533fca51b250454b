import type pg from 'pg';
import type { ClaimedDelivery } from './claim.js';
import { NaturalBatch } from '../db/natural-batch.js';
import { CHAIN_LOCK_SQL } from './chain-locks.js';
import { prepared } from './prepared.js';
import { notifyExpression } from '../live/notify.js';
import type { NextStep } from './retry-policy.js';

// Recording what attempts came to: the attempt row and the delivery's new state (for a retry, PENDING and due
// at its next attempt). Attempts that end together are recorded together (group commit): one statement for
// the lot. A finished delivery of an ordering chain that a later delivery waits behind then releases that
// one, under the chain's lock, in a short transaction of its own.
//
// How the recording knows, without taking the chain lock, whether a later delivery waits: an enqueuer that
// finds an unfinished delivery in the chain (under the chain lock) marks it successor_waiting in the same
// statement that inserts the held one (outbox.ts). Either that mark is committed before the recording locks
// the row, and the recording sees it (it updates the row's latest version), or the recording holds the row
// until its commit, and the enqueuer's mark then finds the delivery finished and does not hold the new one.
// A row an enqueuer is marking at that very moment is locked: the recording skips it (never waiting, so it
// cannot deadlock with an enqueuer marking rows of two chains) and records it alone under its chain's lock.

export interface AttemptRecord {
  startedAt: Date;
  /** Where the attempt went (the application's URL at the time: partner-urls.ts). */
  url: string;
  httpStatus: number | null;
  error: string | null;
  latencyMs: number;
  responseExcerpt: string | null;
}

export interface AttemptOutcome {
  delivery: Pick<ClaimedDelivery, 'id' | 'ordering_key' | 'url' | 'attempt_count'>;
  attempt: AttemptRecord;
  step: NextStep;
}

/** The live signal of a recorded outcome (src/live): operators watching the delivery log see it at once. */
const DELIVERY_SIGNAL_SQL = `json_build_object('topic', 'delivery', 'accountId', account_id, 'locationId', location_id, 'applicationId', application_id,
  'deliveryId', id, 'eventType', event_type, 'status', status)::text`;

/**
 * Every outcome of a batch in one statement, with a live signal each (NOTIFY, sent at commit). Only
 * deliveries still claimed by this process ($1) change; an attempt is logged even when its delivery was handed
 * back meanwhile. `lock` says what to do with a row another transaction holds: skip it (the batch; the row
 * comes back in `skipped`, its attempt not logged yet) or wait for it (a lone outcome under its chain's lock).
 * Answers the chains in which a delivery recorded here as finished (DELIVERED or FAILED) has a successor
 * waiting. $2.. one array per column, one element per outcome.
 *
 * `mine` and `skipped` find the batch's rows one primary-key probe each, and only then check that this process
 * still holds them. The `limit 1` keeps PostgreSQL from pulling the probe up into a join or pushing that check
 * down into it. Written as one `id = any(…) and claimed_by = $1` filter, the plan PostgreSQL kept went through
 * the claimed_by index, whose entries for this process are every row version it ever claimed until VACUUM
 * removes the dead ones: each batch read more of them than the one before (0.3 ms a batch at the start of a
 * run, 4.5 ms two minutes later, in `npm run bench:orders`). A row that another process holds by now
 * (handed back and claimed again) is locked by the probe until this statement's transaction ends, and left
 * unchanged.
 */
function recordSql(lock: 'skip locked' | 'wait'): string {
  return `
with outcome as (
  select * from unnest($2::uuid[], $3::text[], $4::timestamptz[], $5::text[], $6::int[], $7::timestamptz[], $8::int[], $9::text[], $10::int[], $11::text[], $12::text[])
    as o(id, status, next_attempt_at, last_error, attempt_number, started_at, http_status, error, latency_ms, response_excerpt, url)
), mine as (
  select d.id
    from outcome o
   cross join lateral (select id, claimed_by, status from deliveries where id = o.id limit 1 for update${lock === 'skip locked' ? ' skip locked' : ''}) d
   where d.claimed_by = $1 and d.status = 'DELIVERING'
), skipped as (
  select d.id
    from outcome o
   cross join lateral (select id, claimed_by, status from deliveries where id = o.id limit 1) d
   where d.claimed_by = $1 and d.status = 'DELIVERING' and d.id not in (select id from mine)
), recorded as (
  update deliveries d
     set status = o.status, claimed_by = null, updated_at = now(),
         delivered_at = case when o.status = 'DELIVERED' then now() else d.delivered_at end,
         next_attempt_at = o.next_attempt_at, last_error = o.last_error
    from outcome o
   where d.id = o.id and d.id in (select id from mine)
  returning d.id, d.status, d.ordering_key, d.url, d.successor_waiting, d.account_id, d.location_id, d.application_id, d.event_type
), logged as (
  insert into delivery_attempts (id, created_at, updated_at, delivery_id, attempt_number, started_at, http_status, error, latency_ms, response_excerpt, url)
  select gen_random_uuid(), now(), now(), id, attempt_number, started_at, http_status, error, latency_ms, response_excerpt, url
    from outcome where id not in (select id from skipped)
)
select (select coalesce(array_agg(id), '{}') from skipped) as skipped,
       (select coalesce(json_agg(json_build_object('orderingKey', ordering_key, 'url', url)), '[]')
          from (select distinct ordering_key, url from recorded where ordering_key is not null and status <> 'PENDING' and successor_waiting) chain) as chains,
       (select count(*) from (select ${notifyExpression(DELIVERY_SIGNAL_SQL)} from recorded) notified)::int as notified`;
}

/**
 * The next held delivery of a chain ($1 ordering key, $2 url), made due, unless another delivery of the chain
 * is still on its way (a replayed one: the later one must not overtake it; it releases the chain when it
 * finishes). Runs under the chain's lock, in a statement of its own, so it sees what enqueuers committed.
 */
const RELEASE_SQL = `
update deliveries d
   set held = false, updated_at = now()
 where d.id = (select id from deliveries where ordering_key = $1 and url = $2 and held and status = 'PENDING' order by chain_position limit 1)
   and not exists (select 1 from deliveries where ordering_key = $1 and url = $2 and not held and status in ('PENDING', 'DELIVERING'))
returning d.id`;

interface Chain {
  orderingKey: string;
  url: string;
}

interface RecordResult {
  skipped: string[];
  chains: Chain[];
}

/** PostgreSQL text cannot hold U+0000, which a partner's answer may; the log keeps the rest of it. */
function storable(text: string | null): string | null {
  return text === null ? null : text.replaceAll('\u0000', '');
}

/** The record statement's parameters for these outcomes of `processId`'s attempts. */
export function recordParameters(processId: string, outcomes: readonly AttemptOutcome[]): unknown[] {
  const now = Date.now();
  const column = <V>(value: (o: AttemptOutcome) => V) => outcomes.map(value);
  return [
    processId,
    column((o) => o.delivery.id),
    column(({ step }) => (step.kind === 'delivered' ? 'DELIVERED' : step.kind === 'failed' ? 'FAILED' : 'PENDING')),
    column(({ step }) => (step.kind === 'retry' ? new Date(now + step.delayMs) : null)),
    column(({ step }) => (step.kind === 'delivered' ? null : step.reason)),
    column((o) => o.delivery.attempt_count),
    column((o) => o.attempt.startedAt),
    column((o) => o.attempt.httpStatus),
    column((o) => storable(o.attempt.error)),
    column((o) => Math.round(o.attempt.latencyMs)),
    column((o) => storable(o.attempt.responseExcerpt)),
    column((o) => o.attempt.url),
  ];
}

/** Both variants built once: the text is the same on every batch. Exported for the test of its plan. */
export const RECORD_SQL = { 'skip locked': recordSql('skip locked'), wait: recordSql('wait') } as const;

async function record(
  client: pg.Pool | pg.PoolClient,
  pool: pg.Pool,
  processId: string,
  outcomes: readonly AttemptOutcome[],
  lock: 'skip locked' | 'wait',
): Promise<RecordResult> {
  const name = lock === 'wait' ? 'record-outcomes-waiting' : 'record-outcomes';
  const {
    rows: [row],
  } = await client.query<RecordResult>(prepared(pool, name, RECORD_SQL[lock], recordParameters(processId, outcomes)));
  return row;
}

/** Runs `work` in a transaction on a connection of its own, under the lock of `chain` when there is one (waiting for it, holding no other). */
async function underChainLock<T>(
  pool: pg.Pool,
  chain: Chain | null,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    if (chain) await client.query(CHAIN_LOCK_SQL, [chain.orderingKey, chain.url]);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Releases the next held delivery of a chain, on `client`, whose transaction holds the chain's lock; answers how many (0 or 1). */
async function releaseNext(client: pg.PoolClient, pool: pg.Pool, chain: Chain): Promise<number> {
  return (
    (await client.query(prepared(pool, 'release-chain', RELEASE_SQL, [chain.orderingKey, chain.url]))).rowCount ?? 0
  );
}

const chainKey = (chain: Chain) => `${chain.orderingKey}\n${chain.url}`;

/** What became of one outcome in its batch: recorded; recorded, and its chain's successor is to be released; or skipped. */
type InBatch = 'recorded' | 'release' | 'skipped';

/**
 * Records the outcomes of one process's attempts, grouped: each caller waits for its own outcome to be
 * committed. Whatever may wait for a lock (releasing a chain's successor, recording a row an enqueuer holds)
 * is done by that outcome's caller after the batch, holding one chain lock at a time, so that wait holds up
 * neither the others nor the next batch. `onReleased` hears, after the commit, that held deliveries became
 * due (the worker then claims them without waiting for a poll).
 */
export class OutcomeRecorder {
  private readonly batches: NaturalBatch<AttemptOutcome, InBatch>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly processId: string,
    private readonly onReleased: (count: number) => void = () => undefined,
  ) {
    this.batches = new NaturalBatch((outcomes) => this.recordBatch(outcomes));
  }

  async record(outcome: AttemptOutcome): Promise<void> {
    const inBatch = await this.batches.add(outcome);
    if (inBatch === 'recorded') return;
    const { ordering_key: orderingKey, url } = outcome.delivery;
    const chain = orderingKey === null ? null : { orderingKey, url };
    const released = await underChainLock(this.pool, chain, async (client) => {
      if (inBatch === 'release') return releaseNext(client, this.pool, chain!);
      const recorded = await record(client, this.pool, this.processId, [outcome], 'wait');
      return recorded.chains.length > 0 ? releaseNext(client, this.pool, chain!) : 0;
    });
    if (released > 0) this.onReleased(released);
  }

  private async recordBatch(outcomes: readonly AttemptOutcome[]): Promise<InBatch[]> {
    const { skipped, chains } = await record(this.pool, this.pool, this.processId, outcomes, 'skip locked');
    const wasSkipped = new Set(skipped);
    const toRelease = new Set(chains.map(chainKey));
    const released = new Set<string>();
    return outcomes.map((o): InBatch => {
      if (wasSkipped.has(o.delivery.id)) return 'skipped';
      if (o.delivery.ordering_key === null || o.step.kind === 'retry') return 'recorded';
      const key = chainKey({ orderingKey: o.delivery.ordering_key, url: o.delivery.url });
      // One release per chain, by the first of its outcomes in the batch.
      if (!toRelease.has(key) || released.has(key)) return 'recorded';
      released.add(key);
      return 'release';
    });
  }
}
