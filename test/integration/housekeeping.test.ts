import pg from 'pg';
import { createLogger } from '../../src/common/logger.js';
import { deleteInBatches } from '../../src/db/batch-delete.js';
import { deleteDeliveredBefore, DELIVERED_BEFORE } from '../../src/delivery-engine/retention.js';
import { housekeepingTasks } from '../../src/housekeeping.js';
import { MAINTENANCE_LOCK, runMaintenance, type MaintenanceDeps } from '../../src/maintenance.js';
import { query } from '../support/database.js';
import { FakePartner } from '../support/fake-partner.js';
import { itOnServer } from '../support/on-server.js';
import { HttpClient } from '../support/http.js';
import { adminTokenAt, startTestHub, type TestHub } from '../support/test-hub.js';

// Housekeeping (src/maintenance.ts, src/housekeeping.ts) on what a real flow leaves behind: OAuth tokens, idempotency
// keys, delivered deliveries with their attempts, rate limit counts. Nothing goes before its time; at a
// simulated time past every window, all of it goes, in batches, and only one process runs a pass at a time.

const HOOK = '/webhooks';
const DAY = 24 * 3600 * 1000;

let t: TestHub;
let pos: FakePartner;
let deps: MaintenanceDeps;
let loc: Awaited<ReturnType<TestHub['createLocation']>>;

const count = async (table: string, where = 'true') =>
  Number((await query<{ n: string }>(t.db.url, `select count(*) as n from ${table} where ${where}`))[0].n);

beforeAll(async () => {
  pos = await FakePartner.start();
  t = await startTestHub({ RATE_LIMIT_RPS: '10', RATE_LIMIT_BURST: '100' });
  deps = {
    orm: t.hub.orm,
    databaseUrl: t.db.url,
    log: createLogger('silent'),
    tasks: housekeepingTasks({ deliveryRetentionDays: 30, eventFeedRetentionDays: 7, activityRetentionDays: 365 }),
  };
  const posApp = await t.createApplication('POS', { webhookUrl: pos.urlFor(HOOK) });
  const marketApp = await t.createApplication('MARKETPLACE');
  loc = await t.createLocation();
  await t.connect(posApp, loc);
  await t.connect(marketApp, loc);
  const market = await t.applicationClient(marketApp);
  for (let i = 0; i < 5; i++) {
    const body = {
      externalId: `hk-${i}`,
      fulfillmentType: 'PICKUP',
      items: [{ name: 'Soup', quantity: 1, price: 500 }],
      total: 500,
    };
    expect((await market.post(`${loc.path}/orders`, body, { headers: { 'Idempotency-Key': `hk-${i}` } })).status).toBe(
      201,
    );
  }
  await pos.waitForRequests(5, { path: HOOK });
  for (let i = 0; i < 100 && (await count('deliveries', `status = 'DELIVERED'`)) < 5; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
}, 60_000);
afterAll(async () => {
  await t.stop();
  await pos.close();
});

it('deletes nothing before its time', async () => {
  const before = {
    payloads: await count('oidc_payloads'),
    keys: await count('idempotency_keys'),
    deliveries: await count('deliveries'),
    limits: await count('rate_limiter.limits'),
  };
  expect(before.keys).toBe(5);
  expect(before.deliveries).toBe(5);
  // Rate limits are counted in PostgreSQL on a server (in memory on the embedded database: one process).
  if (t.db.real) expect(before.limits).toBeGreaterThan(0);
  const removed = await runMaintenance(deps, new Date());
  expect(removed).toEqual({
    'OAuth codes, tokens and sessions expired': 0,
    'idempotency keys past their window': 0,
    'deliveries delivered before the retention': 0,
    'rate limit counts expired': 0,
    'events past the feed retention': 0,
    'activity older than the retention': 0,
  });
  expect(await count('oidc_payloads')).toBe(before.payloads);
});

it('deletes in batches of the size given, each its own statement', async () => {
  const later = new Date(Date.now() + 2 * DAY);
  // 5 keys, 2 per statement: three statements, all five gone.
  expect(await deleteInBatches(t.hub.orm.em, 'idempotency_keys', 'created_at < ?', [later], 2)).toBe(5);
  expect(await count('idempotency_keys')).toBe(0);
});

itOnServer('finds the deliveries past retention through an index, not by reading the whole log', async () => {
  // The planner reads a small table whole whatever the indexes; with sequential scans priced out it shows
  // whether an index can serve the batch at all (without one it still plans a sequential scan).
  const client = new pg.Client({ connectionString: t.db.url });
  await client.connect();
  try {
    await client.query('begin');
    await client.query('set local enable_seqscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain select ctid from deliveries where ${DELIVERED_BEFORE.replace('?', '$1')} limit 2000`,
      [new Date()],
    );
    expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index.*deliveries_delivered_at/);
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }
});

