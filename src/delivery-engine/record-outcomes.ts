import type pg from 'pg';
import type { ClaimedDelivery } from './claim.js';
import { GroupCommit } from './group-commit.js';
import { CHAIN_LOCK_SQL, TRY_CHAIN_LOCKS_SQL } from './chain-locks.js';
import { prepared } from './prepared.js';
import { notifyExpression } from '../live/notify.js';
import type { NextStep } from './retry-policy.js';

// Recording what attempts came to: the attempt row, the delivery's new state (for a retry, PENDING and due
// at its next attempt), and for a finished delivery of an ordering chain the release of the chain's next one. Attempts that end
// together are recorded together (group commit): one statement for the lot, in a transaction with the chain
// locks when a chain is finished, instead of a transaction each.

export interface AttemptRecord {
  startedAt: Date;
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
 * Every outcome of a batch in one statement, with a live signal each (NOTIFY, sent at commit). Only deliveries still claimed by this process ($1) change; an
 * attempt is logged even when its delivery was handed back meanwhile. A chain is released only by a
 * delivery of it that is recorded here as finished (DELIVERED or FAILED), and only if no other delivery of the
 * chain is still on its way (a replayed delivery finishing does not let a later one overtake it). The
 * statement's snapshot predates its own updates, so the deliveries it finishes still look DELIVERING to that
 * check: they are left out of it by id. The caller holds the lock of every chain finished here.
 * $2.. one array per column, one element per outcome.
 */
const RECORD_OUTCOMES_SQL = `
with outcome as (
  select * from unnest($2::uuid[], $3::text[], $4::timestamptz[], $5::text[], $6::int[], $7::timestamptz[], $8::int[], $9::text[], $10::int[], $11::text[])
    as o(id, status, next_attempt_at, last_error, attempt_number, started_at, http_status, error, latency_ms, response_excerpt)
), recorded as (
  update deliveries d
     set status = o.status, claimed_by = null, updated_at = now(),
         delivered_at = case when o.status = 'DELIVERED' then now() else d.delivered_at end,
         next_attempt_at = o.next_attempt_at, last_error = o.last_error
    from outcome o
   where d.id = o.id and d.claimed_by = $1 and d.status = 'DELIVERING'
  returning d.id, d.status, d.ordering_key, d.url, d.account_id, d.location_id, d.application_id, d.event_type
), logged as (
  insert into delivery_attempts (id, created_at, updated_at, delivery_id, attempt_number, started_at, http_status, error, latency_ms, response_excerpt)
  select gen_random_uuid(), now(), now(), id, attempt_number, started_at, http_status, error, latency_ms, response_excerpt from outcome
), finished as (
  select id, ordering_key, url from recorded where ordering_key is not null and status <> 'PENDING'
), successor as (
  select distinct on (held.ordering_key, held.url) held.id
    from (select distinct ordering_key, url from finished) chain
    join deliveries held on held.ordering_key = chain.ordering_key and held.url = chain.url and held.held and held.status = 'PENDING'
   where not exists (
     select 1 from deliveries busy
      where busy.ordering_key = chain.ordering_key and busy.url = chain.url and not busy.held and busy.status in ('PENDING', 'DELIVERING')
        and busy.id not in (select id from finished))
   order by held.ordering_key, held.url, held.chain_position
), released as (
  update deliveries d
     set held = false, updated_at = now()
    from successor
   where d.id = successor.id
  returning d.id
)
select (select count(*) from recorded)::int as recorded, (select count(*) from released)::int as released,
       (select count(*) from (select ${notifyExpression(DELIVERY_SIGNAL_SQL)} from recorded) notified)::int as notified`;

/** PostgreSQL text cannot hold U+0000, which a partner's answer may; the log keeps the rest of it. */
function storable(text: string | null): string | null {
  return text === null ? null : text.replaceAll('\u0000', '');
}

function parameters(processId: string, outcomes: readonly AttemptOutcome[]): unknown[] {
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
  ];
}

