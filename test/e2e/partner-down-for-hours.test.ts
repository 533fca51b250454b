import { loadConfig } from '../../src/config/config.js';
import { query } from '../support/database.js';
import { FakePartner, type RecordedRequest } from '../support/fake-partner.js';
import { HttpClient } from '../support/http.js';
import { sample } from '../support/metrics.js';
import { startTestHub, type TestApplication, type TestHub, type TestLocation } from '../support/test-hub.js';

// A partner down for hours (docs/contract.md "Calls the hub makes"). The hub runs the contract's own retry schedule
// (5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h for up to 3 days) with every step divided by
// 36,000, so an hour passes in 0.1 s and the whole three-day window in about 7 s; the steps, their number and
// their proportions are the contract's. A partner on loopback fails on purpose for every attempt but the
// last two the window allows, then recovers. Meanwhile the undelivered event keeps the first place of its
// order's chain, the order's later events wait behind it (never sent ahead of it), and when the partner is
// back they all arrive, in order, each once, the first with the same webhook-id on every attempt.

const HOOK = '/webhooks';
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const SCALE = 36_000;
const CONTRACT_SCHEDULE = loadConfig({ DELIVERY_RETRY_SCHEDULE: '' }).deliveryRetrySchedule;
/** Attempts the window allows: the first one and one after each step. */
const ATTEMPTS_ALLOWED = CONTRACT_SCHEDULE.length + 1;
/** The partner answers every attempt but the last two with an error: it is back shortly before the window closes. */
const FAILURES = ATTEMPTS_ALLOWED - 2;

let t: TestHub;
let posPartner: FakePartner;
let marketPartner: FakePartner;
let pos: TestApplication;
let market: TestApplication;
let loc: TestLocation;
let posClient: HttpClient;
let marketClient: HttpClient;

beforeAll(async () => {
  [posPartner, marketPartner] = await Promise.all([FakePartner.start(), FakePartner.start()]);
  const schedule = CONTRACT_SCHEDULE.map((seconds) => seconds / SCALE).join(',');
  t = await startTestHub({ DELIVERY_RETRY_SCHEDULE: schedule, METRICS_TOKEN });
  pos = await t.createApplication('POS', { webhookUrl: posPartner.urlFor(HOOK) });
  market = await t.createApplication('MARKETPLACE', { webhookUrl: marketPartner.urlFor(HOOK) });
  loc = await t.createLocation(undefined, 'Patient bistro');
  await t.connect(pos, loc);
  await t.connect(market, loc);
  [posClient, marketClient] = await Promise.all([t.applicationClient(pos), t.applicationClient(market)]);
}, 60_000);

afterAll(async () => {
  await Promise.all([posPartner?.close(), marketPartner?.close()]);
  await t?.stop();
});

beforeEach(() => {
  posPartner.reset();
  marketPartner.reset();
});