itOnServer('skips a pass while another process runs one (the advisory lock)', async () => {
  const other = new pg.Client({ connectionString: t.db.url });
  await other.connect();
  try {
    await other.query('select pg_advisory_lock($1)', [MAINTENANCE_LOCK]);
    expect(await runMaintenance(deps, new Date(Date.now() + 60 * DAY))).toBeNull();
    expect(await count('deliveries')).toBe(5);
  } finally {
    await other.end();
  }
});

it('deletes every expired row once the windows have passed (simulated time)', async () => {
  const attempts = await count('delivery_attempts');
  expect(attempts).toBeGreaterThanOrEqual(5);
  const removed = await runMaintenance(deps, new Date(Date.now() + 31 * DAY));
  expect(removed?.['deliveries delivered before the retention']).toBe(5);
  if (t.db.real) expect(removed?.['rate limit counts expired']).toBeGreaterThan(0);
  expect(removed?.['OAuth codes, tokens and sessions expired']).toBeGreaterThan(0);
  expect(await count('deliveries')).toBe(0);
  expect(await count('delivery_attempts')).toBe(0);
  expect(await count('rate_limiter.limits')).toBe(0);
  expect(await count('oidc_payloads', `expires_at < now() + interval '30 days'`)).toBe(0);
});

itOnServer('keeps a delivery replayed while a retention pass is deleting it', async () => {
  // A fresh delivered order (the pass above took the others, and the tokens with them).
  const admin = new HttpClient(t.url, await adminTokenAt(t.url));
  const app = await t.createApplication('MARKETPLACE', {}, admin);
  await t.connect(app, loc, undefined, admin);
  const market = await t.applicationClient(app);
  const body = {
    externalId: 'hk-replayed',
    fulfillmentType: 'PICKUP',
    items: [{ name: 'Soup', quantity: 1, price: 500 }],
    total: 500,
  };
  expect((await market.post(`${loc.path}/orders`, body)).status).toBe(201);
  for (let i = 0; i < 200 && (await count('deliveries', `status = 'DELIVERED'`)) < 1; i++)
    await new Promise((resolve) => setTimeout(resolve, 25));
  const [{ id }] = await query<{ id: string }>(t.db.url, `select id from deliveries where status = 'DELIVERED'`);

  const replayer = new pg.Client({ connectionString: t.db.url });
  await replayer.connect();
  try {
    await replayer.query('begin');
    // A replay as POST /v1/deliveries/{id}/retry makes one (due later here, so the worker leaves it be).
    await replayer.query(
      `update deliveries set status = 'PENDING', next_attempt_at = now() + interval '1 hour' where id = $1`,
      [id],
    );
    const pass = deleteDeliveredBefore(t.hub.orm, new Date(Date.now() + 31 * DAY), 30, 100);
    // The pass has read the delivery as DELIVERED and waits for the replay's row lock.
    for (
      let i = 0;
      i < 400 &&
      (await query(t.db.url, `select 1 from pg_locks where not granted and locktype = 'transactionid'`)).length === 0;
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await replayer.query('commit');
    await pass;
    expect(await count('deliveries', `id = '${id}' and status = 'PENDING'`)).toBe(1);
  } finally {
    await replayer.end();
  }
});