/** A finished delivery of an ordering chain: recording it may release the chain's next one, under the chain's lock. */
function finishesChain(o: AttemptOutcome): boolean {
  return o.step.kind !== 'retry' && o.delivery.ordering_key !== null;
}

const chainOf = (o: AttemptOutcome) => `${o.delivery.ordering_key}\n${o.delivery.url}`;

type Recorded = 'recorded' | 'chain busy';

/** Called with how many held deliveries a recording released: they are due now. */
type OnReleased = (count: number) => void;

/** Runs the recording statement on `client` (the pool, or a connection in a transaction); answers how many it released. */
async function recordOutcomes(client: pg.Pool | pg.PoolClient, pool: pg.Pool, processId: string, outcomes: readonly AttemptOutcome[]): Promise<number> {
  const { rows: [row] } = await client.query<{ released: number }>(prepared(pool, 'record-outcomes', RECORD_OUTCOMES_SQL, parameters(processId, outcomes)));
  return row.released;
}

/**
 * One batch: a single statement when it finishes no chain; otherwise a transaction that takes the free
 * chain locks (never waiting) and records every outcome but those of chains whose lock was taken.
 */
async function recordBatch(pool: pg.Pool, processId: string, outcomes: readonly AttemptOutcome[], onReleased: OnReleased): Promise<Recorded[]> {
  const chains = new Map<string, { orderingKey: string; url: string }>();
  for (const o of outcomes) if (finishesChain(o)) chains.set(chainOf(o), { orderingKey: o.delivery.ordering_key!, url: o.delivery.url });
  if (chains.size === 0) {
    await recordOutcomes(pool, pool, processId, outcomes);
    return outcomes.map(() => 'recorded');
  }
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows: busy } = await client.query<{ ordering_key: string; url: string }>(
      prepared(pool, 'try-chain-locks', TRY_CHAIN_LOCKS_SQL, [[...chains.values()].map((c) => c.orderingKey), [...chains.values()].map((c) => c.url)]),
    );
    const busyChains = new Set(busy.map((c) => `${c.ordering_key}\n${c.url}`));
    const results = outcomes.map((o): Recorded => (finishesChain(o) && busyChains.has(chainOf(o)) ? 'chain busy' : 'recorded'));
    const now = outcomes.filter((_, i) => results[i] === 'recorded');
    const released = now.length > 0 ? await recordOutcomes(client, pool, processId, now) : 0;
    await client.query('commit');
    if (released > 0) onReleased(released);
    return results;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** One finished delivery of a chain whose lock was busy: waits for that lock, holding no other. */
async function recordUnderChainLock(pool: pg.Pool, processId: string, outcome: AttemptOutcome, onReleased: OnReleased): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(CHAIN_LOCK_SQL, [outcome.delivery.ordering_key, outcome.delivery.url]);
    const released = await recordOutcomes(client, pool, processId, [outcome]);
    await client.query('commit');
    if (released > 0) onReleased(released);
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Records the outcomes of one process's attempts, grouped: each caller waits for its own outcome to be
 * committed. One whose chain lock an enqueuing transaction holds at that moment is recorded on its own once
 * the lock is free, so that wait holds up neither the others nor the next batch. `onReleased` hears, after
 * the commit, that held deliveries became due (the worker then claims them without waiting for a poll).
 */
export class OutcomeRecorder {
  private readonly batches: GroupCommit<AttemptOutcome, Recorded>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly processId: string,
    private readonly onReleased: OnReleased = () => undefined,
  ) {
    this.batches = new GroupCommit((outcomes) => recordBatch(pool, processId, outcomes, onReleased));
  }

  async record(outcome: AttemptOutcome): Promise<void> {
    if ((await this.batches.add(outcome)) === 'chain busy') await recordUnderChainLock(this.pool, this.processId, outcome, this.onReleased);
  }
}
