import { createHash } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import { DEVELOPMENT_KEY_SEED } from '../../src/config/config.js';
import { Webhook } from 'standardwebhooks';
import { DEMO_CATALOG, SANDBOX_MARKETPLACE_ID, SANDBOX_POS_ID } from '../../src/modules/sandbox/index.js';
import { FakePartner } from '../support/fake-partner.js';
import type { HttpClient } from '../support/http.js';
import { startTestHub, type TestHub, type TestLocation } from '../support/test-hub.js';
import { until } from '../support/until.js';

// The built-in sandbox partners (src/modules/sandbox) and test orders, through HTTP on a hub whose SSRF guard is
// closed, as `npm start` runs it: the sandbox POS answers the catalog pull with its demo catalog and moves every
// order it receives to COMPLETED at its pace; the sandbox marketplace receives menus and places test orders. Every
// call goes through the delivery engine, signed and logged; any other partner URL on loopback is still refused.
// Then a test order reaching a real POS on loopback (a second hub, which lets test partners be on loopback), and
// the sandbox refused in production (a third, on the first one's database).

const PACE_MS = 150;
/** Names the tests make resolve where they like: a URL that passes registration and reaches loopback later. */
const resolves = new Map<string, string>();
const lookup = ((hostname: string, _options: unknown, callback: (...args: unknown[]) => void) => {
  const address = resolves.get(hostname);
  if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
  callback(null, [{ address, family: 4 }]);
}) as unknown as LookupFunction;

let t: TestHub;
let api: HttpClient;

beforeAll(async () => {
  t = await startTestHub(
    {
      ALLOW_PRIVATE_PARTNER_URLS: 'false',
      SANDBOX_POS_PACE_MS: String(PACE_MS),
      DELIVERY_POLL_INTERVAL_MS: '50',
      DELIVERY_RETRY_SCHEDULE: '0.05',
    },
    { partnerLookup: lookup },
  );
  api = t.admin;
}, 60_000);
afterAll(() => t?.stop());

/** A location with the sandbox partners of `kinds` connected: their connection ids. */
async function sandboxLocation(...kinds: ('POS' | 'MARKETPLACE')[]) {
  const location = await t.createLocation(undefined, 'Sandbox trattoria');
  const ids: Record<string, string> = {};
  for (const kind of kinds)
    ids[kind] = await t.connect({ id: kind === 'POS' ? SANDBOX_POS_ID : SANDBOX_MARKETPLACE_ID }, location);
  return { location, pos: ids.POS, marketplace: ids.MARKETPLACE };
}

const deliveriesOf = async (location: TestLocation, query = '') =>
  (await api.get(`${location.path}/deliveries?limit=200${query}`)).body.data as any[];

async function menuFromCatalog(location: TestLocation, posReferences?: string[]): Promise<string> {
  const refs =
    posReferences ?? (await api.get(`${location.path}/catalog`)).body.data.products.map((p: any) => p.posReference);
  const menu = await api.post(`${location.path}/menus`, { name: 'Dinner', productPosReferences: refs });
  expect(menu.status).toBe(201);
  return menu.body.data.id;
}

