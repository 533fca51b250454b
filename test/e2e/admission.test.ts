import { POOL_SIZE } from '../../src/db/mikro-orm.config.js';
import { FakePartner } from '../support/fake-partner.js';
import { heldRequest, type HeldRequest } from '../support/held-request.js';
import type { HttpClient } from '../support/http.js';
import { startTestHub, type TestHub, type TestLocation } from '../support/test-hub.js';

// Admission control: a tiny bound on requests in progress, set by configuration, shows what the
// hub does beyond it. Requests are held in progress by holding back their bodies (Expect: 100-continue), so
// the test decides when each one finishes, without timers.

const HOOK = '/webhooks';
const METRICS_TOKEN = 'admission-test-metrics-token';
const EMPTY_CATALOG = { categories: [], products: [], modifiers: [], modifierGroups: [] };
let sequence = 0;
const order = () => ({
  externalId: `overload-${Date.now()}-${sequence++}`,
  fulfillmentType: 'PICKUP',
  items: [{ name: 'Soup', quantity: 1, price: 700 }],
  total: 700,
});

/** Until `count` requests wait for admission: each arrives on its own connection, so only the hub knows the order. */
async function waitingAt(hub: TestHub['hub'], count: number): Promise<void> {
  while (hub.admissionLoad().waiting < count) await new Promise((resolve) => setImmediate(resolve));
}

interface Setup {
  t: TestHub;
  pos: FakePartner;
  loc: TestLocation;
  market: HttpClient;
}

async function setUp(env: Record<string, string>): Promise<Setup> {
  const pos = await FakePartner.start();
  const t = await startTestHub(env);
  const posApp = await t.createApplication('POS', { webhookUrl: pos.urlFor(HOOK) });
  const marketApp = await t.createApplication('MARKETPLACE');
  const loc = await t.createLocation();
  await t.connect(posApp, loc);
  await t.connect(marketApp, loc);
  return { t, pos, loc, market: await t.applicationClient(marketApp) };
}

function expectOverloaded(
  res: { status: number; headers: { get(name: string): string | null } | Record<string, unknown>; body: any },
  retryAfter: string,
): void {
  const header = (name: string) =>
    'get' in res.headers && typeof res.headers.get === 'function'
      ? res.headers.get(name)
      : (res.headers as Record<string, unknown>)[name];
  expect(res.status).toBe(503);
  expect(header('retry-after')).toBe(retryAfter);
  expect(String(header('content-type'))).toContain('application/problem+json');
  expect(res.body).toMatchObject({ status: 503, code: 'overloaded', title: 'Overloaded' });
}

/** Every placement answered 201 is stored and its ORDER_CREATED reached the POS. */
async function expectStoredAndDelivered(s: Setup, orderIds: string[]): Promise<void> {
  for (const id of orderIds) expect((await s.market.get(`${s.loc.path}/orders/${id}`)).status).toBe(200);
  const events = await s.pos.waitForRequests(orderIds.length, { path: HOOK });
  expect(
    new Set(
      events
        .map((e) => JSON.parse(e.body))
        .filter((e) => e.eventType === 'ORDER_CREATED')
        .map((e) => e.orderId),
    ),
  ).toEqual(new Set(orderIds));
}

describe('with 3 requests in progress at most, 1 of them low priority, 2 waiting', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({
      METRICS_TOKEN: METRICS_TOKEN,
      ADMISSION_MAX_IN_FLIGHT: '3',
      ADMISSION_LOW_PRIORITY_MAX_IN_FLIGHT: '1',
      ADMISSION_MAX_QUEUED: '2',
      // Waits end when the test releases a slot, never by the clock.
      ADMISSION_QUEUE_TIMEOUT_MS: '600000',
      OVERLOAD_RETRY_AFTER_SECONDS: '7',
    });
  });
  const held: HeldRequest[] = [];
  afterAll(async () => {
    for (const request of held) request.abort();
    await s.t.stop();
    await s.pos.close();
  });

  it('refuses low priority first, lets urgent requests jump the wait, refuses beyond the wait list, and still answers health', async () => {
    const { t, loc, market } = s;
    const marketToken = market.token as string;
    const adminToken = t.admin.token as string;
    const waiting = (count: number) => waitingAt(t.hub, count);
    const hold = (method: string, path: string, token: string, body: unknown, headers?: Record<string, string>) => {
      const request = heldRequest(t.url, method, path, token, body, headers);
      held.push(request);
      return request;
    };
    const place = (headers?: Record<string, string>) =>
      hold('POST', `${loc.path}/orders`, marketToken, order(), headers);

    const catalogImport = hold('PUT', `${loc.path}/catalog/import`, adminToken, EMPTY_CATALOG);
    expect(await catalogImport.admitted).toBe(true);
    // The one low-priority slot is taken: another import, a menu publication, a GraphQL read are refused at once.
    expectOverloaded(await t.admin.put(`${loc.path}/catalog/import`, EMPTY_CATALOG), '7');
    const read = await t.admin.graphql('{ accounts { data { id } } }');
    expect(read.status).toBe(503);
    expect(read.headers.get('retry-after')).toBe('7');
    expect(read.body.errors?.[0].extensions?.code).toBe('overloaded');

    const first = place();
    const second = place();
    expect(await first.admitted).toBe(true);
    expect(await second.admitted).toBe(true);
    // Three in progress. A normal request waits, then an urgent one that came later waits ahead of it.
    const normal = hold('POST', '/v1/accounts', adminToken, { name: 'Waiting account' });
    await waiting(1);
    const urgent = place({ 'x-request-id': 'waited-for-a-slot' });
    await waiting(2);
    // The wait list is full: refused at once, urgent or not, with the body never sent.
    const refused = place();
    expect(await refused.admitted).toBe(false);
    expectOverloaded(await refused.response, '7');
    expectOverloaded(await t.admin.get('/v1/accounts'), '7');
    // GraphQL is refused before its token is even looked up (503, not 401).
    const anonymousGraphql = await t.anonymous.graphql('mutation { placeOrder(input: {}) { id } }');
    expect(anonymousGraphql.status).toBe(503);
    expect(anonymousGraphql.body.errors?.[0].extensions?.code).toBe('overloaded');
    expect((await t.anonymous.get('/healthz')).status).toBe(200);
    expect((await t.anonymous.get('/readyz')).status).toBe(200);
    const metrics = (await t.anonymous.get('/metrics', { token: METRICS_TOKEN })).text;
    expect(metrics).toMatch(/^orderhub_admission_in_flight 3$/m);
    expect(metrics).toMatch(/^orderhub_admission_waiting 2$/m);

    first.release();
    expect((await first.response).status).toBe(201);
    expect(await urgent.admitted).toBe(true);
    expect(normal.isAdmitted()).toBe(false);
    urgent.release();
    expect((await urgent.response).status).toBe(201);
    expect(await normal.admitted).toBe(true);
    normal.release();
    second.release();
    catalogImport.release();
    expect((await normal.response).status).toBe(201);
    expect((await second.response).status).toBe(201);
    expect((await catalogImport.response).status).toBe(200);

    // Once the load is gone, everything is admitted again.
    expect((await t.admin.put(`${loc.path}/catalog/import`, EMPTY_CATALOG)).status).toBe(200);
    const urgentId = (await urgent.response).body.data.id;
    await expectStoredAndDelivered(s, [
      (await first.response).body.data.id,
      (await second.response).body.data.id,
      urgentId,
    ]);
    // The request that waited went on in its own request scope, not in that of the request that freed its slot.
    const delivered = s.pos.requestsTo(HOOK).find((r) => JSON.parse(r.body).orderId === urgentId);
    expect(delivered?.headers['x-request-id']).toBe('waited-for-a-slot');
  });
});

