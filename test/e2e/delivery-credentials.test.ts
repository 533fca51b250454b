import { Webhook } from 'standardwebhooks';
import { query } from '../support/database.js';
import { waitForDelivery } from '../support/deliveries.js';
import { FakePartner } from '../support/fake-partner.js';
import type { HttpClient } from '../support/http.js';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';

// A connection's credentials reach the marketplace in MENU_PUBLISHED and STORE_STATUS_CHANGED
// bodies, but are stored sealed, not in the deliveries table's payload, and no read of a delivery (REST or
// GraphQL, by any principal that may read it) shows them.

const API_KEY = 'mk-live-0123456789-secret-api-key';
const STORE_ID = 'store-id-abcdefghijkl';

let t: TestHub;
let partner: FakePartner;
beforeAll(async () => {
  partner = await FakePartner.start();
  t = await startTestHub({ DELIVERY_RETRY_SCHEDULE: '0.05', DELIVERY_POLL_INTERVAL_MS: '50' });
}, HUB_START_TIMEOUT_MS);
afterAll(async () => {
  await t.stop();
  await partner.close();
});

it('sends the credentials, stores them sealed, and shows them to no principal through REST or GraphQL', async () => {
  const reseller = await t.createUser('reseller');
  const resellerClient = await t.userClient(reseller);
  const loc = await t.createLocation(resellerClient);
  const merchant = await t.createUser('merchant', [loc.accountId], resellerClient);
  const marketplace = await t.createApplication('MARKETPLACE', {
    webhookUrl: partner.urlFor('/hooks'),
    menuPublicationUrl: partner.urlFor('/menus'),
    storeStatusUrl: partner.urlFor('/status'),
    scopes: ['locations.read', 'menu.read', 'orders.read', 'orders.write', 'deliveries.read'],
  });
  const pos = await t.createApplication('POS', {
    webhookUrl: partner.urlFor('/pos'),
    scopes: ['locations.read', 'catalogs.write', 'deliveries.read'],
  });
  const connectionId = await t.connect(marketplace, loc, { storeId: STORE_ID, apiKey: API_KEY }, resellerClient);
  await t.connect(pos, loc, undefined, resellerClient);

  expect(
    (
      await t.admin.put(`${loc.path}/catalog/import`, {
        categories: [],
        modifiers: [],
        modifierGroups: [],
        products: [{ posReference: 'tea', name: 'Tea', price: 300 }],
      })
    ).status,
  ).toBe(200);
  const menu = (await t.admin.post(`${loc.path}/menus`, { name: 'All day', productPosReferences: ['tea'] })).body.data;
  expect((await t.admin.post(`${loc.path}/menus/${menu.id}/publications`, { connectionId })).status).toBe(201);
  expect((await t.admin.put(`${loc.path}/store-status`, { storeStatus: 'OFFLINE' })).status).toBe(200);

  // The marketplace receives its credentials, in signed bodies.
  const [published] = await partner.waitForRequests(1, { path: '/menus' });
  const [status] = await partner.waitForRequests(1, { path: '/status' });
  for (const request of [published, status]) {
    const body = new Webhook(marketplace.webhookSecret).verify(
      request.body,
      request.headers as Record<string, string>,
    ) as { connection: unknown };
    expect(body.connection).toEqual({ id: connectionId, credentials: { storeId: STORE_ID, apiKey: API_KEY } });
  }

  // Nothing in the table holds them in clear.
  const stored = await query<{ row: string }>(
    t.db.url,
    `select d::text as row from deliveries d where location_id = $1`,
    [loc.locationId],
  );
  expect(stored.length).toBeGreaterThanOrEqual(2);
  for (const { row } of stored) {
    expect(row).not.toContain(API_KEY);
    expect(row).not.toContain(STORE_ID);
  }

  const readers: [string, HttpClient][] = [
    ['admin', t.admin],
    ['reseller', resellerClient],
    ['merchant', await t.userClient(merchant)],
    ['marketplace', await t.applicationClient(marketplace)],
    ['another partner at the location', await t.applicationClient(pos)],
  ];
  let seen = 0;
  for (const [who, client] of readers) {
    const texts: string[] = [];
    const list = await client.get(`${loc.path}/deliveries?limit=200`);
    texts.push(list.text);
    const ids: string[] = list.status === 200 ? list.body.data.map((d: { id: string }) => d.id) : [];
    for (const appId of [marketplace.id, pos.id])
      texts.push((await client.get(`/v1/applications/${appId}/deliveries?limit=200`)).text);
    for (const id of ids) {
      const one = await client.get(`/v1/deliveries/${id}`);
      texts.push(one.text);
      if (one.status === 200 && one.body.data.payload?.connection) {
        expect(one.body.data.payload.connection.credentials).toEqual({ storeId: '****ijkl', apiKey: '****-key' });
        seen += 1;
      }
      const graphql = await client.graphql(`query($id: ID!) { delivery(id: $id) { id payload } }`, { id });
      texts.push(graphql.text);
    }
    const graphqlList = await client.graphql(
      `query($a: ID!, $l: ID!) { locationDeliveries(accountId: $a, locationId: $l, limit: 200) { data { id eventType } } }`,
      { a: loc.accountId, l: loc.locationId },
    );
    texts.push(graphqlList.text);
    for (const text of texts) {
      expect({ who, leaks: text.includes(API_KEY) || text.includes(STORE_ID) }).toEqual({ who, leaks: false });
    }
  }
  // The check above read real payloads with a connection (masked), not only refusals.
  expect(seen).toBeGreaterThanOrEqual(2);
});