describe('the sandbox partners', () => {
  it('are listed as applications, POS and MARKETPLACE, marked sandbox, connectable anywhere, changed by no one', async () => {
    const all = (await api.get('/v1/applications?limit=200')).body.data;
    expect(all.filter((a: any) => a.sandbox).map((a: any) => [a.id, a.kind, a.name])).toEqual([
      [SANDBOX_POS_ID, 'POS', 'Sandbox POS'],
      [SANDBOX_MARKETPLACE_ID, 'MARKETPLACE', 'Sandbox marketplace'],
    ]);
    const pos = all.find((a: any) => a.id === SANDBOX_POS_ID);
    expect(pos).toMatchObject({
      webhookUrl: `${t.url}/sandbox/pos/webhooks`,
      catalogPullUrl: `${t.url}/sandbox/pos/catalog`,
    });
    const location = await t.createLocation();
    const available = (await api.get(`${location.path}/applications?limit=200`)).body.data;
    expect(available.filter((a: any) => a.sandbox).map((a: any) => a.kind)).toEqual(['POS', 'MARKETPLACE']);

    expect((await api.patch(`/v1/applications/${SANDBOX_POS_ID}`, { name: 'Mine now' })).status).toBe(409);
    expect((await api.post(`/v1/applications/${SANDBOX_MARKETPLACE_ID}/secret`)).status).toBe(409);
    const graphql = await api.graphql('{ applications(limit: 200) { data { id sandbox } } }');
    expect(graphql.body.data.applications.data.filter((a: any) => a.sandbox).map((a: any) => a.id)).toEqual([
      SANDBOX_POS_ID,
      SANDBOX_MARKETPLACE_ID,
    ]);
    // Nothing reaches the endpoints but the hub's own calls.
    const outsider = await fetch(`${t.url}/sandbox/pos/catalog`, { method: 'POST', body: '{}' });
    expect(outsider.status).toBe(404);
  });

  it('answers the catalog pull with its demo catalog: categories, modifiers, tax rates with posReferences', async () => {
    const { location, pos } = await sandboxLocation('POS');
    const pulled = await api.post(`${location.path}/connections/${pos}/pull`);
    expect(pulled.status).toBe(200);
    expect(pulled.body.data).toMatchObject({
      categories: DEMO_CATALOG.categories.length,
      products: DEMO_CATALOG.products.length,
      modifiers: DEMO_CATALOG.modifiers.length,
      modifierGroups: DEMO_CATALOG.modifierGroups.length,
      taxRates: 3,
    });
    const catalog = (await api.get(`${location.path}/catalog`)).body.data;
    expect(catalog.location.taxRates.map((r: any) => [r.posReference, r.type, r.rate])).toEqual([
      ['vat-9', 'PERCENTAGE', 90000],
      ['vat-21', 'PERCENTAGE', 210000],
      ['deposit', 'FIXED', 15],
    ]);
    expect(catalog.products.find((p: any) => p.posReference === 'peroni').taxRateIds).toEqual(['vat-21', 'deposit']);
    expect(catalog.modifierGroups.find((g: any) => g.posReference === 'pizza-extras')).toMatchObject({
      maxPermitted: 3,
      modifiers: ['extra-mozzarella', 'olives', 'nduja'],
    });
  });

  it('receives a published menu through the delivery engine, signed and logged, and keeps what it received', async () => {
    const { location, pos, marketplace } = await sandboxLocation('POS', 'MARKETPLACE');
    expect((await api.post(`${location.path}/connections/${pos}/pull`)).status).toBe(200);
    const menuId = await menuFromCatalog(location, ['margherita', 'carbonara', 'peroni']);
    const published = await api.post(`${location.path}/menus/${menuId}/publications`, { connectionId: marketplace });
    expect(published.status).toBe(201);
    const done = await until(
      async () =>
        (await api.get(`${location.path}/menus/${menuId}/publications`)).body.data.find(
          (p: any) => p.id === published.body.data.id,
        ),
      (p) => p.status !== 'PENDING',
      'the publication',
    );
    expect(done.status).toBe('DELIVERED');
    const [delivery] = await deliveriesOf(location, '&eventType=MENU_PUBLISHED');
    expect(delivery).toMatchObject({ url: `${t.url}/sandbox/marketplace/menus`, status: 'DELIVERED' });
    const detail = (await api.get(`/v1/deliveries/${delivery.id}`)).body.data;
    expect(detail.attempts.map((a: any) => a.httpStatus)).toEqual([200]);

    const receipts = await api.graphql(
      'query($a: ID!, $l: ID!) { sandboxReceipts(accountId: $a, locationId: $l) { eventType eventId body } }',
      { a: location.accountId, l: location.locationId },
    );
    const [received] = receipts.body.data.sandboxReceipts;
    expect(received).toMatchObject({ eventType: 'MENU_PUBLISHED', eventId: delivery.eventId });
    expect(received.body.menu.items.map((i: any) => [i.posReference, i.price])).toEqual([
      ['margherita', 1150],
      ['carbonara', 1395],
      ['peroni', 450],
    ]);
    expect(received.body.publicationId).toBe(published.body.data.id);
  });

  it('moves a test order through ACCEPTED, PREPARING, READY and COMPLETED at its pace, each change logged', async () => {
    const { location, pos } = await sandboxLocation('POS', 'MARKETPLACE');
    expect((await api.post(`${location.path}/connections/${pos}/pull`)).status).toBe(200);
    const sent = await api.post(`${location.path}/test-orders`);
    expect(sent.status).toBe(201);
    const order = sent.body.data;
    expect(order).toMatchObject({ status: 'NEW', test: true, sourceName: 'Sandbox marketplace' });
    // From the catalog (no menu published): only products of the demo catalog, with their own prices.
    const products = new Map(DEMO_CATALOG.products.map((p) => [p.posReference, p.price]));
    for (const item of order.items) expect(item.price).toBe(products.get(item.posReference));

    const completed = await until(
      async () => (await api.get(`${location.path}/orders/${order.id}`)).body.data,
      (o) => o.status === 'COMPLETED',
      'the test order',
    );
    const history = completed.statusHistory;
    expect(history.map((h: any) => [h.status, h.by, h.byId])).toEqual([
      ['NEW', 'MARKETPLACE', SANDBOX_MARKETPLACE_ID],
      ['ACCEPTED', 'POS', SANDBOX_POS_ID],
      ['PREPARING', 'POS', SANDBOX_POS_ID],
      ['READY', 'POS', SANDBOX_POS_ID],
      ['COMPLETED', 'POS', SANDBOX_POS_ID],
    ]);
    // At the kitchen's pace: no step before the one before it plus the pace.
    for (let i = 1; i < history.length; i++)
      expect(Date.parse(history[i].at) - Date.parse(history[i - 1].at)).toBeGreaterThanOrEqual(PACE_MS - 5);

    // Every call logged: ORDER_CREATED to the sandbox POS, every status change to the sandbox marketplace, each
    // delivered, each saying test.
    const logged = await until(
      () => deliveriesOf(location, `&orderId=${order.id}`),
      (list) => list.length === 5 && list.every((d: any) => d.status === 'DELIVERED'),
      "the order's deliveries",
    );
    const details = await Promise.all(
      logged.map(async (d: any) => (await api.get(`/v1/deliveries/${d.id}`)).body.data),
    );
    expect(details.map((d: any) => [d.eventType, d.applicationId, d.payload.newState.status, d.payload.test])).toEqual([
      ['ORDER_CREATED', SANDBOX_POS_ID, 'NEW', true],
      ['ORDER_STATUS_CHANGED', SANDBOX_MARKETPLACE_ID, 'ACCEPTED', true],
      ['ORDER_STATUS_CHANGED', SANDBOX_MARKETPLACE_ID, 'PREPARING', true],
      ['ORDER_STATUS_CHANGED', SANDBOX_MARKETPLACE_ID, 'READY', true],
      ['ORDER_STATUS_CHANGED', SANDBOX_MARKETPLACE_ID, 'COMPLETED', true],
    ]);
    expect(details.every((d: any) => d.attempts.every((a: any) => a.httpStatus === 200))).toBe(true);

    // Filtered out where figures are made, and counted nowhere.
    expect((await api.get(`${location.path}/orders?test=false`)).body.data).toEqual([]);
    expect((await api.get(`${location.path}/orders?test=true`)).body.data.map((o: any) => o.id)).toEqual([order.id]);
  });

  it('takes up an order an operator moved on, and leaves one that was cancelled', async () => {
    const { location, pos } = await sandboxLocation('POS', 'MARKETPLACE');
    expect((await api.post(`${location.path}/connections/${pos}/pull`)).status).toBe(200);
    const first = (await api.post(`${location.path}/test-orders`)).body.data;
    const second = (await api.post(`${location.path}/test-orders`)).body.data;
    // Within the pace: the operator is quicker than the kitchen.
    expect((await api.patch(`${location.path}/orders/${first.id}`, { status: 'ACCEPTED' })).status).toBe(200);
    expect((await api.patch(`${location.path}/orders/${second.id}`, { status: 'CANCELLED' })).status).toBe(200);
    const done = await until(
      async () => (await api.get(`${location.path}/orders/${first.id}`)).body.data,
      (o) => o.status === 'COMPLETED',
      'the first order',
    );
    expect(done.statusHistory.map((h: any) => [h.status, h.by])).toEqual([
      ['NEW', 'MARKETPLACE'],
      ['ACCEPTED', 'OPERATOR'],
      ['PREPARING', 'POS'],
      ['READY', 'POS'],
      ['COMPLETED', 'POS'],
    ]);
    const cancelled = (await api.get(`${location.path}/orders/${second.id}`)).body.data;
    expect(cancelled.statusHistory.map((h: any) => h.status)).toEqual(['NEW', 'CANCELLED']);
  });

  it('sends test orders over GraphQL too, and says why it cannot', async () => {
    const bare = await t.createLocation();
    const send = (location: TestLocation, as: HttpClient = api) =>
      as.graphql(
        'mutation($a: ID!, $l: ID!) { sendTestOrder(accountId: $a, locationId: $l) { id test items { name } } }',
        {
          a: location.accountId,
          l: location.locationId,
        },
      );
    const notConnected = await send(bare);
    expect(notConnected.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('Connect the Sandbox marketplace'),
      extensions: { code: 'conflict' },
    });
    await t.connect({ id: SANDBOX_MARKETPLACE_ID }, bare);
    expect((await send(bare)).body.errors?.[0].message).toContain('Nothing to order');
    // A location with a catalog but no POS: the order is placed all the same (it waits, NEW, for a kitchen).
    await api.put(`${bare.path}/catalog/import`, { products: [{ posReference: 'soup', name: 'Soup', price: 650 }] });
    const placed = await send(bare);
    expect(placed.body.data.sendTestOrder).toMatchObject({ test: true, items: [{ name: 'Soup' }] });

    // A partner's token is refused, whatever its scopes.
    const partnerApp = await t.createApplication('MARKETPLACE', {
      webhookUrl: undefined,
      menuPublicationUrl: undefined,
      storeStatusUrl: undefined,
    });
    await t.connect(partnerApp, bare);
    const partner = await t.applicationClient(partnerApp);
    expect((await partner.post(`${bare.path}/test-orders`)).status).toBe(403);
  });

  it('still refuses every other partner URL on loopback: at registration, and when called', async () => {
    const port = new URL(t.url).port;
    // Even one naming the hub's own sandbox endpoints.
    for (const host of ['127.0.0.1', '[::1]']) {
      const direct = await api.post('/v1/applications', {
        kind: 'POS',
        name: 'Impostor',
        webhookUrl: `http://${host}:${port}/sandbox/pos/webhooks`,
      });
      expect(direct.status).toBe(400);
    }
    // A name that resolves nowhere at registration and to loopback when the hub calls it.
    const impostor = await t.createApplication('POS', {
      webhookUrl: `http://impostor.example:${port}/sandbox/pos/webhooks`,
      catalogPullUrl: undefined,
    });
    const { location } = await sandboxLocation('MARKETPLACE');
    await t.connect(impostor, location);
    await api.put(`${location.path}/catalog/import`, {
      products: [{ posReference: 'soup', name: 'Soup', price: 650 }],
    });
    resolves.set('impostor.example', '127.0.0.1');
    const order = (await api.post(`${location.path}/test-orders`)).body.data;
    const [refused] = await until(
      () => deliveriesOf(location, `&orderId=${order.id}`),
      (list) => list.length === 1 && list[0].status === 'FAILED',
      'the impostor delivery',
    );
    expect(refused.lastError).toMatch(/loopback|not allowed/);
    // The sandbox kitchen never heard of it.
    expect((await api.get(`${location.path}/orders/${order.id}`)).body.data.status).toBe('NEW');
  });
});

