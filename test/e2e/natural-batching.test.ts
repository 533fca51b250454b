import pg from 'pg';
import { describeOnServer } from '../support/on-server.js';
import { query } from '../support/database.js';
import { FakePartner } from '../support/fake-partner.js';
import { sample } from '../support/metrics.js';
import type { HttpClient, HttpResult } from '../support/http.js';
import {
  HUB_START_TIMEOUT_MS,
  startTestHub,
  type TestApplication,
  type TestHub,
  type TestLocation,
} from '../support/test-hub.js';

// Natural batching (src/db/natural-batch.ts): placements that arrive while the previous placement
// statement is in flight are written together by the next one, and bearer tokens that arrive while a token
// read is in flight are read together. What a caller sees must not change: its own order with its own event,
// its own token's verdict and reach, and a failure only when its own order fails.
//
// To make requests meet in one batch, a test holds the batch in flight with a lock in a transaction of its
// own, sends the others, and waits until they are all in the hub (its admission gauge) and the hub has
// nothing else to do with them (no statement of theirs running) before letting go.

const HOOK = '/webhooks';
const METRICS_TOKEN = 'natural-batching-metrics-token';

let t: TestHub;
let posPartner: FakePartner;
let pos: TestApplication;
let market: TestApplication;
let marketClient: HttpClient;
let kitchens: TestLocation[];

beforeAll(async () => {
  posPartner = await FakePartner.start();
  t = await startTestHub({ METRICS_TOKEN });
  pos = await t.createApplication('POS', { webhookUrl: posPartner.urlFor(HOOK) });
  market = await t.createApplication('MARKETPLACE');
  kitchens = [await t.createLocation(undefined, 'North kitchen'), await t.createLocation(undefined, 'South kitchen')];
  for (const kitchen of kitchens) {
    await t.connect(pos, kitchen);
    await t.connect(market, kitchen);
  }
  marketClient = await t.applicationClient(market);
}, HUB_START_TIMEOUT_MS);

afterAll(async () => {
  await posPartner?.close();
  await t?.stop();
});

let sequence = 0;
const externalId = (label: string) => `${label}-${Date.now()}-${sequence++}`;

function place(kitchen: TestLocation, id: string, client = marketClient): Promise<HttpResult> {
  return client.post(`${kitchen.path}/orders`, {
    externalId: id,
    fulfillmentType: 'PICKUP',
    items: [{ name: 'Soup', quantity: 1, price: 700 }],
    total: 700,
  });
}

interface HeldTransaction {
  client: pg.Client;
  /** Ends the transaction (once; later calls do nothing). */
  end(outcome: 'COMMIT' | 'ROLLBACK'): Promise<void>;
}

const open = new Set<HeldTransaction>();

/** A transaction of the test's own, on its own connection, to hold locks the hub then waits on. */
async function transaction(): Promise<HeldTransaction> {
  const client = new pg.Client({ connectionString: t.db.url });
  await client.connect();
  await client.query('BEGIN');
  const held: HeldTransaction = {
    client,
    async end(outcome) {
      if (!open.delete(held)) return;
      await client.query(outcome);
      await client.end();
    },
  };
  open.add(held);
  return held;
}

// A test that fails while it holds a lock lets go of it, or the hub's requests (and its stop) would wait for ever.
afterEach(async () => {
  for (const held of [...open]) await held.end('ROLLBACK');
});

/** The hub's statements of this database that wait on a lock, and those that run. */
async function hubStatements(): Promise<{ waiting: string[]; running: number }> {
  const rows = await query<{ query: string; waiting: boolean }>(
    t.db.url,
    `select query, wait_event_type = 'Lock' as waiting from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state = 'active' and backend_type = 'client backend'
`,
  );
  return { waiting: rows.filter((r) => r.waiting).map((r) => r.query), running: rows.filter((r) => !r.waiting).length };
}

/** Polls until `done`; a hub on a busy machine takes a few milliseconds per request. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
  }
}

/**
 * Until `requests` are in progress in the hub and it has run no statement but the held one in several reads
 * in a row: the requests sent are all waiting for their batch.
 */
async function untilQueued(requests: number): Promise<void> {
  await until(
    async () =>
      sample((await t.anonymous.get('/metrics', { token: METRICS_TOKEN })).text, 'orderhub_admission_in_flight'),
    (inProgress) => inProgress === requests,
    `${requests} requests in progress`,
  );
  let quiet = 0;
  await until(
    async () => (quiet = (await hubStatements()).running === 0 ? quiet + 1 : 0),
    (n) => n >= 5,
    'the requests to reach their batch',
  );
}

