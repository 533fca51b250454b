import { FakePartner } from '../support/fake-partner.js';
import type { HttpClient } from '../support/http.js';
import { startTestHub, type TestApplication, type TestHub, type TestLocation } from '../support/test-hub.js';

// Delivery failures that reach a person: a kitchen's POS stops answering, and once it has failed for the
// location's deliveryAlertMinutes the hub says so (GET .../delivery-alerts, GraphQL deliveryAlerts, the home
// page's rows, alerting locations first), to the operators of that account and to the failing partner itself,
// never to another partner. It ends when the partner takes a delivery again, and a partner that fails again
// starts a new streak. The hub's minute lasts 200 ms here (CLOCK_MINUTE_MS) and a failed delivery waits an hour
// for its retry, so the streak is what the test sets up, never a retry racing it.

const MINUTE_MS = 200;

let t: TestHub;
let posServer: FakePartner;
let marketServer: FakePartner;
let pos: TestApplication;
let market: TestApplication;
let kitchen: TestLocation;
let busy: TestLocation;
let marketClient: HttpClient;
let orderNumber = 0;

const alertsOf = async (client: HttpClient, location: TestLocation = kitchen) => {
  const res = await client.get(`${location.path}/delivery-alerts`);
  expect(res.status).toBe(200);
  return res.body.data as Record<string, any>[];
};

