import { waitForDelivery } from '../support/deliveries.js';
import { FakePartner } from '../support/fake-partner.js';
import type { HttpClient } from '../support/http.js';
import {
  startTestHub,
  TEST_ADMIN,
  type TestApplication,
  type TestHub,
  type TestLocation,
} from '../support/test-hub.js';

// What the operator UI reads and does beyond the REST operations, through GraphQL as the UI does:
// the transitions an order offers, who made each change, "Retry now" on a delivery waiting for its next
// retry, payloads with credentials masked, the store status with what each marketplace received, and the
// home page with the locations that need someone first.

let t: TestHub;
let pos: FakePartner;
let market: FakePartner;
let posApp: TestApplication;
let marketApp: TestApplication;
let loc: TestLocation;
let marketClient: HttpClient;

async function gql(client: HttpClient, query: string, variables: Record<string, unknown> = {}) {
  const res = await client.post('/graphql', { query, variables });
  return res.body as { data?: any; errors?: { message: string; extensions: { code: string } }[] };
}

const vars = () => ({ a: loc.accountId, l: loc.locationId });

beforeAll(async () => {
  [pos, market] = await Promise.all([FakePartner.start(), FakePartner.start()]);
  // The first retry comes after a minute: long enough that only "Retry now" can send it within the test.
  t = await startTestHub({ DELIVERY_RETRY_SCHEDULE: '60,60' });
  posApp = await t.createApplication('POS', { webhookUrl: pos.urlFor('/hooks') });
  marketApp = await t.createApplication('MARKETPLACE', {
    webhookUrl: market.urlFor('/hooks'),
    storeStatusUrl: market.urlFor('/store'),
    menuPublicationUrl: market.urlFor('/menus'),
  });
  loc = await t.createLocation(undefined, 'Bistro');
  await t.connect(posApp, loc, { apiKey: 'pos-secret-key-0123456789' });
  await t.connect(marketApp, loc, { storeId: 'store-42', apiKey: 'market-secret-key-0123456789' });
  marketClient = await t.applicationClient(marketApp);
}, 120_000);
afterAll(async () => {
  await t?.stop();
  await Promise.all([pos?.close(), market?.close()]);
});