/** The transaction that wrote each order (xmin): orders written by one statement share it. */
async function writers(orderIds: string[]): Promise<Map<string, string>> {
  const rows = await query<{ id: string; xmin: string }>(
    t.db.url,
    'select id, xmin::text from orders where id = any($1::uuid[])',
    [orderIds],
  );
  return new Map(rows.map((r) => [r.id, r.xmin]));
}

describeOnServer('placements written together', () => {
  /** Holds a row of (market, externalId) uncommitted: a placement of that externalId waits on the unique index. */
  async function holdExternalId(kitchen: TestLocation, id: string) {
    const tx = await transaction();
    await tx.client.query(
      `insert into orders (id, created_at, updated_at, location_id, account_id, application_id, client_id, source_name, external_id, status, status_history, details, location_snapshot)
       values (gen_random_uuid(), now(), now(), $1, $2, $3, $4, 'held by the test', $5, 'NEW', '[]', '{}', '{}')`,
      [kitchen.locationId, kitchen.accountId, market.id, market.clientId, id],
    );
    return tx;
  }

  /** The first placement waits on a held row; the others are sent meanwhile and queue behind its statement. */
  async function placeBehindAHeldOne(others: TestLocation[]) {
    const heldId = externalId('held');
    const hold = await holdExternalId(kitchens[0], heldId);
    const first = place(kitchens[0], heldId);
    await until(
      hubStatements,
      (s) => s.waiting.some((q) => q.startsWith('WITH input AS')),
      'the first placement to wait',
    );
    const ids = others.map(() => externalId('queued'));
    const queued = others.map((kitchen, i) => place(kitchen, ids[i]));
    return { hold, first, queued, ids };
  }

  it('writes the placements that arrive during a placement in one statement, each with its own order and event', async () => {
    const { hold, first, queued, ids } = await placeBehindAHeldOne([
      kitchens[0],
      kitchens[1],
      kitchens[0],
      kitchens[1],
    ]);
    await untilQueued(5);
    await hold.end('ROLLBACK');

    const firstOrder = await first;
    expect(firstOrder.status).toBe(201);
    const results = await Promise.all(queued);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(results.map((r) => r.body.data.externalId)).toEqual(ids);
    const orderIds = results.map((r) => r.body.data.id as string);
    expect(new Set(orderIds).size).toBe(4);

    // Written together: the four share a transaction, which is not the first placement's.
    const wrote = await writers([firstOrder.body.data.id, ...orderIds]);
    const queuedWriters = new Set(orderIds.map((id) => wrote.get(id)));
    expect(queuedWriters.size).toBe(1);
    expect(queuedWriters.has(wrote.get(firstOrder.body.data.id))).toBe(false);

    // Each order has exactly its own ORDER_CREATED for the POS, and the POS receives each once.
    const events = await query<{ ordering_key: string; n: number }>(
      t.db.url,
      `select ordering_key, count(*)::int as n from deliveries where event_type = 'ORDER_CREATED' and ordering_key = any($1) group by ordering_key`,
      [orderIds],
    );
    expect(Object.fromEntries(events.map((e) => [e.ordering_key, e.n]))).toEqual(
      Object.fromEntries(orderIds.map((id) => [id, 1])),
    );
    const received = await posPartner.waitForRequests(5, { path: HOOK });
    const receivedEvents = received.map((r) => JSON.parse(r.body));
    for (const [i, result] of results.entries()) {
      const forThisOrder = receivedEvents.filter((event) => event.orderId === result.body.data.id);
      expect(forThisOrder).toHaveLength(1);
      expect(forThisOrder[0].newState).toMatchObject({ externalId: ids[i], locationId: result.body.data.locationId });
    }
    posPartner.reset();
  });

  it("adds each placed order's deadline job in its batch's statement, and none for an order it did not write", async () => {
    const deadline = (minutes: number | null) =>
      t.admin.put(`${kitchens[0].path}/order-settings`, {
        acceptanceDeadlineMinutes: minutes,
        afterDeadline: 'NOTHING',
        deliveryAlertMinutes: 15,
      });
    expect((await deadline(60)).status).toBe(200);
    try {
      // The North kitchen has a deadline, the South one none; the last two placements share an externalId: the
      // statement writes one of them and skips the other (ON CONFLICT DO NOTHING), which answers the one written.
      const { hold, first, queued, ids } = await placeBehindAHeldOne([kitchens[0], kitchens[1], kitchens[0]]);
      const twin = place(kitchens[0], ids[2]);
      await untilQueued(5);
      await hold.end('ROLLBACK');

      const [placedFirst, northQueued, south, ...twins] = [await first, ...(await Promise.all([...queued, twin]))];
      expect([placedFirst, northQueued, south].map((r) => r.status)).toEqual([201, 201, 201]);
      expect(twins.map((r) => r.status).sort()).toEqual([200, 201]);
      expect(twins[0].body.data.id).toBe(twins[1].body.data.id);
      const wrote = await writers([northQueued, south, twins[0]].map((r) => r.body.data.id as string));
      expect(new Set(wrote.values()).size).toBe(1);

      // One job per order of the North kitchen, due at its acceptBy; none for the South kitchen's order, and
      // none under any other key (the skipped placement's order id was never written).
      const jobs = await query<{ key: string; run_at: string; payload: { orderId: string } }>(
        t.db.url,
        `select j.key, to_json(j.run_at) #>> '{}' as run_at, j.payload
           from graphile_worker._private_jobs j join graphile_worker._private_tasks task on task.id = j.task_id
          where task.identifier = 'order-acceptance-deadline'`,
      );
      const north = [placedFirst, northQueued, twins[0]].map((r) => r.body.data);
      expect(jobs.map((j) => j.key).sort()).toEqual(north.map((o) => `order-acceptance-deadline:${o.id}`).sort());
      for (const order of north) {
        const job = jobs.find((j) => j.payload.orderId === order.id);
        expect(new Date(job!.run_at).getTime()).toBe(new Date(order.acceptBy).getTime());
      }
      expect(south.body.data.acceptBy).toBeUndefined();
    } finally {
      await deadline(null);
    }
    posPartner.reset();
  });

  it('fails only the placement the statement cannot take: the others of its batch are written alone', async () => {
    const { hold, first, queued, ids } = await placeBehindAHeldOne([kitchens[0], kitchens[1], kitchens[0]]);
    await untilQueued(4);
    // The South kitchen goes while its placement waits to be written (deleted in the database: the API has no
    // way to delete a location). Its order now breaks the orders' foreign key, and so would its whole batch.
    await query(t.db.url, 'delete from locations where id = $1', [kitchens[1].locationId]);
    await hold.end('ROLLBACK');

    expect((await first).status).toBe(201);
    const results = await Promise.all(queued);
    expect(results.map((r) => r.status)).toEqual([201, 404, 201]);
    expect(results[1].body).toMatchObject({ code: 'not_found' });
    const stored = await query<{ external_id: string }>(
      t.db.url,
      'select external_id from orders where external_id = any($1)',
      [ids],
    );
    expect(stored.map((r) => r.external_id).sort()).toEqual([ids[0], ids[2]].sort());
    posPartner.reset();
  });
});

