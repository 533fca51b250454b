import pg from 'pg';
import { uuidv7 } from '../../src/common/ids.js';
import { runMigrations } from '../../src/db/database.js';
import { CHAIN_LOCK_SQL } from '../../src/delivery-engine/chain-locks.js';
import { ENQUEUE_SQL } from '../../src/delivery-engine/outbox.js';
import {
  OutcomeRecorder,
  RECORD_SQL,
  recordParameters,
  type AttemptOutcome,
} from '../../src/delivery-engine/record-outcomes.js';
import type { NextStep } from '../../src/delivery-engine/retry-policy.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { describeOnServer } from '../support/on-server.js';

// Recording attempt outcomes in batches, on the delivery tables themselves: deliveries are written in the
// state a claim leaves them in, then their outcomes are recorded the way the worker does (many at once when
// they arrive together), and what the tables say afterwards is checked. Needs a PostgreSQL server: the chain
// lock tests need a second session.

const PROCESS = 'hub-recording-test';
const URL_A = 'http://127.0.0.1:9/a';

interface Row {
  status?: 'PENDING' | 'DELIVERING' | 'DELIVERED' | 'FAILED';
  held?: boolean;
  claimedBy?: string | null;
  orderingKey?: string | null;
  chainPosition?: number | null;
  url?: string;
  attemptCount?: number;
}

