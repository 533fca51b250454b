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
      [id, row.age ?? 0, uuidv7(), uuidv7(), `${endpoint}/hook`, endpoint, row.status ?? 'PENDING', row.held ?? false, row.nextAttemptIn ?? null],
    );
    return id;
  }

  const room = (over: Partial<{ full: string[]; busy: { endpoint: string; free: number }[]; limit: number }> = {}) => ({ full: [], busy: [], limit: 64, ...over });

  it('takes due deliveries, the longest due first, and marks them DELIVERING by this process', async () => {
    const newer = await delivery({ age: 1 });
    const older = await delivery({ age: 10 });
    const retryDue = await delivery({ age: 100, nextAttemptIn: -5 });
    const claim = await claimDue(pool, PROCESS, 10, room());
    expect(claim.deliveries.map((d) => d.id).sort()).toEqual([newer, older, retryDue].sort());
    expect(claim.more).toBe(false);
    const { rows } = await pool.query(`select status, claimed_by, attempt_count, next_attempt_at from deliveries order by id`);
    for (const row of rows) expect(row).toMatchObject({ status: 'DELIVERING', claimed_by: PROCESS, attempt_count: 1, next_attempt_at: null });
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
    expect(busy.deliveries.filter((d) => d.endpoint === B).map((d) => d.id).sort()).toEqual(onB.sort());
    const full = await claimDue(pool, PROCESS, 10, room({ full: [A] }));
    expect(full.deliveries).toEqual([]);
    const byLimit = await claimDue(pool, PROCESS, 10, room({ limit: 2 }));
    expect(byLimit.deliveries).toHaveLength(2);
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