let sequence = 0;
async function placeOrder(): Promise<string> {
  const externalId = `down-${Date.now()}-${sequence++}`;
  const res = await marketClient.post(`${loc.path}/orders`, {
    externalId,
    fulfillmentType: 'PICKUP',
    items: [{ name: 'Stew', quantity: 1, price: 800 }],
    total: 800,
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

function events(partner: FakePartner, orderId: string): { eventType: string; status: string; webhookId: string }[] {
  return partner
    .requestsTo(HOOK)
    .map((r: RecordedRequest) => ({ event: JSON.parse(r.body), webhookId: String(r.headers['webhook-id']) }))
    .filter(({ event }) => event.orderId === orderId)
    .map(({ event, webhookId }) => ({ eventType: event.eventType, status: event.newState.status, webhookId }));
}

async function eventsArrived(partner: FakePartner, orderId: string, n: number): Promise<ReturnType<typeof events>> {
  // Bounded by the window itself (about 7 s of scaled time) with room for a loaded machine.
  const deadline = Date.now() + 60_000;
  while (events(partner, orderId).length < n) {
    if (Date.now() > deadline)
      throw new Error(`expected ${n} events about ${orderId}, got ${events(partner, orderId).length}`);
    await partner.waitForRequests(partner.requests.length + 1, { timeoutMs: 5000 }).catch(() => undefined);
  }
  return events(partner, orderId);
}

/** The order's deliveries to one partner in chain order, as the delivery log and the chain keep them. */
async function chainOf(orderId: string, url: string) {
  const rows = await query<{ id: string; event_type: string; chain_position: number; held: boolean; status: string }>(
    t.db.url,
    `select id, event_type, chain_position, held, status from deliveries where ordering_key = $1 and url = $2 order by chain_position`,
    [orderId, url],
  );
  const logged = await Promise.all(rows.map(async (row) => (await t.admin.get(`/v1/deliveries/${row.id}`)).body.data));
  return rows.map((row, i) => ({
    eventType: row.event_type,
    chainPosition: row.chain_position,
    held: row.held,
    status: logged[i].status as string,
    attempts: logged[i].attempts.length as number,
  }));
}

it('keeps a status change first in its chain while the marketplace is down for most of three days; the later ones follow it, never overtake', async () => {
  const orderId = await placeOrder();
  marketPartner.respond(
    HOOK,
    ...Array.from({ length: FAILURES }, (_, i) =>
      i % 2 ? { status: 503, body: 'down for maintenance' } : { status: 502 },
    ),
  );
  for (const status of ['ACCEPTED', 'PREPARING', 'READY', 'COMPLETED']) {
    expect((await posClient.patch(`${loc.path}/orders/${orderId}`, { status })).status).toBe(200);
  }

  // Halfway through the window (more than a day of the contract's time): the acceptance is still first in
  // the chain, PENDING and retrying; the later changes wait behind it, never attempted.
  const halfway = Math.ceil(FAILURES / 2);
  await eventsArrived(marketPartner, orderId, halfway);
  expect(new Set(events(marketPartner, orderId).map((e) => e.status))).toEqual(new Set(['ACCEPTED']));
  const during = await chainOf(orderId, marketPartner.urlFor(HOOK));
  expect(during.map((d) => [d.chainPosition, d.status])).toEqual([
    [1, 'PENDING'],
    [2, 'PENDING'],
    [3, 'PENDING'],
    [4, 'PENDING'],
  ]);
  expect(during[0].attempts).toBeGreaterThanOrEqual(halfway - 1);
  expect(during.slice(1).map((d) => [d.held, d.attempts])).toEqual([
    [true, 0],
    [true, 0],
    [true, 0],
  ]);
  // What an operator sees meanwhile: a queue that does not drain, its oldest delivery getting older, retries.
  const metrics = (await new HttpClient(t.url, METRICS_TOKEN).get('/metrics')).text;
  expect(sample(metrics, 'orderhub_delivery_queue_depth')).toBeGreaterThanOrEqual(1);
  expect(sample(metrics, 'orderhub_delivery_oldest_pending_seconds')).toBeGreaterThan(0);
  expect(
    sample(metrics, 'orderhub_delivery_attempts_total', { event_type: 'ORDER_STATUS_CHANGED', outcome: 'retry' }),
  ).toBeGreaterThanOrEqual(halfway - 1);

  // The marketplace is back before the window closes: everything arrives, in order, each event once.
  const received = await eventsArrived(marketPartner, orderId, FAILURES + 4);
  expect(received.map((e) => e.status)).toEqual([
    ...Array<string>(FAILURES + 1).fill('ACCEPTED'),
    'PREPARING',
    'READY',
    'COMPLETED',
  ]);
  expect(received.every((e) => e.eventType === 'ORDER_STATUS_CHANGED')).toBe(true);
  expect(new Set(received.slice(0, FAILURES + 1).map((e) => e.webhookId)).size).toBe(1);
  expect(new Set(received.map((e) => e.webhookId)).size).toBe(4);
  const after = await waitForChainDelivered(orderId, marketPartner.urlFor(HOOK), 4);
  expect(after.map((d) => [d.chainPosition, d.eventType, d.status, d.attempts])).toEqual([
    [1, 'ORDER_STATUS_CHANGED', 'DELIVERED', FAILURES + 1],
    [2, 'ORDER_STATUS_CHANGED', 'DELIVERED', 1],
    [3, 'ORDER_STATUS_CHANGED', 'DELIVERED', 1],
    [4, 'ORDER_STATUS_CHANGED', 'DELIVERED', 1],
  ]);
}, 120_000);

it("holds the marketplace's cancel behind an ORDER_CREATED the POS cannot take for most of three days", async () => {
  posPartner.respond(HOOK, ...Array.from({ length: FAILURES }, () => ({ status: 500 })));
  const orderId = await placeOrder();
  await eventsArrived(posPartner, orderId, 1);
  expect(
    (
      await marketClient.patch(`${loc.path}/orders/${orderId}`, {
        status: 'CANCELLED',
        cancellationReason: 'CUSTOMER_CANCELLED',
      })
    ).status,
  ).toBe(200);

  const received = await eventsArrived(posPartner, orderId, FAILURES + 2);
  expect(received.map((e) => e.eventType)).toEqual([
    ...Array<string>(FAILURES + 1).fill('ORDER_CREATED'),
    'ORDER_STATUS_CHANGED',
  ]);
  expect(received.at(-1)!.status).toBe('CANCELLED');
  expect(new Set(received.slice(0, FAILURES + 1).map((e) => e.webhookId)).size).toBe(1);
  const after = await waitForChainDelivered(orderId, posPartner.urlFor(HOOK), 2);
  expect(after.map((d) => [d.chainPosition, d.eventType, d.status, d.attempts])).toEqual([
    [1, 'ORDER_CREATED', 'DELIVERED', FAILURES + 1],
    [2, 'ORDER_STATUS_CHANGED', 'DELIVERED', 1],
  ]);
}, 120_000);

/** The partner's answer is recorded just after it is sent: wait (bounded) until the log says DELIVERED. */
async function waitForChainDelivered(orderId: string, url: string, n: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const chain = await chainOf(orderId, url);
    if ((chain.length === n && chain.every((d) => d.status === 'DELIVERED')) || Date.now() > deadline) return chain;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
