import { waitForDelivery } from '../support/deliveries.js';
import { FakePartner } from '../support/fake-partner.js';
import type { HttpClient } from '../support/http.js';
import { startTestHub, type TestApplication, type TestHub, type TestLocation } from '../support/test-hub.js';

// "Retry all failed" of a location (POST {loc}/deliveries/retry-failed, retryFailedDeliveries): a POS that is down
// fails every delivery until each is FAILED; once it is back, one call sends them all again, each order's events in
// the order they happened, and the entry in the activity log says how many. Another location's failures stay.

let t: TestHub;
let pos: FakePartner;
let market: FakePartner;
let posApp: TestApplication;
let loc: TestLocation;
let other: TestLocation;
let marketClient: HttpClient;

beforeAll(async () => {
  [pos, market] = await Promise.all([FakePartner.start(), FakePartner.start()]);
  // One retry at once, then FAILED: a POS that is down fails a delivery within a few milliseconds.
  t = await startTestHub({ DELIVERY_RETRY_SCHEDULE: '0' });
  posApp = await t.createApplication('POS', { webhookUrl: pos.urlFor('/hooks') });
  const marketApp = await t.createApplication('MARKETPLACE', { webhookUrl: market.urlFor('/hooks') });
  [loc, other] = [await t.createLocation(undefined, 'Down POS bistro'), await t.createLocation(undefined, 'Elsewhere')];
  for (const location of [loc, other]) {
    await t.connect(posApp, location);
    await t.connect(marketApp, location);
  }
  marketClient = await t.applicationClient(marketApp);
}, 120_000);
afterAll(async () => {
  await t?.stop();
  await Promise.all([pos?.close(), market?.close()]);
});

async function place(location: TestLocation, externalId: string): Promise<string> {
  const res = await marketClient.post(`${location.path}/orders`, {
    externalId,
    fulfillmentType: 'PICKUP',
    items: [{ name: 'Soup', quantity: 1, price: 650 }],
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** The POS's deliveries at a location, oldest first, once none of them is on its way any more. */
async function settledPosDeliveries(location: TestLocation, count: number): Promise<any[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const all = (await t.admin.get(`${location.path}/deliveries?limit=100`)).body.data as any[];
    const mine = all.filter((d) => d.applicationId === posApp.id);
    if (mine.length === count && mine.every((d) => d.status === 'FAILED' || d.status === 'DELIVERED')) return mine;
    if (Date.now() > deadline) throw new Error(`the POS's deliveries did not settle: ${JSON.stringify(mine)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('sends every failed delivery of the location again once the partner is back, each order in order, and logs it', async () => {
  pos.always('/hooks', { status: 500 });
  const first = await place(loc, 'down-1');
  const second = await place(loc, 'down-2');
  // An operator's change: the POS is told it too (ORDER_STATUS_CHANGED, after ORDER_CREATED in its chain).
  expect((await t.admin.patch(`${loc.path}/orders/${first}`, { status: 'ACCEPTED' })).status).toBe(200);
  await place(other, 'elsewhere-1');

  const failed = await settledPosDeliveries(loc, 3);
  expect(failed.map((d) => d.status)).toEqual(['FAILED', 'FAILED', 'FAILED']);
  const [elsewhere] = await settledPosDeliveries(other, 1);
  expect(elsewhere.status).toBe('FAILED');

  // The POS is back.
  pos.always('/hooks', { status: 204 });
  const before = pos.requestsTo('/hooks').length;
  const res = await t.admin.post(`${loc.path}/deliveries/retry-failed`);
  expect(res.status).toBe(200);
  expect(res.body.data.retried).toBe(3);
  expect([...res.body.data.deliveryIds].sort()).toEqual(failed.map((d) => d.id).sort());

  const done = await Promise.all(
    failed.map((d) => waitForDelivery(t.admin, d.id, (now) => now.status === 'DELIVERED')),
  );
  // Each was attempted twice while the POS was down, then once more: the same webhook-id each time.
  expect(done.map((d) => d.attempts.map((a: any) => a.httpStatus))).toEqual([
    [500, 500, 204],
    [500, 500, 204],
    [500, 500, 204],
  ]);
  const resent = pos
    .requestsTo('/hooks')
    .slice(before)
    .map((r) => ({ id: r.headers['webhook-id'], body: JSON.parse(r.body) }));
  expect(resent.map((r) => r.id).sort()).toEqual(failed.map((d) => d.eventId).sort());
  // The first order's creation reached the POS before its acceptance.
  expect(resent.filter((r) => r.body.orderId === first).map((r) => r.body.eventType)).toEqual([
    'ORDER_CREATED',
    'ORDER_STATUS_CHANGED',
  ]);
  expect(resent.filter((r) => r.body.orderId === second)).toHaveLength(1);

  // Another location's failure is not this location's to retry.
  expect((await t.admin.get(`/v1/deliveries/${elsewhere.id}`)).body.data.status).toBe('FAILED');

  const activity = (await t.admin.get(`/v1/activity?locationId=${loc.locationId}&action=delivery.retriedAllFailed`))
    .body.data;
  expect(activity).toEqual([
    expect.objectContaining({
      action: 'delivery.retriedAllFailed',
      locationId: loc.locationId,
      changes: { retried: 3 },
    }),
  ]);

  // Nothing left to send: nothing retried, nothing logged.
  const again = await t.admin.post(`${loc.path}/deliveries/retry-failed`);
  expect(again.body.data).toEqual({ retried: 0, deliveryIds: [] });
});

it('does the same through GraphQL, for the location named only', async () => {
  const [elsewhere] = await settledPosDeliveries(other, 1);
  const retried = await t.admin.post('/graphql', {
    query: `mutation($a: ID!, $l: ID!) { retryFailedDeliveries(accountId: $a, locationId: $l) { retried deliveryIds } }`,
    variables: { a: other.accountId, l: other.locationId },
  });
  expect(retried.body.data.retryFailedDeliveries).toEqual({ retried: 1, deliveryIds: [elsewhere.id] });
  await waitForDelivery(t.admin, elsewhere.id, (d) => d.status === 'DELIVERED');
});

it("is refused to a merchant of another account as if the location were not there, and a merchant's own needs locations.write", async () => {
  const stranger = await t.createUser('merchant', [(await t.createLocation()).accountId]);
  const strangerClient = await t.userClient(stranger);
  const refused = await strangerClient.post(`${loc.path}/deliveries/retry-failed`);
  expect(refused.status).toBe(404);

  const owner = await t.createUser('merchant', [loc.accountId]);
  const readOnly = await t.userClient(owner, 'deliveries.read');
  const noWrite = await readOnly.post(`${loc.path}/deliveries/retry-failed`);
  expect(noWrite.status).toBe(403);
  const allowed = await (await t.userClient(owner)).post(`${loc.path}/deliveries/retry-failed`);
  expect(allowed.status).toBe(200);
});