async function place(externalId: string): Promise<string> {
  const res = await marketClient.post(`${loc.path}/orders`, {
    externalId,
    fulfillmentType: 'PICKUP',
    items: [{ name: 'Soup', quantity: 1, price: 650 }],
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

const ORDER = `query($a: ID!, $l: ID!, $id: ID!) { order(accountId: $a, locationId: $l, id: $id) { status allowedTransitions statusHistory { status by byId byName at reason } } }`;

describe('orders for the operator UI', () => {
  it('offers exactly the transitions the caller may make, and names who made each change', async () => {
    const id = await place('ov-1');
    const asAdmin = await gql(t.admin, ORDER, { ...vars(), id });
    expect(asAdmin.data.order.allowedTransitions).toEqual(['ACCEPTED', 'REJECTED', 'CANCELLED']);
    const asMarket = await gql(marketClient, ORDER, { ...vars(), id });
    expect(asMarket.data.order.allowedTransitions).toEqual(['CANCELLED']);

    const accepted = await gql(
      t.admin,
      `mutation($a: ID!, $l: ID!, $id: ID!) { updateOrderStatus(accountId: $a, locationId: $l, id: $id, input: { status: "accepted" }) { status allowedTransitions } }`,
      { ...vars(), id },
    );
    expect(accepted.data.updateOrderStatus).toEqual({
      status: 'ACCEPTED',
      allowedTransitions: ['PREPARING', 'READY', 'COMPLETED', 'CANCELLED'],
    });
    await gql(
      t.admin,
      `mutation($a: ID!, $l: ID!, $id: ID!) { updateOrderStatus(accountId: $a, locationId: $l, id: $id, input: { status: "ready" }) { status } }`,
      { ...vars(), id },
    );

    const after = (await gql(t.admin, ORDER, { ...vars(), id })).data.order;
    expect(after.allowedTransitions).toEqual(['COMPLETED', 'CANCELLED']);
    expect(after.statusHistory.map((h: any) => [h.status, h.by, h.byName])).toEqual([
      ['NEW', 'MARKETPLACE', marketApp.data.name],
      ['ACCEPTED', 'OPERATOR', TEST_ADMIN.email],
      ['READY', 'OPERATOR', TEST_ADMIN.email],
    ]);
    expect(after.statusHistory[0].byId).toBe(marketApp.id);
    // A marketplace may no longer cancel a READY order, and is not told which operator moved it.
    const seenByMarket = (await gql(marketClient, ORDER, { ...vars(), id })).data.order;
    expect(seenByMarket.allowedTransitions).toEqual([]);
    expect(seenByMarket.statusHistory[1].byName).toBeNull();
  });

  it("tells the hub's rules a UI follows, and they are the ones the server keeps", async () => {
    const { hubRules } = (
      await gql(
        t.admin,
        '{ hubRules { orderStatuses statusesWithReason deliveryStatuses eventTypes taxRatePercentScale maxPageLimit } }',
      )
    ).data;
    expect(hubRules).toEqual({
      orderStatuses: ['NEW', 'ACCEPTED', 'PREPARING', 'READY', 'COMPLETED', 'REJECTED', 'CANCELLED'],
      statusesWithReason: ['REJECTED', 'CANCELLED'],
      deliveryStatuses: ['PENDING', 'DELIVERING', 'DELIVERED', 'FAILED'],
      eventTypes: [
        'ORDER_CREATED',
        'ORDER_STATUS_CHANGED',
        'ORDER_UPDATED',
        'ORDER_OVERDUE',
        'MENU_PUBLISHED',
        'MENU_UPDATED',
        'STORE_STATUS_CHANGED',
        'OPENING_HOURS_CHANGED',
        'ITEMS_SNOOZED',
        'ITEMS_UNSNOOZED',
      ],
      taxRatePercentScale: 10000,
      maxPageLimit: 200,
    });
    // The largest page is served and one more is refused; a reason comes only with the statuses that take one.
    const list = (limit: number) => t.admin.get(`${loc.path}/orders?limit=${limit}`);
    expect((await list(hubRules.maxPageLimit)).status).toBe(200);
    expect((await list(hubRules.maxPageLimit + 1)).status).toBe(400);
    const id = await place('ov-rules');
    const withReason = (status: string) =>
      t.admin.patch(`${loc.path}/orders/${id}`, { status, cancellationReason: 'TOO_BUSY' });
    expect((await withReason('ACCEPTED')).status).toBe(400);
    expect((await withReason(hubRules.statusesWithReason[1])).body.data.cancellationReason).toBe('TOO_BUSY');
  });

  it('lists the cancellation reasons, and explains a refused transition in words', async () => {
    expect((await gql(t.admin, '{ orderCancellationReasons }')).data.orderCancellationReasons).toEqual([
      'OUT_OF_STOCK',
      'STORE_CLOSED',
      'TOO_BUSY',
      'CUSTOMER_CANCELLED',
      'OTHER',
    ]);
    const id = await place('ov-2');
    const refused = await gql(
      t.admin,
      `mutation($a: ID!, $l: ID!, $id: ID!) { updateOrderStatus(accountId: $a, locationId: $l, id: $id, input: { status: "ready" }) { status } }`,
      { ...vars(), id },
    );
    expect(refused.errors![0]).toMatchObject({
      message: 'An order in status NEW can move to ACCEPTED, REJECTED, CANCELLED, not READY',
      extensions: { code: 'invalid_transition' },
    });
  });
});

describe('the delivery log for the operator UI', () => {
  const DELIVERIES = `query($a: ID!, $l: ID!, $type: String) { locationDeliveries(accountId: $a, locationId: $l, eventType: $type, newestFirst: true) { data { id eventType status attemptCount nextAttemptAt } } }`;

  it('shows a failing delivery with its attempts and next retry; Retry now sends it at once', async () => {
    pos.always('/hooks', { status: 503 });
    const orderId = await place('ov-3');
    await pos.waitForRequests(1, { path: '/hooks' });
    let delivery: any;
    for (;;) {
      const page = (await gql(t.admin, DELIVERIES, { ...vars(), type: 'ORDER_CREATED' })).data.locationDeliveries.data;
      delivery = page[0];
      if (delivery.attemptCount === 1 && delivery.status === 'PENDING' && delivery.nextAttemptAt) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const detail = (
      await gql(
        t.admin,
        `query($id: ID!) { delivery(id: $id) { status attempts { startedAt httpStatus error latencyMs } payload } }`,
        { id: delivery.id },
      )
    ).data.delivery;
    expect(detail.attempts).toEqual([expect.objectContaining({ httpStatus: 503, error: null })]);
    expect(detail.payload.orderId).toBe(orderId);
    expect(Date.parse(delivery.nextAttemptAt) - Date.now()).toBeGreaterThan(30_000);

    pos.always('/hooks', { status: 200 });
    const retried = await gql(t.admin, `mutation($id: ID!) { retryDelivery(id: $id) { status } }`, { id: delivery.id });
    expect(retried.data.retryDelivery.status).toBe('PENDING');
    await pos.waitForRequests(2, { path: '/hooks' });
    for (;;) {
      const now = (
        await gql(t.admin, `query($id: ID!) { delivery(id: $id) { status attempts { httpStatus } } }`, {
          id: delivery.id,
        })
      ).data.delivery;
      if (now.status === 'DELIVERED') {
        expect(now.attempts.map((a: any) => a.httpStatus)).toEqual([503, 200]);
        break;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  });

  it('sends every later attempt to a webhook URL corrected after failures, and shows the URL each attempt used', async () => {
    const broken = pos.urlFor('/broken');
    pos.always('/broken', { status: 500 });
    pos.always('/fixed', { status: 204 });
    const kitchen = await t.createApplication('POS', { webhookUrl: broken });
    const place2 = await t.createLocation(undefined, 'Corrected URL bistro');
    await t.connect(kitchen, place2);
    await t.connect(marketApp, place2);
    const placed = await marketClient.post(`${place2.path}/orders`, {
      externalId: 'url-fix-1',
      fulfillmentType: 'PICKUP',
      items: [{ name: 'Soup', quantity: 1, price: 650 }],
    });
    expect(placed.status).toBe(201);
    const [delivery] = (await t.admin.get(`${place2.path}/deliveries?eventType=ORDER_CREATED`)).body.data;
    await waitForDelivery(t.admin, delivery.id, (d) => d.attempts.length === 1);
    const fixed = pos.urlFor('/fixed');
    expect((await t.admin.patch(`/v1/applications/${kitchen.id}`, { webhookUrl: fixed })).status).toBe(200);
    expect((await t.admin.post(`/v1/deliveries/${delivery.id}/retry`)).status).toBe(200);
    const done = await waitForDelivery(t.admin, delivery.id, (d) => d.status === 'DELIVERED');
    expect(done.attempts.map((a: any) => [a.url, a.httpStatus])).toEqual([
      [broken, 500],
      [fixed, 204],
    ]);
    expect(pos.requestsTo('/fixed').map((r) => JSON.parse(r.body).orderId)).toEqual([placed.body.data.id]);
    const gql = await t.admin.post('/graphql', {
      query: 'query($id: ID!) { delivery(id: $id) { attempts { url httpStatus } } }',
      variables: { id: delivery.id },
    });
    expect(gql.body.data.delivery.attempts.map((a: any) => a.url)).toEqual([broken, fixed]);
  });

  it('masks connection credentials in payloads, and filters by event type', async () => {
    const status = await gql(
      t.admin,
      `mutation($a: ID!, $l: ID!) { setStoreStatus(accountId: $a, locationId: $l, input: { storeStatus: OFFLINE, closedReason: "Inventory" }) { storeStatus } }`,
      vars(),
    );
    expect(status.data.setStoreStatus.storeStatus).toBe('OFFLINE');
    const sent = await market.waitForRequests(1, { path: '/store' });
    expect(JSON.parse(sent[0].body).connection.credentials.apiKey).toBe('market-secret-key-0123456789');
    const list = (await gql(t.admin, DELIVERIES, { ...vars(), type: 'STORE_STATUS_CHANGED' })).data.locationDeliveries
      .data;
    expect(list.map((d: any) => d.eventType)).toEqual(['STORE_STATUS_CHANGED']);
    const detail = (await gql(t.admin, `query($id: ID!) { delivery(id: $id) { payload } }`, { id: list[0].id })).data
      .delivery;
    expect(detail.payload.connection.credentials).toEqual({ storeId: '****', apiKey: '****6789' });
    const overRest = await t.admin.get(`/v1/deliveries/${list[0].id}`);
    expect(overRest.body.data.payload.connection.credentials).toEqual({ storeId: '****', apiKey: '****6789' });
  });
});

describe('the deliveries of one order', () => {
  const OF_ORDER = `query($a: ID!, $l: ID!, $order: ID) { locationDeliveries(accountId: $a, locationId: $l, orderId: $order) { data { eventType url orderingKey } } }`;

  it('lists what the POS and the marketplace were sent about that order only, over GraphQL and REST', async () => {
    pos.always('/hooks', { status: 200 });
    const first = await place('ov-of-1');
    const other = await place('ov-of-2');
    const posClient = await t.applicationClient(posApp);
    expect((await posClient.patch(`${loc.path}/orders/${first}`, { status: 'accepted' })).status).toBe(200);

    const events = (await gql(t.admin, OF_ORDER, { ...vars(), order: first })).data.locationDeliveries.data;
    expect(events.map((d: any) => `${d.eventType} ${d.url}`)).toEqual([
      `ORDER_CREATED ${pos.urlFor('/hooks')}`,
      `ORDER_STATUS_CHANGED ${market.urlFor('/hooks')}`,
    ]);
    expect(events.every((d: any) => d.orderingKey === first)).toBe(true);
    const overRest = await t.admin.get(`${loc.path}/deliveries?orderId=${first}`);
    expect(overRest.status).toBe(200);
    expect(overRest.body.data.map((d: any) => d.eventType)).toEqual(['ORDER_CREATED', 'ORDER_STATUS_CHANGED']);
    // An application's delivery log takes the same filter.
    const toPos = await t.admin.get(`/v1/applications/${posApp.id}/deliveries?orderId=${first}`);
    expect(toPos.status).toBe(200);
    expect(toPos.body.data.map((d: any) => d.eventType)).toEqual(['ORDER_CREATED']);
    expect(
      (await gql(t.admin, OF_ORDER, { ...vars(), order: other })).data.locationDeliveries.data.map(
        (d: any) => d.eventType,
      ),
    ).toEqual(['ORDER_CREATED']);

    expect((await t.admin.get(`${loc.path}/deliveries?orderId=ov-of-1`)).status).toBe(400);
    expect((await gql(t.admin, OF_ORDER, { ...vars(), order: 'ov-of-1' })).errors?.[0].extensions.code).toBe(
      'validation_failed',
    );
  });
});

describe('store status and home for the operator UI', () => {
  const STATUS = `query($a: ID!, $l: ID!) { storeStatus(accountId: $a, locationId: $l) { storeStatus closedUntil marketplaces { applicationName status storeStatus attempts } } }`;

  it('pauses with a resume time and shows what each marketplace received', async () => {
    market.reset();
    const until = new Date(Date.now() + 3600_000).toISOString();
    await gql(
      t.admin,
      `mutation($a: ID!, $l: ID!, $u: String) { setStoreStatus(accountId: $a, locationId: $l, input: { storeStatus: OFFLINE, closedUntil: $u }) { storeStatus } }`,
      { ...vars(), u: until },
    );
    await market.waitForRequests(1, { path: '/store' });
    let status: any;
    do status = (await gql(t.admin, STATUS, vars())).data.storeStatus;
    while (status.marketplaces[0].status !== 'DELIVERED');
    expect(status).toEqual({
      storeStatus: 'OFFLINE',
      closedUntil: until,
      marketplaces: [
        { applicationName: marketApp.data.name, status: 'DELIVERED', storeStatus: 'OFFLINE', attempts: 1 },
      ],
    });
  });

  it('puts the locations with new orders and failing deliveries first, within the caller’s reach', async () => {
    const quiet = await t.createLocation(undefined, 'Quiet place');
    const home = (await gql(t.admin, `{ home { locationId locationName newOrders failingDeliveries storeStatus } }`))
      .data.home;
    const ids = home.map((h: any) => h.locationId);
    expect(ids.indexOf(loc.locationId)).toBeLessThan(ids.indexOf(quiet.locationId));
    expect(home.find((h: any) => h.locationId === loc.locationId)).toMatchObject({
      locationName: 'Bistro',
      storeStatus: 'OFFLINE',
    });
    expect(home.find((h: any) => h.locationId === loc.locationId).newOrders).toBeGreaterThan(0);

    const merchant = await t.createUser('merchant', [quiet.accountId]);
    const asMerchant = (await gql(await t.userClient(merchant), `{ home { locationId newOrders } }`)).data.home;
    expect(asMerchant).toEqual([{ locationId: quiet.locationId, newOrders: 0 }]);
  });
});