describeOnServer('recording attempt outcomes in batches', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let recorder: OutcomeRecorder;
  /** What the recorder told the worker it released (held deliveries made due). */
  const releases: number[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.url);
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    // pool.end() resolves before its connections are closed, and the database is then dropped WITH (FORCE): a
    // connection still closing hears of it as an error of the idle client.
    pool.on('error', () => undefined);
    recorder = new OutcomeRecorder(pool, PROCESS, (count) => releases.push(count));
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  /** A delivery as a claim by this process leaves it (DELIVERING, one attempt made), unless told otherwise. */
  async function delivery(row: Row = {}): Promise<string> {
    const id = uuidv7();
    const url = row.url ?? URL_A;
    const status = row.status ?? 'DELIVERING';
    await pool.query(
      `insert into deliveries (id, created_at, updated_at, event_id, event_type, application_id, ordering_key, chain_position, url, endpoint,
                               payload, status, held, attempt_count, round_attempts, claimed_by)
       values ($1, now(), now(), $2, 'ORDER_STATUS_CHANGED', $3, $4, $5, $6, $7, '{}', $8, $9, $10, $10, $11)`,
      [
        id,
        uuidv7(),
        uuidv7(),
        row.orderingKey ?? null,
        row.chainPosition ?? null,
        url,
        new URL(url).origin,
        status,
        row.held ?? false,
        row.attemptCount ?? (status === 'DELIVERING' ? 1 : 0),
        row.claimedBy !== undefined ? row.claimedBy : status === 'DELIVERING' ? PROCESS : null,
      ],
    );
    return id;
  }

  /**
   * An ordering chain of deliveries, positions 1.. in the order given, marked as the outbox marks them: an
   * unfinished delivery that a held one was enqueued behind has successor_waiting.
   */
  async function chain(...rows: Row[]): Promise<string[]> {
    const orderingKey = uuidv7();
    const ids: string[] = [];
    for (const [i, row] of rows.entries()) ids.push(await delivery({ orderingKey, chainPosition: i + 1, ...row }));
    await pool.query(
      `update deliveries d set successor_waiting = true
        where d.ordering_key = $1 and d.status in ('PENDING', 'DELIVERING')
          and exists (select 1 from deliveries h where h.ordering_key = d.ordering_key and h.held and h.chain_position > d.chain_position)`,
      [orderingKey],
    );
    return ids;
  }

  /** What the outbox's insert of a chained delivery does ($n of ENQUEUE_SQL), on the enqueuer's connection. */
  async function enqueueBehind(enqueuer: pg.Client, orderingKey: string): Promise<string> {
    const id = uuidv7();
    await enqueuer.query(ENQUEUE_SQL, [
      id,
      uuidv7(),
      'ORDER_STATUS_CHANGED',
      uuidv7(),
      null,
      null,
      null,
      orderingKey,
      URL_A,
      new URL(URL_A).origin,
      '{}',
      null,
      null,
      null,
    ]);
    return id;
  }

  async function outcomeOf(id: string, step: NextStep, httpStatus: number | null = 200): Promise<AttemptOutcome> {
    const {
      rows: [d],
    } = await pool.query('select id, ordering_key, url, attempt_count from deliveries where id = $1', [id]);
    return {
      delivery: d,
      step,
      attempt: { startedAt: new Date(), url: d.url, httpStatus, error: null, latencyMs: 3.4, responseExcerpt: '{}' },
    };
  }
  const delivered: NextStep = { kind: 'delivered' };
  const failed: NextStep = { kind: 'failed', reason: 'HTTP 410: the partner asked to stop' };
  const retry: NextStep = { kind: 'retry', delayMs: 60_000, reason: 'HTTP 500' };

  async function state(id: string) {
    const {
      rows: [row],
    } = await pool.query(
      `select d.status, d.held, d.claimed_by, d.updated_at, d.last_error, d.next_attempt_at,
              (d.status = 'PENDING' and not d.held and coalesce(d.next_attempt_at, d.created_at) <= now()) as due,
              (select count(*)::int from delivery_attempts a where a.delivery_id = d.id) as attempts
         from deliveries d where d.id = $1`,
      [id],
    );
    return row;
  }

  /** Records outcomes as attempts ending together do: all handed in at once, each caller awaiting its own. */
  const recordTogether = async (outcomes: AttemptOutcome[]) => Promise.all(outcomes.map((o) => recorder.record(o)));

  it('records many outcomes in one transaction: states, attempts, retries due later', async () => {
    const ids = await Promise.all(Array.from({ length: 21 }, () => delivery()));
    const steps = ids.map((_, i) => (i % 3 === 0 ? delivered : i % 3 === 1 ? retry : failed));
    await recordTogether(await Promise.all(ids.map((id, i) => outcomeOf(id, steps[i], i % 3 === 0 ? 200 : 500))));
    const states = await Promise.all(ids.map(state));
    states.forEach((s, i) => {
      expect(s).toMatchObject({
        claimed_by: null,
        attempts: 1,
        status: { delivered: 'DELIVERED', retry: 'PENDING', failed: 'FAILED' }[steps[i].kind],
      });
      expect(s.due).toBe(false);
      if (steps[i].kind === 'retry') {
        expect(s.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 50_000);
        expect(s.last_error).toBe('HTTP 500');
      } else {
        expect(s.next_attempt_at).toBeNull();
      }
    });
    // now() is the transaction's start: the first outcome went alone, the 20 that arrived while it was being
    // written went together, in one transaction.
    expect(new Set(states.slice(1).map((s) => s.updated_at.getTime())).size).toBe(1);
  });

  it("logs the attempt of a delivery handed back meanwhile, and leaves the delivery's state to its new owner", async () => {
    const handedBack = await delivery({ status: 'PENDING', claimedBy: null, attemptCount: 1 });
    const takenByOther = await delivery({ claimedBy: 'hub-other' });
    const ours = await delivery();
    await recordTogether([
      await outcomeOf(ours, delivered),
      await outcomeOf(handedBack, delivered),
      await outcomeOf(takenByOther, delivered),
    ]);
    expect(await state(handedBack)).toMatchObject({ status: 'PENDING', attempts: 1, due: true });
    expect(await state(takenByOther)).toMatchObject({ status: 'DELIVERING', claimed_by: 'hub-other', attempts: 1 });
    expect(await state(ours)).toMatchObject({ status: 'DELIVERED', attempts: 1 });
  });

  it('releases the next held delivery of each chain a batch finishes, and only that one', async () => {
    const [a1, a2, a3] = await chain({}, { status: 'PENDING', held: true }, { status: 'PENDING', held: true });
    const [b1, b2] = await chain({}, { status: 'PENDING', held: true });
    const [c1, c2] = await chain({}, { status: 'PENDING', held: true });
    releases.length = 0;
    await recordTogether([
      await outcomeOf(a1, delivered),
      await outcomeOf(b1, failed, 410),
      await outcomeOf(c1, retry, 500),
    ]);
    expect(await state(a2)).toMatchObject({ status: 'PENDING', held: false, due: true });
    expect(await state(a3)).toMatchObject({ held: true, due: false });
    // A FAILED delivery releases its chain too; a retry keeps its place.
    expect(await state(b2)).toMatchObject({ held: false, due: true });
    expect(await state(c2)).toMatchObject({ held: true, due: false });
    // The worker hears that two deliveries became due (the first outcome goes alone, the other two together),
    // after the commits, so it claims them at once.
    expect(releases.reduce((sum, n) => sum + n, 0)).toBe(2);
  });

  it('releases a chain once when two of its deliveries finish in the same batch', async () => {
    // A replayed delivery and the one its first success released, both on their way at once.
    const [replayed, released, next, after] = await chain(
      {},
      {},
      { status: 'PENDING', held: true },
      { status: 'PENDING', held: true },
    );
    const other = await delivery();
    await recordTogether([
      await outcomeOf(other, delivered),
      await outcomeOf(replayed, delivered),
      await outcomeOf(released, delivered),
    ]);
    expect(await state(next)).toMatchObject({ held: false, due: true });
    expect(await state(after)).toMatchObject({ held: true });
  });

  it('does not let a later delivery overtake one of its chain still on its way', async () => {
    // The replayed first delivery finishes while the second is being sent by another process.
    const [replayed, , third] = await chain({}, { claimedBy: 'hub-other' }, { status: 'PENDING', held: true });
    await recordTogether([await outcomeOf(replayed, delivered)]);
    expect(await state(third)).toMatchObject({ held: true, due: false });
  });

  it('records alone, under its chain lock, a delivery an enqueuer is marking, without holding up the rest, then releases what it enqueued', async () => {
    const [first] = await chain({});
    const {
      rows: [{ ordering_key: orderingKey }],
    } = await pool.query('select ordering_key from deliveries where id = $1', [first]);
    const plain = await delivery();
    const enqueuer = new pg.Client({ connectionString: db.url });
    await enqueuer.connect();
    try {
      await enqueuer.query('begin');
      await enqueuer.query(CHAIN_LOCK_SQL, [orderingKey, URL_A]);
      // Under its lock the enqueuer sees the first delivery DELIVERING: it marks it and holds the new one.
      const second = await enqueueBehind(enqueuer, orderingKey);
      let firstRecorded = false;
      const recordingFirst = recorder.record(await outcomeOf(first, delivered)).then(() => (firstRecorded = true));
      await recorder.record(await outcomeOf(plain, delivered));
      expect(await state(plain)).toMatchObject({ status: 'DELIVERED' });
      await waitForLockWaiter();
      expect(firstRecorded).toBe(false);
      expect(await state(first)).toMatchObject({ status: 'DELIVERING', attempts: 0 });
      await enqueuer.query('commit');
      await recordingFirst;
      expect(await state(first)).toMatchObject({ status: 'DELIVERED', attempts: 1 });
      expect(await state(second)).toMatchObject({ held: false, due: true });
    } finally {
      await enqueuer.end();
    }
  });

  it('records a finished delivery without any chain lock while no later one waits behind it', async () => {
    const [only] = await chain({});
    const {
      rows: [{ ordering_key: orderingKey }],
    } = await pool.query('select ordering_key from deliveries where id = $1', [only]);
    const enqueuer = new pg.Client({ connectionString: db.url });
    await enqueuer.connect();
    try {
      // An enqueuer holding the chain's lock (not yet enqueuing) does not hold the recording up...
      await enqueuer.query('begin');
      await enqueuer.query(CHAIN_LOCK_SQL, [orderingKey, URL_A]);
      await recorder.record(await outcomeOf(only, delivered));
      expect(await state(only)).toMatchObject({ status: 'DELIVERED', attempts: 1 });
      // ...and what it enqueues then sees the chain finished: due at once, not held.
      const next = await enqueueBehind(enqueuer, orderingKey);
      await enqueuer.query('commit');
      expect(await state(next)).toMatchObject({ held: false, due: true });
    } finally {
      await enqueuer.end();
    }
  });

  it('never waits for one chain lock while holding another (an enqueuer may take two in its own order)', async () => {
    const [one] = await chain({});
    const [two] = await chain({});
    const { rows: byKey } = await pool.query<{ id: string; ordering_key: string }>(
      'select id, ordering_key from deliveries where id = any($1)',
      [[one, two]],
    );
    const keyOf = (id: string) => byKey.find((r) => r.id === id)!.ordering_key;
    const enqueuer = new pg.Client({ connectionString: db.url });
    await enqueuer.connect();
    try {
      // The enqueuer enqueues behind one (holding its chain lock and its row)...
      await enqueuer.query('begin');
      await enqueuer.query(CHAIN_LOCK_SQL, [keyOf(one), URL_A]);
      const afterOne = await enqueueBehind(enqueuer, keyOf(one));
      // ...while one and two finish in one batch (behind a lone first outcome): one waits for its chain lock...
      const recording = recordTogether([
        await outcomeOf(await delivery(), delivered),
        await outcomeOf(one, delivered),
        await outcomeOf(two, delivered),
      ]);
      await waitForLockWaiter();
      // ...and the enqueuer now wants two's lock and row: it gets them, so the recording held neither while waiting.
      await enqueuer.query(CHAIN_LOCK_SQL, [keyOf(two), URL_A]);
      const afterTwo = await enqueueBehind(enqueuer, keyOf(two));
      await enqueuer.query('commit');
      await recording;
      expect(await state(one)).toMatchObject({ status: 'DELIVERED' });
      expect(await state(two)).toMatchObject({ status: 'DELIVERED' });
      expect(await state(afterOne)).toMatchObject({ held: false, due: true });
      expect(await state(afterTwo)).toMatchObject({ held: false, due: true });
    } finally {
      await enqueuer.end();
    }
  });

  it('keeps an excerpt with a NUL character (PostgreSQL text cannot hold one) instead of failing the batch', async () => {
    const id = await delivery();
    const outcome = await outcomeOf(id, delivered);
    await recordTogether([{ ...outcome, attempt: { ...outcome.attempt, responseExcerpt: 'ok\u0000done' } }]);
    const {
      rows: [attempt],
    } = await pool.query('select response_excerpt from delivery_attempts where delivery_id = $1', [id]);
    expect(attempt.response_excerpt).toBe('okdone');
  });

  // Every outcome leaves behind the row version its claim wrote (DELIVERING, claimed by this process) until
  // VACUUM removes it. The recording must find its rows by primary key: through an index on claimed_by it went
  // over every one of those left-behind versions, more on every batch (measured with `npm run bench:orders`).
  it.each(['skip locked', 'wait'] as const)(
    'records an outcome (%s) through the primary key alone, however many claims this process made before',
    async (lock) => {
      const client = await pool.connect();
      try {
        // As on a busy hub between two VACUUMs: 3,000 deliveries claimed by this process, then recorded.
        await client.query('alter table deliveries set (autovacuum_enabled = false)');
        await client.query(
          `insert into deliveries (id, created_at, updated_at, event_id, event_type, application_id, url, endpoint, payload, status, attempt_count, round_attempts, claimed_by)
         select gen_random_uuid(), now(), now(), gen_random_uuid(), 'ORDER_CREATED', gen_random_uuid(), $1, $2, '{}', 'DELIVERING', 1, 1, $3
           from generate_series(1, 3000)`,
          [URL_A, new URL(URL_A).origin, PROCESS],
        );
        await client.query(
          `update deliveries set status = 'DELIVERED', claimed_by = null, delivered_at = now() where claimed_by = $1 and status = 'DELIVERING'`,
          [PROCESS],
        );
        await client.query('analyze deliveries');
        const id = await delivery();
        // The plan a hub's connection keeps for the statement it prepared (PostgreSQL's generic plan), run once.
        await client.query('begin');
        await client.query('set local plan_cache_mode = force_generic_plan');
        await client.query(`prepare record_plan_test as ${RECORD_SQL[lock]}`);
        // EXECUTE takes no bind parameters: its arguments are written out as literals.
        const literal = (value: unknown): string => {
          if (value === null) return 'null';
          if (Array.isArray(value))
            return client.escapeLiteral(
              `{${value.map((v) => (v === null ? 'NULL' : `"${String(v instanceof Date ? v.toISOString() : v).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`,
            );
          return client.escapeLiteral(String(value));
        };
        const args = recordParameters(PROCESS, [await outcomeOf(id, delivered)])
          .map(literal)
          .join(', ');
        const {
          rows: [explained],
        } = await client.query(`explain (analyze, format json) execute record_plan_test(${args})`);
        await client.query('rollback');
        const reads: string[] = [];
        const walk = (node: Record<string, any>) => {
          if (node['Relation Name'] === 'deliveries' && /Scan$/.test(node['Node Type']))
            reads.push(`${node['Node Type']} ${node['Index Name'] ?? ''}`.trim());
          for (const child of node.Plans ?? []) walk(child);
        };
        walk(explained['QUERY PLAN'][0].Plan);
        expect(reads.length).toBeGreaterThanOrEqual(3); // mine, skipped, the update
        expect(new Set(reads)).toEqual(new Set(['Index Scan deliveries_pkey']));
        expect(await state(id)).toMatchObject({ status: 'DELIVERING' }); // rolled back: only the plan was wanted
      } finally {
        await client.query('rollback').catch(() => undefined);
        await client.query('deallocate all');
        await client.query('alter table deliveries reset (autovacuum_enabled)');
        client.release();
      }
    },
  );

  /** Until a session of this database waits for an advisory lock: the recorder is blocked on a chain lock. */
  async function waitForLockWaiter(): Promise<void> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const { rows } = await pool.query(
        `select 1 from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and not l.granted and d.datname = current_database()`,
      );
      if (rows.length > 0) return;
      if (Date.now() > deadline) throw new Error('no session waits for a chain lock');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
});