async function place(location: TestLocation): Promise<string> {
  orderNumber += 1;
  const res = await marketClient.post(`${location.path}/orders`, {
    externalId: `alert-${orderNumber}`,
    fulfillmentType: 'PICKUP',
    items: [{ name: 'Soup', quantity: 1, price: 500 }],
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** The order's ORDER_CREATED to the POS once it has been attempted (and, here, failed or arrived). */
async function attempted(orderId: string): Promise<Record<string, any>> {
  for (let tries = 0; ; tries += 1) {
    const res = await t.admin.get(`${kitchen.path}/deliveries?orderId=${orderId}`);
    const delivery = (res.body.data as Record<string, any>[]).find((d) => d.applicationId === pos.id);
    if (delivery && delivery.attemptCount > 0 && delivery.status !== 'DELIVERING') return delivery;
    if (tries > 600) throw new Error(`the delivery of order ${orderId} was never attempted`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls until the kitchen's alerts (as the admin) satisfy `done`; the streak outlasts its minutes by itself. */
async function alertsWhen(done: (alerts: Record<string, any>[]) => boolean): Promise<Record<string, any>[]> {
  for (let tries = 0; ; tries += 1) {
    const alerts = await alertsOf(t.admin);
    if (done(alerts)) return alerts;
    if (tries > 600) throw new Error(`alerts never settled: ${JSON.stringify(alerts)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const setAlertAfter = async (minutes: number) => {
  const res = await t.admin.put(`${kitchen.path}/order-settings`, {
    acceptanceDeadlineMinutes: null,
    afterDeadline: 'NOTHING',
    deliveryAlertMinutes: minutes,
  });
  expect(res.status).toBe(200);
};

beforeAll(async () => {
  [t, posServer, marketServer] = await Promise.all([
    startTestHub({
      CLOCK_MINUTE_MS: String(MINUTE_MS),
      DELIVERY_RETRY_SCHEDULE: '3600,3600',
      DELIVERY_POLL_INTERVAL_MS: '50',
    }),
    FakePartner.start(),
    FakePartner.start(),
  ]);
  posServer.always('/pos', { status: 503, body: { error: 'kitchen printer offline' } });
  // Partners read the delivery log with deliveries.read, which they are given on request.
  const partnerScopes = ['locations.read', 'orders.read', 'orders.write', 'deliveries.read'];
  pos = await t.createApplication('POS', {
    name: 'Kitchen POS',
    webhookUrl: posServer.urlFor('/pos'),
    scopes: [...partnerScopes, 'catalogs.read'],
  });
  market = await t.createApplication('MARKETPLACE', {
    webhookUrl: marketServer.urlFor('/market'),
    scopes: partnerScopes,
  });
  kitchen = await t.createLocation(t.admin, 'Kitchen');
  busy = await t.createLocation(t.admin, 'Busy corner');
  await t.connect(pos, kitchen);
  await t.connect(market, kitchen);
  await t.connect(market, busy);
  marketClient = await t.applicationClient(market);
}, 120_000);

afterAll(async () => {
  await t?.stop();
  await posServer?.close();
  await marketServer?.close();
});

it('says nothing until a partner has failed for the location’s minutes, then names it, since when and why', async () => {
  await setAlertAfter(1440);
  const first = await attempted(await place(kitchen));
  expect(first.status).toBe('PENDING');
  // A failing delivery alone is not an alert: 1440 of these minutes are almost five minutes away.
  expect(await alertsOf(t.admin)).toEqual([]);

  await setAlertAfter(1);
  const [alert] = await alertsWhen((alerts) => alerts.length > 0);
  expect(alert).toEqual({
    accountId: kitchen.accountId,
    locationId: kitchen.locationId,
    applicationId: pos.id,
    applicationName: 'Kitchen POS',
    failingSince: first.createdAt,
    alertAfterMinutes: 1,
    failedDeliveries: 1,
    lastError: expect.stringContaining('503'),
    lastAttemptAt: expect.any(String),
  });

  const graphql = await t.admin.graphql(
    'query($a: ID!, $l: ID!) { deliveryAlerts(accountId: $a, locationId: $l) { applicationId applicationName failingSince failedDeliveries } }',
    { a: kitchen.accountId, l: kitchen.locationId },
  );
  expect(graphql.body.data.deliveryAlerts).toEqual([
    { applicationId: pos.id, applicationName: 'Kitchen POS', failingSince: first.createdAt, failedDeliveries: 1 },
  ]);
});

it('puts the alerting location first on the home page of the account’s operators, before new orders elsewhere', async () => {
  // The busy corner has more new orders than the kitchen, which would put it first without the alert.
  await place(busy);
  await place(busy);
  await place(busy);
  const merchant = await t.createUser('merchant', [kitchen.accountId, busy.accountId]);
  for (const client of [t.admin, await t.userClient(merchant)]) {
    const res = await client.graphql(
      '{ home { locationId newOrders deliveryAlerts { applicationId applicationName failedDeliveries } } }',
    );
    const rows = res.body.data.home as Record<string, any>[];
    const mine = rows.filter((r) => r.locationId === kitchen.locationId || r.locationId === busy.locationId);
    expect(mine.map((r) => r.locationId)).toEqual([kitchen.locationId, busy.locationId]);
    expect(mine[1].newOrders).toBeGreaterThan(mine[0].newOrders);
    expect(mine[0].deliveryAlerts).toEqual([
      { applicationId: pos.id, applicationName: 'Kitchen POS', failedDeliveries: 1 },
    ]);
    expect(mine[1].deliveryAlerts).toEqual([]);
  }
});

it('tells the failing partner of itself and no other partner', async () => {
  expect((await alertsOf(await t.applicationClient(pos))).map((a) => a.applicationId)).toEqual([pos.id]);
  expect(await alertsOf(marketClient)).toEqual([]);
  const home = await marketClient.graphql('{ home { locationId deliveryAlerts { applicationId } } }');
  expect(home.body.data.home.find((r: any) => r.locationId === kitchen.locationId).deliveryAlerts).toEqual([]);
});

it('ends when the partner takes a delivery again, and a new failure starts a new streak', async () => {
  posServer.always('/pos', { status: 200, body: {} });
  const retried = await t.admin.post(`${kitchen.path}/deliveries/retry-failed`, {});
  expect(retried.status).toBe(200);
  expect(retried.body.data.retried).toBe(1);
  await alertsWhen((alerts) => alerts.length === 0);

  const recovered = await attempted(await place(kitchen));
  expect(recovered.status).toBe('DELIVERED');

  posServer.always('/pos', { status: 500, body: {} });
  const again = await attempted(await place(kitchen));
  expect(again.status).toBe('PENDING');
  const [alert] = await alertsWhen((alerts) => alerts.length > 0);
  // Only the delivery of the new streak counts, and the streak starts after the last success.
  expect(alert.failedDeliveries).toBe(1);
  expect(alert.failingSince).toBe(again.createdAt);
  expect(alert.lastError).toContain('500');
});