describeOnServer('bearer tokens read together', () => {
  it('gives each request of one read its own verdict and reach', async () => {
    // A second marketplace, connected to the North kitchen only; a revoked token; a token never issued.
    const other = await t.createApplication('MARKETPLACE');
    const north = await t.createLocation(undefined, 'Another north kitchen');
    await t.connect(other, north);
    const otherClient = await t.applicationClient(other);
    const revoked = await t.applicationToken(market);
    const revocation = await t.anonymous.post('/oauth2/revoke', {
      token: revoked.access_token,
      client_id: market.clientId,
      client_secret: market.clientSecret,
    });
    expect(revocation.status).toBe(200);

    // The first read waits for the test's lock on the tokens' table; the rest arrive meanwhile.
    const lock = await transaction();
    await lock.client.query('lock table oidc_payloads in access exclusive mode');
    const firstRead = marketClient.get(north.path);
    await until(
      hubStatements,
      (s) => s.waiting.some((q) => q.includes('from oidc_payloads')),
      'the first token read to wait',
    );
    const reads = [
      marketClient.get(kitchens[0].path),
      otherClient.get(north.path),
      otherClient.get(kitchens[0].path),
      marketClient.withToken(revoked.access_token).get(kitchens[0].path),
      marketClient.withToken('never-issued').get(kitchens[0].path),
    ];
    await untilQueued(6);
    // One token read is waiting, not one per request: the others wait in the hub for the next read.
    expect((await hubStatements()).waiting.filter((q) => q.includes('from oidc_payloads'))).toHaveLength(1);
    await lock.end('COMMIT');

    // The market is not connected to this north kitchen: out of its reach, as the other's kitchen is for it.
    expect((await firstRead).status).toBe(404);
    expect((await Promise.all(reads)).map((r) => r.status)).toEqual([200, 200, 404, 401, 401]);
  });
});
