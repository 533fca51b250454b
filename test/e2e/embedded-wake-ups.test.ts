import { SANDBOX_MARKETPLACE_ID, SANDBOX_POS_ID } from '../../src/modules/sandbox/index.js';
import { FakePartner } from '../support/fake-partner.js';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';
import { until } from '../support/until.js';

// On the embedded database the delivery worker and the scheduler are woken by the NOTIFYs the database reports
// to the process that serves it, as LISTEN wakes them on PostgreSQL, not by polling every 100 ms (which cost an
// idle hub a tenth of a core). Here the poll is ten minutes: whatever happens within the test happened because
// a notification woke it.

const NO_POLL = { DELIVERY_POLL_INTERVAL_MS: '600000', SANDBOX_POS_PACE_MS: '1' };

let t: TestHub;
let pos: FakePartner;

beforeAll(async () => {
  pos = await FakePartner.start();
  t = await startTestHub(NO_POLL, {}, { embedded: true });
}, HUB_START_TIMEOUT_MS);
afterAll(async () => {
  await t?.stop();
  await pos?.close();
});

it('delivers an order placed after the worker last looked, woken by the queue NOTIFY alone', async () => {
  expect(t.db.real).toBe(false);
  const location = await t.createLocation(undefined, 'Embedded wake-ups');
  const posApp = await t.createApplication('POS', { webhookUrl: pos.urlFor('/orders') });
  const market = await t.createApplication('MARKETPLACE');
  await t.connect(posApp, location);
  await t.connect(market, location);
  const placed = await (
    await t.applicationClient(market)
  ).post(`${location.path}/orders`, {
    externalId: 'woken-1',
    fulfillmentType: 'PICKUP',
    items: [{ name: 'Soup', quantity: 1, price: 500 }],
  });
  expect(placed.status).toBe(201);
  const [received] = await until(
    async () => pos.requestsTo('/orders'),
    (requests) => requests.length === 1,
    'the POS webhook',
  );
  expect(JSON.parse(received.body)).toMatchObject({ eventType: 'ORDER_CREATED', orderId: placed.body.data.id });
});

it("runs the scheduler's jobs as they are added, woken by graphile-worker's NOTIFY alone", async () => {
  // The sandbox kitchen takes each step of a test order as a scheduled job, due at once at a pace of 1 ms.
  const location = await t.createLocation(undefined, 'Embedded sandbox');
  const sandboxPos = await t.connect({ id: SANDBOX_POS_ID }, location);
  await t.connect({ id: SANDBOX_MARKETPLACE_ID }, location);
  expect((await t.admin.post(`${location.path}/connections/${sandboxPos}/pull`)).status).toBe(200);
  const sent = await t.admin.post(`${location.path}/test-orders`);
  expect(sent.status).toBe(201);
  const done = await until(
    async () => (await t.admin.get(`${location.path}/orders/${sent.body.data.id}`)).body.data,
    (order) => order.status === 'COMPLETED',
    'the test order',
  );
  expect(done.statusHistory.map((h: { status: string }) => h.status)).toEqual([
    'NEW',
    'ACCEPTED',
    'PREPARING',
    'READY',
    'COMPLETED',
  ]);
});
