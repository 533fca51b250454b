import { Webhook } from 'standardwebhooks';
import { deleteDeliveredBefore } from '../../src/delivery-engine/retention.js';
import { query } from '../support/database.js';
import { FakePartner, type RecordedRequest } from '../support/fake-partner.js';
import type { HttpClient } from '../support/http.js';
import {
  HUB_START_TIMEOUT_MS,
  startTestHub,
  type TestApplication,
  type TestHub,
  type TestLocation,
} from '../support/test-hub.js';

// docs/contract.md "Behaviours", "Operations", "Records" and "Calls the hub makes" end to end: menus published to a
// marketplace on loopback through the outbox (signed, retried), MENU_UPDATED on catalog and menu changes, store status.

let t: TestHub;
let api: HttpClient;
let marketplace: FakePartner;

beforeAll(async () => {
  marketplace = await FakePartner.start();
  // Retries and scheduled jobs in milliseconds: time is driven by configuration, never by sleeping.
  t = await startTestHub({ DELIVERY_RETRY_SCHEDULE: '0.05,0.05,0.05', DELIVERY_POLL_INTERVAL_MS: '50' });
  api = t.admin;
}, HUB_START_TIMEOUT_MS);
afterAll(async () => {
  await t.stop();
  await marketplace.close();
});

const catalog = {
  location: {
    taxRates: [
      { posReference: 'vat-9', name: 'VAT 9%', type: 'PERCENTAGE', rate: 90000, inclusive: true },
      { posReference: 'vat-21', name: 'VAT 21%', type: 'PERCENTAGE', rate: 210000, isDefault: true },
    ],
  },
  categories: [{ posReference: 'cat-food', name: 'Food' }],
  modifiers: [{ posReference: 'mod-cheese', name: 'Cheese', price: 50, taxRateIds: ['vat-9'] }],
  modifierGroups: [{ posReference: 'grp-extras', name: 'Extras', modifiers: ['mod-cheese'] }],
  products: [
    {
      posReference: 'burger',
      name: 'Burger',
      price: 850,
      categories: ['cat-food'],
      taxRateIds: ['vat-9'],
      modifierGroups: ['grp-extras'],
    },
    { posReference: 'cola', name: 'Cola', price: 250, categories: ['cat-food'], taxRateIds: ['vat-21'] },
  ],
};

let seq = 0;

interface Setup {
  location: TestLocation;
  app: TestApplication;
  connectionId: string;
  menuId: string;
  products: Record<string, string>;
  paths: { menus: string; webhooks: string; store: string };
}

/** A location with the catalog and a menu, and a marketplace (its own paths on the fake partner) connected. */
async function setup(): Promise<Setup> {
  const n = ++seq;
  const paths = { menus: `/m${n}/menus`, webhooks: `/m${n}/webhooks`, store: `/m${n}/store-status` };
  const location = await t.createLocation(undefined, `Kitchen ${n}`);
  expect((await api.put(`${location.path}/catalog/import`, catalog)).status).toBe(200);
  const app = await t.createApplication('MARKETPLACE', {
    menuPublicationUrl: marketplace.urlFor(paths.menus),
    webhookUrl: marketplace.urlFor(paths.webhooks),
    storeStatusUrl: marketplace.urlFor(paths.store),
  });
  const connectionId = await t.connect(app, location, {
    storeId: `store-${n}`,
    apiKey: 'marketplace-api-key-0123456789',
  });
  const menu = (await api.post(`${location.path}/menus`, { name: 'Dinner', productPosReferences: ['burger', 'cola'] }))
    .body.data;
  const products = Object.fromEntries(
    menu.items.map((i: { posReference: string; productId: string }) => [i.posReference, i.productId]),
  );
  return { location, app, connectionId, menuId: menu.id, products, paths };
}

function verified(app: TestApplication, request: RecordedRequest): any {
  return new Webhook(app.webhookSecret).verify(request.body, request.headers as Record<string, string>);
}