describe('a test order at a location with a real POS', () => {
  let real: TestHub;
  let posServer: FakePartner;
  afterAll(async () => {
    await real?.stop();
    await posServer?.close();
  });

  it('reaches the POS on loopback signed, with test: true, from the published menu', async () => {
    posServer = await FakePartner.start();
    real = await startTestHub({ DELIVERY_POLL_INTERVAL_MS: '50' });
    const pos = await real.createApplication('POS', { webhookUrl: posServer.urlFor('/webhooks') });
    const location = await real.createLocation();
    await real.connect(pos, location);
    const marketplace = await real.connect({ id: SANDBOX_MARKETPLACE_ID }, location);
    expect((await real.admin.put(`${location.path}/catalog/import`, DEMO_CATALOG)).status).toBe(200);
    const refs = (await real.admin.get(`${location.path}/catalog`)).body.data.products.map((p: any) => p.posReference);
    const menu = (
      await real.admin.post(`${location.path}/menus`, { name: 'Lunch', productPosReferences: refs.slice(0, 2) })
    ).body.data;
    expect(
      (await real.admin.post(`${location.path}/menus/${menu.id}/publications`, { connectionId: marketplace })).status,
    ).toBe(201);

    const order = (await real.admin.post(`${location.path}/test-orders`)).body.data;
    const [request] = await posServer.waitForRequests(1, { path: '/webhooks' });
    const event = new Webhook(pos.webhookSecret).verify(request.body, request.headers as Record<string, string>) as any;
    expect(event).toMatchObject({
      eventType: 'ORDER_CREATED',
      test: true,
      orderId: order.id,
      newState: { test: true },
    });
    // Only what the published menu offers.
    for (const item of event.newState.items) expect(refs.slice(0, 2)).toContain(item.posReference);
    expect(event.newState.items[0].taxRateIds).toEqual(['vat-9']);

    // The kitchen answers like any POS: the sandbox marketplace hears it, and keeps it.
    const posClient = await real.applicationClient(pos);
    expect((await posClient.patch(`${location.path}/orders/${order.id}`, { status: 'accepted' })).status).toBe(200);
    const receipts = await until(
      async () =>
        (
          await real.admin.graphql(
            'query($a: ID!, $l: ID!) { sandboxReceipts(accountId: $a, locationId: $l) { eventType body } }',
            { a: location.accountId, l: location.locationId },
          )
        ).body.data.sandboxReceipts,
      (list: any[]) => list.some((r) => r.eventType === 'ORDER_STATUS_CHANGED'),
      'the status change at the sandbox marketplace',
    );
    expect(receipts.find((r: any) => r.eventType === 'ORDER_STATUS_CHANGED').body).toMatchObject({
      test: true,
      newState: { id: order.id, status: 'ACCEPTED' },
    });
  });
});