describe('with 1 request in progress at most and a 1 ms wait', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({
      ADMISSION_MAX_IN_FLIGHT: '1',
      ADMISSION_QUEUE_TIMEOUT_MS: '1',
      DATABASE_ACQUIRE_TIMEOUT_MS: '200',
    });
  });
  afterAll(async () => {
    await s.t.stop();
    await s.pos.close();
  });

  it('refuses a request that found no slot within its wait, while the admitted one completes', async () => {
    const { t, loc, market } = s;
    const held = heldRequest(t.url, 'POST', `${loc.path}/orders`, market.token as string, order());
    expect(await held.admitted).toBe(true);
    const late = await market.post(`${loc.path}/orders`, order());
    expectOverloaded(late, '1');
    expect(late.body.detail).toContain('within 1 ms');
    held.release();
    const placed = await held.response;
    expect(placed.status).toBe(201);
    await expectStoredAndDelivered(s, [placed.body.data.id]);
  });

  it("refuses the token endpoint in OAuth's error shape, as the provider answers everything else there", async () => {
    const { t, loc, market } = s;
    const held = heldRequest(t.url, 'POST', `${loc.path}/orders`, market.token as string, order());
    expect(await held.admitted).toBe(true);
    const refused = await t.token({ grant_type: 'client_credentials', client_id: 'any', client_secret: 'any' });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(refused.body).toEqual({ error: 'overloaded', error_description: expect.stringContaining('within 1 ms') });
    held.release();
    expect((await held.response).status).toBe(201);
  });

  it('answers 503 overloaded when no database connection comes free within DATABASE_ACQUIRE_TIMEOUT_MS', async () => {
    const { t, loc, market } = s;
    // Every connection of the hub's pool taken, as a burst of slow queries would.
    const knexClient = (
      t.hub.orm.em.getConnection() as unknown as {
        getKnex(): {
          client: { acquireConnection(): Promise<unknown>; releaseConnection(c: unknown): Promise<unknown> };
        };
      }
    ).getKnex().client;
    const taken: unknown[] = [];
    try {
      // A connection still being opened when its acquire timed out joins the pool anyway: ask again.
      while (taken.length < POOL_SIZE.max) {
        const connection = await knexClient.acquireConnection().catch(() => undefined);
        if (connection) taken.push(connection);
      }
      const res = await market.post(`${loc.path}/orders`, order());
      expectOverloaded(res, '1');
      expect(res.body.detail).not.toContain('Knex');
      const graphql = await market.graphql('{ accounts { data { id } } }');
      expect(graphql.status).toBe(503);
      expect(graphql.body.errors?.[0].extensions?.code).toBe('overloaded');
      // The token endpoint too, in OAuth's shape, not a 500 server_error.
      const grant = await t.token({ grant_type: 'client_credentials', client_id: 'any', client_secret: 'any' });
      expect({ status: grant.status, body: grant.body, retryAfter: grant.headers.get('retry-after') }).toEqual({
        status: 503,
        body: { error: 'overloaded', error_description: expect.any(String) },
        retryAfter: '1',
      });
      expect((await t.anonymous.get('/healthz')).status).toBe(200);
    } finally {
      await Promise.all(taken.map((connection) => knexClient.releaseConnection(connection)));
    }
    expect((await market.post(`${loc.path}/orders`, order())).status).toBe(201);
  });
});