/** Polls the hub's own record of the publication until it is settled; no sleeping on a guess. */
async function settled(s: Setup, publicationId: string): Promise<any> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const list = await api.get(`${s.location.path}/menus/${s.menuId}/publications`);
    const found = list.body.data.find((p: { id: string }) => p.id === publicationId);
    if (found && found.status !== 'PENDING') return found;
    if (Date.now() > deadline) throw new Error(`publication still ${found?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('publishing a menu', () => {
  it('delivers the MenuExportEntity, signed, with effective taxRateIds, show_online and the location tax rates', async () => {
    const s = await setup();
    // An override and an out-of-stock product, so the export shows effective values.
    const menu = (await api.get(`${s.location.path}/menus/${s.menuId}`)).body.data;
    await api.patch(`${s.location.path}/menus/${s.menuId}/items/${menu.items[1].id}`, { taxRateIds: ['vat-9'] });
    await api.patch(`${s.location.path}/catalog/products/${s.products.burger}`, {
      show_online: false,
      taxRateIds: ['vat-9'],
    });

    const res = await api.post(`${s.location.path}/menus/${s.menuId}/publications`, { connectionId: s.connectionId });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      menuId: s.menuId,
      connectionId: s.connectionId,
      status: 'PENDING',
      attempts: 0,
      lastError: null,
    });

    const [request] = await marketplace.waitForRequests(1, { path: s.paths.menus });
    const body = verified(s.app, request);
    expect(request.headers['webhook-id']).toBe(body.eventId);
    expect(body).toMatchObject({
      eventType: 'MENU_PUBLISHED',
      menuId: s.menuId,
      publicationId: res.body.data.id,
      accountId: s.location.accountId,
      locationId: s.location.locationId,
      connectionId: s.connectionId,
      connection: {
        id: s.connectionId,
        credentials: { storeId: expect.any(String), apiKey: 'marketplace-api-key-0123456789' },
      },
      location: { id: s.location.locationId, currency: 'EUR', timezone: 'UTC' },
    });
    expect(body).toMatchObject({ objectType: 'MENU', eventTime: expect.any(String) });
    expect(body.location.taxRates).toEqual([
      { posReference: 'vat-9', name: 'VAT 9%', type: 'PERCENTAGE', rate: 90000, inclusive: true, isDefault: false },
      { posReference: 'vat-21', name: 'VAT 21%', type: 'PERCENTAGE', rate: 210000, inclusive: false, isDefault: true },
    ]);
    expect(body.menu.items.map((i: any) => [i.posReference, i.taxRateIds, i.show_online])).toEqual([
      ['burger', ['vat-9'], false],
      ['cola', ['vat-9'], true],
    ]);
    expect(body.menu.modifiers).toEqual([
      expect.objectContaining({ posReference: 'mod-cheese', taxRateIds: ['vat-9'], show_online: true }),
    ]);
    expect(body.menu.categories.map((c: any) => c.posReference)).toEqual(['cat-food']);
    expect(body.menu.modifierGroups.map((g: any) => g.posReference)).toEqual(['grp-extras']);

    const done = await settled(s, res.body.data.id);
    expect(done).toMatchObject({ status: 'DELIVERED', attempts: 1, lastError: null });
  });

  it('a marketplace failing twice then accepting: PENDING with attempts and the last error, then DELIVERED', async () => {
    const s = await setup();
    // The second failure is slow to come, so the publication can be seen between attempts.
    marketplace.respond(s.paths.menus, { status: 503, body: 'busy' }, { status: 500, body: 'oops', delayMs: 500 });
    const res = await api.post(`${s.location.path}/menus/${s.menuId}/publications`, { connectionId: s.connectionId });
    expect(res.status).toBe(201);
    await marketplace.waitForRequests(2, { path: s.paths.menus });
    const between = (await api.get(`${s.location.path}/menus/${s.menuId}/publications`)).body.data[0];
    // attempts counts the one under way (the delivery's attemptCount); the last error is the first answer.
    expect(between).toMatchObject({
      status: 'PENDING',
      attempts: 2,
      lastError: expect.stringContaining('503'),
      partnerAnswer: 'busy',
    });
    const requests = await marketplace.waitForRequests(3, { path: s.paths.menus });
    // The same event every time: receivers deduplicate on webhook-id.
    expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const done = await settled(s, res.body.data.id);
    expect(done).toMatchObject({ status: 'DELIVERED', attempts: 3, lastError: null });
    // The delivery log has every attempt of it.
    const delivery = (await api.get(`/v1/deliveries/${done.deliveryId}`)).body.data;
    expect(delivery.attempts.map((a: { httpStatus: number }) => a.httpStatus)).toEqual([503, 500, 200]);
  });

  it('a marketplace that never accepts: FAILED with its attempts and last error', async () => {
    const s = await setup();
    marketplace.always(s.paths.menus, { status: 500, body: 'down' });
    const res = await api.post(`${s.location.path}/menus/${s.menuId}/publications`, { connectionId: s.connectionId });
    const done = await settled(s, res.body.data.id);
    expect(done.status).toBe('FAILED');
    expect(done.attempts).toBeGreaterThanOrEqual(3);
    expect(done.lastError).toMatch(/500/);
    expect(done.partnerAnswer).toBe('down');
  });

  it('lists publications oldest first, or the latest first with newestFirst (REST and GraphQL)', async () => {
    const s = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await api.post(`${s.location.path}/menus/${s.menuId}/publications`, { connectionId: s.connectionId })).body
          .data.id,
      );
    const listed = async (query: string) =>
      (await api.get(`${s.location.path}/menus/${s.menuId}/publications${query}`)).body.data.map(
        (p: { id: string }) => p.id,
      );
    expect(await listed('')).toEqual(ids);
    expect(await listed('?newestFirst=true')).toEqual([...ids].reverse());
    expect(await listed('?newestFirst=true&limit=2')).toEqual([ids[2], ids[1]]);
    const [, , , accountId, , locationId] = s.location.path.split('/');
    const viaGraphql = await api.graphql(
      `query($a: ID!, $l: ID!, $m: ID!) { menuPublications(accountId: $a, locationId: $l, menuId: $m, newestFirst: true, limit: 2) { data { id } hasNextPage } }`,
      {
        a: accountId,
        l: locationId,
        m: s.menuId,
      },
    );
    expect(viaGraphql.body.data.menuPublications).toEqual({
      data: [{ id: ids[2] }, { id: ids[1] }],
      hasNextPage: true,
    });
  });

  it('refuses a POS connection (400) and another location connection (404)', async () => {
    const s = await setup();
    const pos = await t.createApplication('POS');
    const posConnection = await t.connect(pos, s.location);
    const refused = await api.post(`${s.location.path}/menus/${s.menuId}/publications`, {
      connectionId: posConnection,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation_failed');
    const other = await setup();
    const foreign = await api.post(`${s.location.path}/menus/${s.menuId}/publications`, {
      connectionId: other.connectionId,
    });
    expect(foreign.status).toBe(404);
    expect((await api.get(`${s.location.path}/menus/${s.menuId}/publications`)).body.data).toEqual([]);
  });
});

describe('MENU_UPDATED', () => {
  it('is sent to the marketplace webhook when a product of a published menu goes out of stock', async () => {
    const s = await setup();
    const published = await api.post(`${s.location.path}/menus/${s.menuId}/publications`, {
      connectionId: s.connectionId,
    });
    await settled(s, published.body.data.id);
    // A product in no published menu changes nothing for the marketplace.
    const other = (
      await api.post(`${s.location.path}/catalog/products`, { posReference: 'tea', name: 'Tea', price: 150 })
    ).body.data;
    await api.patch(`${s.location.path}/catalog/products/${other.id}`, { show_online: false });

    expect(
      (
        await api.patch(`${s.location.path}/catalog/products/${s.products.cola}`, {
          show_online: false,
          taxRateIds: ['vat-21'],
        })
      ).status,
    ).toBe(200);
    const [request] = await marketplace.waitForRequests(1, { path: s.paths.webhooks });
    const body = verified(s.app, request);
    expect(body).toMatchObject({
      eventType: 'MENU_UPDATED',
      objectType: 'MENU',
      menuId: s.menuId,
      connectionId: s.connectionId,
      locationId: s.location.locationId,
    });
    expect(body.newState.menu.items.find((i: any) => i.posReference === 'cola')).toMatchObject({
      show_online: false,
      taxRateIds: ['vat-21'],
    });

    // An item override and an import that changes the menu are updates too.
    const item = body.newState.menu.items[0];
    await api.patch(`${s.location.path}/menus/${s.menuId}/items/${item.id}`, { taxRateIds: [] });
    await api.put(`${s.location.path}/catalog/import`, {
      ...catalog,
      products: [{ ...catalog.products[0], price: 900 }, catalog.products[1]],
    });
    const updates = await marketplace.waitForRequests(3, { path: s.paths.webhooks });
    expect(verified(s.app, updates[1]).newState.menu.items[0]).toMatchObject({ taxRateIdsOverride: [] });
    expect(verified(s.app, updates[2]).newState.menu.items[0]).toMatchObject({ price: 900, taxRateIdsOverride: [] });
    expect(marketplace.requestsTo(s.paths.webhooks)).toHaveLength(3);
  });

  it('follows every change a published menu shows: a name, taxRateIds by import, the location and its tax rates', async () => {
    const s = await setup();
    const published = await api.post(`${s.location.path}/menus/${s.menuId}/publications`, {
      connectionId: s.connectionId,
    });
    await settled(s, published.body.data.id);
    const updates = () =>
      query(
        t.db.url,
        `select count(*)::int as n from deliveries where event_type = 'MENU_UPDATED' and location_id = $1`,
        [s.location.locationId],
      );

    // A product renamed (its taxRateIds resent as they are: an omitted list clears it).
    expect(
      (
        await api.patch(`${s.location.path}/catalog/products/${s.products.cola}`, {
          name: 'Cola Zero',
          taxRateIds: ['vat-21'],
        })
      ).status,
    ).toBe(200);
    const [renamed] = await marketplace.waitForRequests(1, { path: s.paths.webhooks });
    expect(verified(s.app, renamed).newState.menu.items.find((i: any) => i.posReference === 'cola')).toMatchObject({
      name: 'Cola Zero',
    });

    // A modifier's taxRateIds changed by an import, nothing else.
    const reimport = {
      ...catalog,
      products: [catalog.products[0], { ...catalog.products[1], name: 'Cola Zero' }],
      modifiers: [{ ...catalog.modifiers[0], taxRateIds: ['vat-21'] }],
    };
    expect((await api.put(`${s.location.path}/catalog/import`, reimport)).status).toBe(200);
    const [, byImport] = await marketplace.waitForRequests(2, { path: s.paths.webhooks });
    expect(verified(s.app, byImport).newState.menu.modifiers[0]).toMatchObject({
      posReference: 'mod-cheese',
      taxRateIds: ['vat-21'],
    });

    // The location's tax rates: by PATCH, and by an import that carries different ones.
    const rates = [...catalog.location.taxRates, { posReference: 'deposit', name: 'Deposit', type: 'FIXED', rate: 15 }];
    expect((await api.patch(s.location.path, { taxRates: rates })).status).toBe(200);
    const [, , byPatch] = await marketplace.waitForRequests(3, { path: s.paths.webhooks });
    expect(verified(s.app, byPatch).newState.location.taxRates.map((r: any) => r.posReference)).toEqual([
      'vat-9',
      'vat-21',
      'deposit',
    ]);
    expect(
      (
        await api.put(`${s.location.path}/catalog/import`, {
          ...reimport,
          location: { taxRates: catalog.location.taxRates },
        })
      ).status,
    ).toBe(200);
    const [, , , byImportedRates] = await marketplace.waitForRequests(4, { path: s.paths.webhooks });
    expect(verified(s.app, byImportedRates).newState.location.taxRates.map((r: any) => r.posReference)).toEqual([
      'vat-9',
      'vat-21',
    ]);

    // What the menu does not show changes nothing for the marketplace: the same rates again, the same import.
    expect((await api.patch(s.location.path, { taxRates: catalog.location.taxRates })).status).toBe(200);
    expect(
      (
        await api.put(`${s.location.path}/catalog/import`, {
          ...reimport,
          location: { taxRates: catalog.location.taxRates },
        })
      ).status,
    ).toBe(200);
    expect((await updates())[0].n).toBe(4);
  });

  it('follows the categories and modifier groups the menu export carries: changed by import, deleted', async () => {
    const s = await setup();
    const published = await api.post(`${s.location.path}/menus/${s.menuId}/publications`, {
      connectionId: s.connectionId,
    });
    await settled(s, published.body.data.id);
    const updates = () =>
      query(
        t.db.url,
        `select count(*)::int as n from deliveries where event_type = 'MENU_UPDATED' and location_id = $1`,
        [s.location.locationId],
      );

    // A category renamed and a modifier group's limits changed, in one import: one update, both in it.
    const reimport = {
      ...catalog,
      categories: [
        { posReference: 'cat-food', name: 'Food & drinks' },
        { posReference: 'cat-unused', name: 'Unused' },
      ],
      modifierGroups: [{ posReference: 'grp-extras', name: 'Extras', modifiers: ['mod-cheese'], maxPermitted: 2 }],
    };
    const imported = await api.put(`${s.location.path}/catalog/import`, reimport);
    expect(imported.status).toBe(200);
    expect(imported.body.data.menuRelevant).toMatchObject({
      changedCategories: 1,
      changedModifierGroups: 1,
      changedProducts: 0,
    });
    const [byImport] = await marketplace.waitForRequests(1, { path: s.paths.webhooks });
    const menu = verified(s.app, byImport).newState.menu;
    expect(menu.categories.map((c: any) => c.name)).toEqual(['Food & drinks']);
    expect(menu.modifierGroups).toEqual([expect.objectContaining({ posReference: 'grp-extras', maxPermitted: 2 })]);

    // A category no item is in changes nothing the menu shows; nor does the same import again.
    expect(
      (
        await api.put(`${s.location.path}/catalog/import`, {
          ...reimport,
          categories: [reimport.categories[0], { posReference: 'cat-unused', name: 'Still unused' }],
        })
      ).status,
    ).toBe(200);
    expect((await api.put(`${s.location.path}/catalog/import`, reimport)).status).toBe(200);
    expect((await updates())[0].n).toBe(1);

    // The category deleted: its products no longer list it, and the menu export no longer carries it.
    const categories = (await api.get(`${s.location.path}/catalog/categories`)).body.data;
    const food = categories.find((c: any) => c.posReference === 'cat-food');
    expect((await api.delete(`${s.location.path}/catalog/categories/${food.id}`)).status).toBe(204);
    const [, byDelete] = await marketplace.waitForRequests(2, { path: s.paths.webhooks });
    const after = verified(s.app, byDelete).newState.menu;
    expect(after.categories).toEqual([]);
    expect(after.items.map((i: any) => i.categories)).toEqual([[], []]);

    // The modifier group left out of an import (and so from its products): the menu item keeps its own list
    // of groups, which still names it, but the export no longer carries the group.
    const products = catalog.products.map((p) => ({ ...p, categories: [], modifierGroups: [] }));
    const withoutGroup = await api.put(`${s.location.path}/catalog/import`, {
      ...reimport,
      categories: [],
      products,
      modifierGroups: [],
    });
    expect(withoutGroup.status).toBe(200);
    expect(withoutGroup.body.data.menuRelevant).toMatchObject({ changedModifierGroups: 1 });
    const [, , byGroupDeleted] = await marketplace.waitForRequests(3, { path: s.paths.webhooks });
    expect(verified(s.app, byGroupDeleted).newState.menu.modifierGroups).toEqual([]);
    expect((await updates())[0].n).toBe(3);
  });
});

describe('store status', () => {
  it('is sent to every connected marketplace, and goes back ONLINE by itself at closedUntil', async () => {
    const s = await setup();
    const closedUntil = new Date(Date.now() + 300).toISOString();
    const res = await api.put(`${s.location.path}/store-status`, {
      storeStatus: 'OFFLINE',
      closedUntil,
      closedReason: 'TOO_BUSY',
      closedReasonNotes: 'Kitchen full',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      storeStatus: 'OFFLINE',
      closedUntil,
      closedReason: 'TOO_BUSY',
      closedReasonNotes: 'Kitchen full',
      availability: { state: 'PAUSED', until: closedUntil, reason: 'TOO_BUSY' },
      busyMode: null,
    });
    const [closed, reopened] = await marketplace.waitForRequests(2, { path: s.paths.store });
    expect(verified(s.app, closed)).toMatchObject({
      connectionId: s.connectionId,
      accountId: s.location.accountId,
      locationId: s.location.locationId,
      storeStatus: 'OFFLINE',
      closedUntil,
      closedReason: 'TOO_BUSY',
      closedReasonNotes: 'Kitchen full',
    });
    expect(verified(s.app, reopened)).toMatchObject({ storeStatus: 'ONLINE', closedUntil: null, closedReason: null });
    // The envelope of every webhook (docs/contract.md "Calls the hub makes").
    expect(verified(s.app, closed)).toMatchObject({
      eventType: 'STORE_STATUS_CHANGED',
      objectType: 'STORE_STATUS',
      eventTime: expect.any(String),
    });
    expect((await api.get(s.location.path)).body.data.storeStatus).toBe('ONLINE');
  });

  it('a new status replaces the scheduled reopening; a closedUntil in the past is refused', async () => {
    const s = await setup();
    await api.put(`${s.location.path}/store-status`, {
      storeStatus: 'OFFLINE',
      closedUntil: new Date(Date.now() + 60_000).toISOString(),
    });
    await api.put(`${s.location.path}/store-status`, { storeStatus: 'OFFLINE' });
    // The reopening scheduled by the first PUT is gone: the store stays closed until told otherwise.
    const jobs = await query(t.db.url, `select count(*)::int as n from graphile_worker.jobs where key = $1`, [
      `store-status-resume:${s.location.locationId}`,
    ]);
    expect(jobs[0].n).toBe(0);
    expect((await api.get(`${s.location.path}/store-status`)).body.data).toEqual({
      storeStatus: 'OFFLINE',
      closedUntil: null,
      closedReason: null,
      closedReasonNotes: null,
      availability: { state: 'PAUSED', until: null, reason: null },
      busyMode: null,
    });
    const past = await api.put(`${s.location.path}/store-status`, {
      storeStatus: 'OFFLINE',
      closedUntil: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.status).toBe(400);
    await api.put(`${s.location.path}/store-status`, { storeStatus: 'ONLINE' });
    const sent = await marketplace.waitForRequests(3, { path: s.paths.store });
    expect(sent.map((r) => JSON.parse(r.body).storeStatus)).toEqual(['OFFLINE', 'OFFLINE', 'ONLINE']);
    expect((await api.get(s.location.path)).body.data.storeStatus).toBe('ONLINE');
  });
});

describe('over GraphQL', () => {
  it('publishes, lists publications and sets the store status with the same rules', async () => {
    const s = await setup();
    const ids = { a: s.location.accountId, l: s.location.locationId, m: s.menuId };
    const published = await api.graphql(
      `mutation($a: ID!, $l: ID!, $m: ID!, $c: ID!) { publishMenu(accountId: $a, locationId: $l, menuId: $m, connectionId: $c) { id status attempts } }`,
      { ...ids, c: s.connectionId },
    );
    expect(published.body.data?.publishMenu).toMatchObject({ status: 'PENDING', attempts: 0 });
    await marketplace.waitForRequests(1, { path: s.paths.menus });
    await settled(s, published.body.data!.publishMenu.id);
    const listed = await api.graphql(
      `query($a: ID!, $l: ID!, $m: ID!) { menuPublications(accountId: $a, locationId: $l, menuId: $m) { data { id status deliveryId } } }`,
      ids,
    );
    expect(listed.body.data?.menuPublications.data).toEqual([
      expect.objectContaining({ id: published.body.data!.publishMenu.id, status: 'DELIVERED' }),
    ]);
    const pos = await t.createApplication('POS');
    const refused = await api.graphql(
      `mutation($a: ID!, $l: ID!, $m: ID!, $c: ID!) { publishMenu(accountId: $a, locationId: $l, menuId: $m, connectionId: $c) { id } }`,
      {
        ...ids,
        c: await t.connect(pos, s.location),
      },
    );
    expect(refused.body.errors?.[0].extensions?.code).toBe('validation_failed');
    const closed = await api.graphql(
      `mutation($a: ID!, $l: ID!) { setStoreStatus(accountId: $a, locationId: $l, input: { storeStatus: OFFLINE, closedReason: "TOO_BUSY" }) { storeStatus closedReason } }`,
      ids,
    );
    expect(closed.body.data?.setStoreStatus).toEqual({ storeStatus: 'OFFLINE', closedReason: 'TOO_BUSY' });
    const [sent] = await marketplace.waitForRequests(1, { path: s.paths.store });
    expect(verified(s.app, sent)).toMatchObject({ storeStatus: 'OFFLINE', closedReason: 'TOO_BUSY' });
  });
});

describe("after the delivery log's retention", () => {
  const DAY = 24 * 3600 * 1000;

  it('a publication outlives its delivery: listed with the outcome it kept, and MENU_UPDATED still follows it', async () => {
    const s = await setup();
    // A first attempt refused, so the outcome kept has more to it than one attempt.
    marketplace.respond(s.paths.menus, { status: 503, body: 'busy' }, { status: 200, body: 'menu stored' });
    const published = await api.post(`${s.location.path}/menus/${s.menuId}/publications`, {
      connectionId: s.connectionId,
    });
    const before = await settled(s, published.body.data.id);
    expect(before).toMatchObject({
      status: 'DELIVERED',
      attempts: 2,
      partnerAnswer: 'menu stored',
      deliveryRetained: true,
      deliveredAt: expect.any(String),
    });

    // Housekeeping's pass a month later (simulated time): the delivered MENU_PUBLISHED leaves the log.
    expect(await deleteDeliveredBefore(t.hub.orm, new Date(Date.now() + 31 * DAY), 30, 2)).toBeGreaterThanOrEqual(1);
    expect((await api.get(`/v1/deliveries/${before.deliveryId}`)).status).toBe(404);

    const after = (await api.get(`${s.location.path}/menus/${s.menuId}/publications`)).body.data;
    expect(after).toEqual([{ ...before, deliveryRetained: false }]);
    const viaGraphql = await api.graphql(
      `query($a: ID!, $l: ID!, $m: ID!) { menuPublications(accountId: $a, locationId: $l, menuId: $m) { data { id status attempts deliveryRetained } } }`,
      {
        a: s.location.accountId,
        l: s.location.locationId,
        m: s.menuId,
      },
    );
    expect(viaGraphql.body.data?.menuPublications.data).toEqual([
      { id: before.id, status: 'DELIVERED', attempts: 2, deliveryRetained: false },
    ]);

    // The marketplace still hears of changes to the menu it was given.
    expect(
      (await api.patch(`${s.location.path}/catalog/products/${s.products.cola}`, { show_online: false })).status,
    ).toBe(200);
    const [update] = await marketplace.waitForRequests(1, { path: s.paths.webhooks });
    expect(verified(s.app, update)).toMatchObject({
      eventType: 'MENU_UPDATED',
      menuId: s.menuId,
      newState: { publicationId: before.id },
    });
  });

  it('leaves out a publication whose delivery went without its outcome kept (a hub of an earlier version), and still lists the rest', async () => {
    const s = await setup();
    const first = (
      await api.post(`${s.location.path}/menus/${s.menuId}/publications`, { connectionId: s.connectionId })
    ).body.data;
    const second = (
      await api.post(`${s.location.path}/menus/${s.menuId}/publications`, { connectionId: s.connectionId })
    ).body.data;
    await settled(s, first.id);
    // What an earlier version's retention did: the delivery deleted, nothing copied.
    await query(t.db.url, 'delete from deliveries where id = $1', [first.deliveryId]);
    const listed = await api.get(`${s.location.path}/menus/${s.menuId}/publications`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((p: { id: string }) => p.id)).toEqual([second.id]);
  });
});