it('changes a connection’s credentials after it was made, keeping its id: what the partner is sent next carries them', async () => {
  const loc = await t.createLocation();
  const marketplace = await t.createApplication('MARKETPLACE', {
    webhookUrl: partner.urlFor('/hooks'),
    menuPublicationUrl: partner.urlFor('/menus'),
    storeStatusUrl: partner.urlFor('/changing-status'),
  });
  const pos = await t.createApplication('POS', { catalogPullUrl: partner.urlFor('/changing-pull') });
  const connectionId = await t.connect(marketplace, loc, { apiKey: 'old-key-0001' });
  const posConnection = await t.connect(pos, loc, { storeId: 'old-store' });
  const credentialsIn = (request: { body: string }) => (JSON.parse(request.body) as { connection: unknown }).connection;

  // A store status the marketplace refuses twice: the delivery is FAILED, still holding the old key.
  partner.respond('/changing-status', { status: 500 }, { status: 500 });
  expect((await t.admin.put(`${loc.path}/store-status`, { storeStatus: 'OFFLINE' })).status).toBe(200);
  const [first] = await partner.waitForRequests(2, { path: '/changing-status' });
  expect(credentialsIn(first)).toEqual({ id: connectionId, credentials: { apiKey: 'old-key-0001' } });
  const [statusEvent] = (await t.admin.get(`${loc.path}/deliveries?eventType=STORE_STATUS_CHANGED`)).body.data;
  const failed = await waitForDelivery(t.admin, statusEvent.id, (d) => d.status === 'FAILED');

  // New credentials over REST: the same connection, answered masked.
  const changed = await t.admin.patch(`${loc.path}/connections/${connectionId}`, {
    credentials: { apiKey: 'new-key-0002', region: 'eu' },
  });
  expect(changed.status).toBe(200);
  expect(changed.body.data).toMatchObject({ id: connectionId, status: 'ACTIVE', credentials: { apiKey: '****0002' } });
  expect((await t.admin.get(`${loc.path}/connections`)).body.data.map((c: { id: string }) => c.id)).toContain(
    connectionId,
  );

  // The failed delivery, sent again, and the next event both carry the new ones.
  expect((await t.admin.post(`/v1/deliveries/${failed.id}/retry`)).status).toBe(200);
  expect((await t.admin.put(`${loc.path}/store-status`, { storeStatus: 'ONLINE' })).status).toBe(200);
  const sent = await partner.waitForRequests(4, { path: '/changing-status' });
  for (const request of sent.slice(2))
    expect(credentialsIn(request)).toEqual({ id: connectionId, credentials: { apiKey: 'new-key-0002', region: 'eu' } });

  // GraphQL changes them the same way; the catalog pull carries the POS's new ones; null removes them.
  const viaGraphql = await t.admin.graphql(
    `mutation($a: ID!, $l: ID!, $id: ID!) {
      updateConnection(accountId: $a, locationId: $l, id: $id, input: { credentials: { storeId: "new-store" } }) { id credentials }
    }`,
    { a: loc.accountId, l: loc.locationId, id: posConnection },
  );
  expect(viaGraphql.body.data.updateConnection.id).toBe(posConnection);
  partner.respond('/changing-pull', { body: { categories: [], products: [], modifiers: [], modifierGroups: [] } });
  expect((await t.admin.post(`${loc.path}/connections/${posConnection}/pull`)).status).toBe(200);
  const [pull] = partner.requestsTo('/changing-pull');
  expect(credentialsIn(pull)).toEqual({ id: posConnection, credentials: { storeId: 'new-store' } });
  const removed = await t.admin.patch(`${loc.path}/connections/${connectionId}`, { credentials: null });
  expect(removed.body.data.credentials).toBeNull();

  // Bad input names its path and changes nothing; another location's connection is not found.
  const refused = await t.admin.patch(`${loc.path}/connections/${posConnection}`, { credentials: 'plain text' });
  expect(refused.status).toBe(400);
  expect(refused.body.errors[0].path).toBe('/credentials');
  const elsewhere = await t.createLocation();
  expect((await t.admin.patch(`${elsewhere.path}/connections/${posConnection}`, { credentials: {} })).status).toBe(404);
});
