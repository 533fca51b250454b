import pg from 'pg';
import { uuidv7 } from '../../src/common/ids.js';
import { runMigrations } from '../../src/db/database.js';
import { claimDue } from '../../src/delivery-engine/claim.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { describeOnServer } from '../support/on-server.js';

// The deliveries table as its own queue (src/delivery-engine/claim.ts): what a claim takes, on the table
// itself. Needs a PostgreSQL server: two claims at once need two sessions, and the NOTIFY test a LISTEN.

const PROCESS = 'hub-claim-test';
const A = 'http://127.0.0.1:9';
const B = 'http://127.0.0.2:9';
const C = 'http://127.0.0.3:9';

describeOnServer('claiming due deliveries', () => {
  let db: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    db = await createTestDatabase();
    await runMigrations(db.url);
    pool = new pg.Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });
  beforeEach(async () => {
    await pool.query('delete from deliveries');
  });

  interface Row {
    endpoint?: string;
    held?: boolean;
    status?: string;
    /** Seconds from now; null: never attempted (due since created). */
    nextAttemptIn?: number | null;
    /** Seconds ago it was created. */
    age?: number;
  }

  async function delivery(row: Row = {}): Promise<string> {
    const id = uuidv7();
    const endpoint = row.endpoint ?? A;
    await pool.query(
      `insert into deliveries (id, created_at, updated_at, event_id, event_type, application_id, url, endpoint, payload, status, held, next_attempt_at)
       values ($1, now() - make_interval(secs => $2), now(), $3, 'ORDER_CREATED', $4, $5, $6, '{}', $7, $8,
               case when $9::float8 is null then null else now() + make_interval(secs => $9::float8) end)`,
      [
        id,
        row.age ?? 0,
        uuidv7(),
        uuidv7(),
        `${endpoint}/hook`,
        endpoint,
        row.status ?? 'PENDING',
        row.held ?? false,
        row.nextAttemptIn ?? null,
      ],
    );
    return id;
  }

  const room = (over: Partial<{ full: string[]; busy: { endpoint: string; free: number }[]; limit: number }> = {}) => ({
    full: [],
    busy: [],
    limit: 64,
    ...over,
  });

  it('takes due deliveries, the longest due first, and marks them DELIVERING by this process', async () => {
    const newer = await delivery({ age: 1 });
    const older = await delivery({ age: 10 });
    const retryDue = await delivery({ age: 100, nextAttemptIn: -5 });
    const claim = await claimDue(pool, PROCESS, 10, room());
    expect(claim.deliveries.map((d) => d.id).sort()).toEqual([newer, older, retryDue].sort());
    expect(claim.more).toBe(false);
    const { rows } = await pool.query(
      `select status, claimed_by, attempt_count, next_attempt_at from deliveries order by id`,
    );
    for (const row of rows)
      expect(row).toMatchObject({ status: 'DELIVERING', claimed_by: PROCESS, attempt_count: 1, next_attempt_at: null });
    expect((await claimDue(pool, PROCESS, 10, room())).deliveries).toEqual([]);
  });

  it('leaves what is not due: a retry later, a held delivery, anything not PENDING', async () => {
    await delivery({ nextAttemptIn: 60 });
    await delivery({ held: true });
    await delivery({ status: 'DELIVERED' });
    await delivery({ status: 'FAILED' });
    expect((await claimDue(pool, PROCESS, 10, room())).deliveries).toEqual([]);
  });

  it('takes at most what it asks for, oldest first, and says more may be due', async () => {
    const ids = [];
    for (let age = 5; age > 0; age--) ids.push(await delivery({ age }));
    const claim = await claimDue(pool, PROCESS, 3, room());
    expect(claim.deliveries.map((d) => d.id).sort()).toEqual(ids.slice(0, 3).sort());
    expect(claim.more).toBe(true);
  });

  it("keeps to each endpoint's room and reads nothing of a full endpoint", async () => {
    for (let i = 0; i < 4; i++) await delivery({ endpoint: A, age: 10 });
    const onB = [await delivery({ endpoint: B, age: 1 }), await delivery({ endpoint: B, age: 1 })];
    const busy = await claimDue(pool, PROCESS, 10, room({ busy: [{ endpoint: A, free: 1 }], limit: 64 }));
    expect(busy.deliveries.filter((d) => d.endpoint === A)).toHaveLength(1);
    expect(
      busy.deliveries
        .filter((d) => d.endpoint === B)
        .map((d) => d.id)
        .sort(),
    ).toEqual(onB.sort());
    const full = await claimDue(pool, PROCESS, 10, room({ full: [A] }));
    expect(full.deliveries).toEqual([]);
    const byLimit = await claimDue(pool, PROCESS, 10, room({ limit: 2 }));
    expect(byLimit.deliveries).toHaveLength(2);
  });

  /** `count` due rows of `endpoint`, created `age` seconds ago and one millisecond apart, the first oldest. */
  async function backlog(endpoint: string, count: number, age: number): Promise<void> {
    await pool.query(
      `insert into deliveries (id, created_at, updated_at, event_id, event_type, application_id, url, endpoint, payload, status, held)
       select gen_random_uuid(), now() - make_interval(secs => $1) + g * interval '1 millisecond', now(), gen_random_uuid(), 'ORDER_CREATED',
              gen_random_uuid(), $2, $3, '{}', 'PENDING', false
         from generate_series(1, $4) g`,
      [age, `${endpoint}/hook`, endpoint, count],
    );
  }

  it("finds other endpoints' due work behind a full endpoint's backlog without reading that backlog", async () => {
    // A slow partner at its limit with 2,000 due deliveries, all due before anything else.
    await backlog(A, 2000, 100);
    // Statistics, as autovacuum's analyze keeps them on a live table: without any, the planner takes this
    // just-created table for a few rows and reads it whole whatever the statement.
    await pool.query('analyze deliveries');
    const onB = [await delivery({ endpoint: B, age: 1 }), await delivery({ endpoint: B, age: 1 })];
    const client = await pool.connect();
    // The rows of deliveries this session has read so far (pg_stat_xact_user_tables: this transaction's counts,
    // with the session's not yet reported).
    const rowsRead = async () =>
      Number(
        (
          await client.query(
            `select idx_tup_fetch + seq_tup_read as read from pg_stat_xact_user_tables where relname = 'deliveries'`,
          )
        ).rows[0].read,
      );
    try {
      await client.query('begin');
      const before = await rowsRead();
      const claim = await claimDue(client as unknown as pg.Pool, PROCESS, 8, room({ full: [A] }));
      const read = (await rowsRead()) - before;
      expect(claim.deliveries.map((d) => d.id).sort()).toEqual(onB.sort());
      expect(claim.more).toBe(false);
      // The window (4 rows per delivery it may take) and their lookups, a probe per endpoint, the two of B;
      // reading past the backlog row by row was over 2,000.
      expect(read).toBeLessThan(100);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('behind the window, takes endpoint by endpoint the longest due first, within each room, no more than asked', async () => {
    await backlog(A, 100, 100);
    await backlog(B, 3, 50);
    await backlog(C, 5, 40);
    const claim = await claimDue(pool, PROCESS, 4, room({ full: [A], busy: [{ endpoint: B, free: 1 }] }));
    const { rows } = await pool.query(
      `select endpoint, created_at from deliveries where status = 'DELIVERING' order by created_at`,
    );
    const { rows: oldest } = await pool.query(
      `(select endpoint, created_at from deliveries where endpoint = $1 order by created_at limit 1)
       union all (select endpoint, created_at from deliveries where endpoint = $2 order by created_at limit 3) order by created_at`,
      [B, C],
    );
    expect(rows).toEqual(oldest);
    expect(claim.deliveries).toHaveLength(4);
    expect(claim.more).toBe(true);
  });

  it("keeps to an endpoint's room across the window and the endpoint-by-endpoint claim", async () => {
    const first = await delivery({ endpoint: B, age: 200 });
    await backlog(A, 100, 100);
    await backlog(B, 5, 10);
    const claim = await claimDue(pool, PROCESS, 4, room({ full: [A], busy: [{ endpoint: B, free: 2 }] }));
    expect(claim.deliveries.map((d) => d.endpoint)).toEqual([B, B]);
    expect(claim.deliveries[0].id).toBe(first);
  });

  it('never gives one delivery to two claims at once', async () => {
    for (let i = 0; i < 40; i++) await delivery({ endpoint: i % 2 ? A : B });
    const claims = await Promise.all([1, 2, 3, 4].map((n) => claimDue(pool, `hub-claim-${n}`, 15, room())));
    const ids = claims.flatMap((c) => c.deliveries.map((d) => d.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(40);
  });

  it('wakes listeners when a delivery is written, at commit and not before', async () => {
    const listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    try {
      const heard: string[] = [];
      listener.on('notification', (n) => heard.push(n.channel));
      await listener.query('listen hub_deliveries_due');
      const writer = await pool.connect();
      try {
        await writer.query('begin');
        await writer.query(
          `insert into deliveries (id, created_at, updated_at, event_id, event_type, application_id, url, endpoint, payload, status, held)
           values ($1, now(), now(), $2, 'ORDER_CREATED', $3, $4, $5, '{}', 'PENDING', false)`,
          [uuidv7(), uuidv7(), uuidv7(), `${A}/hook`, A],
        );
        await listener.query('select 1');
        expect(heard).toEqual([]);
        await writer.query('commit');
      } finally {
        writer.release();
      }
      const deadline = Date.now() + 5000;
      while (heard.length === 0 && Date.now() < deadline) await listener.query('select 1');
      expect(heard).toEqual(['hub_deliveries_due']);
    } finally {
      await listener.end();
    }
  });
});