describe('in production', () => {
  let production: TestHub;
  afterAll(() => production?.stop());

  it('there is no sandbox: not listed, not connectable, no test orders, no endpoints', async () => {
    // On the first hub's database, where the sandbox applications and their connections exist.
    const { location } = await sandboxLocation('MARKETPLACE');
    production = await startTestHub(
      {
        HUB_ENV: 'production',
        PUBLIC_BASE_URL: 'https://hub.example',
        ALLOW_PRIVATE_PARTNER_URLS: 'false',
        // The key the first hub sealed its secrets with (the development key), given explicitly as production wants.
        ENCRYPTION_KEY: createHash('sha256').update(DEVELOPMENT_KEY_SEED).digest('base64'),
      },
      {},
      { url: t.db.url },
    );
    const admin = production.admin;
    expect((await admin.get('/v1/applications?limit=200')).body.data.some((a: any) => a.sandbox)).toBe(false);
    expect((await admin.get(`/v1/applications/${SANDBOX_POS_ID}`)).status).toBe(404);
    const elsewhere = await production.createLocation();
    expect((await admin.get(`${elsewhere.path}/applications?limit=200`)).body.data.some((a: any) => a.sandbox)).toBe(
      false,
    );
    expect((await admin.post(`${elsewhere.path}/connections`, { applicationId: SANDBOX_POS_ID })).status).toBe(404);
    const refused = await admin.post(`${location.path}/test-orders`);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('no sandbox in production');
    expect((await fetch(`${production.url}/sandbox/pos/catalog`, { method: 'POST', body: '{}' })).status).toBe(404);
  });
});
