import { Webhook } from 'standardwebhooks';
import { FakePartner } from '../support/fake-partner.js';
import type { HttpClient } from '../support/http.js';
import {
  HUB_START_TIMEOUT_MS,
  startTestHub,
  type TestApplication,
  type TestHub,
  type TestLocation,
} from '../support/test-hub.js';

// docs/contract.md "Behaviours", "Calls the hub makes": the hub pulls the catalog from the POS's catalogPullUrl and
// applies the answer as an import; failures are 502/504 and leave the catalog as it was. The POS is a real
// server on loopback; the pull timeout is shortened through configuration, so the hang case needs no sleep.

let t: TestHub;
let posServer: FakePartner;
let app: TestApplication;
let pos: HttpClient;
let location: TestLocation;
let connectionId: string;
const credentials = { storeId: 'store-42', apiKey: 'pos-api-key-secret' };

const answer = {
  location: { taxRates: [{ posReference: 'vat-9', name: 'VAT 9%', type: 'PERCENTAGE', rate: 90000 }] },
  categories: [{ posReference: 'cat-mains', name: 'Mains' }],
  modifiers: [{ posReference: 'mod-sauce', name: 'Sauce', price: 30, taxRateIds: ['vat-9'] }],
  modifierGroups: [{ posReference: 'grp-sauces', name: 'Sauces', modifiers: ['mod-sauce'] }],
  products: [
    {
      posReference: 'pasta',
      name: 'Pasta',
      price: 1250,
      categories: ['cat-mains'],
      taxRateIds: ['vat-9'],
      modifierGroups: ['grp-sauces'],
    },
    { posReference: 'pizza', name: 'Pizza', price: 1100, categories: ['cat-mains'], taxRateIds: ['vat-9'] },
  ],
};

beforeAll(async () => {
  t = await startTestHub({ CATALOG_PULL_TIMEOUT_MS: '500' });
  posServer = await FakePartner.start();
  app = await t.createApplication('POS', { catalogPullUrl: posServer.urlFor('/catalog') });
  pos = await t.applicationClient(app);
  location = await t.createLocation();
  connectionId = await t.connect(app, location, credentials);
}, HUB_START_TIMEOUT_MS);
afterAll(async () => {
  await posServer.close();
  await t.stop();
});
beforeEach(() => posServer.reset());

const pull = (as: HttpClient = pos, id = connectionId) => as.post(`${location.path}/connections/${id}/pull`);
const productNames = async () =>
  ((await pos.get(`${location.path}/catalog/products`)).body.data as { name: string }[]).map((p) => p.name).sort();

describe('a successful pull', () => {
  it('sends the POS the location, the connection and its credentials, and applies the answer as an import', async () => {
    posServer.respond('/catalog', { body: answer });
    const res = await pull();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ categories: 1, products: 2, modifiers: 1, modifierGroups: 1, taxRates: 1 });

    const [request] = posServer.requestsTo('/catalog');
    expect(request.method).toBe('POST');
    expect(Object.fromEntries(request.query)).toEqual({
      accountId: location.accountId,
      locationId: location.locationId,
      connectionId,
    });
    expect(JSON.parse(request.body)).toEqual({ connection: { id: connectionId, credentials } });
    // Credentials travel in the body only.
    expect(request.query.toString()).not.toContain('pos-api-key-secret');

    expect(await productNames()).toEqual(['Pasta', 'Pizza']);
    const location_ = await t.admin.get(location.path);
    expect(location_.body.data.taxRates.map((r: { posReference: string }) => r.posReference)).toEqual(['vat-9']);
  });

  it("is signed as webhooks are, with the POS application's webhook secret", async () => {
    posServer.respond('/catalog', { body: answer });
    expect((await pull()).status).toBe(200);
    const [request] = posServer.requestsTo('/catalog');
    const headers = request.headers as Record<string, string>;
    expect(Object.keys(headers)).toEqual(
      expect.arrayContaining(['webhook-id', 'webhook-timestamp', 'webhook-signature']),
    );
    expect(new Webhook(app.webhookSecret).verify(request.body, headers)).toEqual(JSON.parse(request.body));
    // Another application's secret does not verify it: the POS can tell the hub from anyone else.
    const other = await t.createApplication('POS');
    expect(() => new Webhook(other.webhookSecret).verify(request.body, headers)).toThrow();
  });

  it('accepts an answer wrapped as {data: ...}, and a later pull is a full statement again', async () => {
    posServer.respond('/catalog', { body: { data: { ...answer, products: [answer.products[1]] } } });
    const res = await pull();
    expect(res.status).toBe(200);
    expect(await productNames()).toEqual(['Pizza']);
  });

  it('works through GraphQL with the same service', async () => {
    posServer.respond('/catalog', { body: answer });
    const res = await pos.graphql(
      `mutation($a: ID!, $l: ID!, $c: ID!) { pullCatalog(accountId: $a, locationId: $l, connectionId: $c) { products categories } }`,
      {
        a: location.accountId,
        l: location.locationId,
        c: connectionId,
      },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.pullCatalog).toEqual({ products: 2, categories: 1 });
  });
});

describe('a failing POS leaves the catalog unchanged', () => {
  beforeAll(async () => {
    posServer.respond('/catalog', { body: answer });
    expect((await pull()).status).toBe(200);
  });
  afterEach(async () => {
    expect(await productNames()).toEqual(['Pasta', 'Pizza']);
  });

  it.each([
    ['a 500', { status: 500, body: { error: 'boom' } }, /HTTP 500/],
    ['invalid JSON', { body: '{"products": [' }, /not JSON/],
    ['the wrong shape', { body: { products: 'everything' } }, /\/products/],
    [
      'an unknown category reference',
      { body: { ...answer, products: [{ ...answer.products[0], categories: ['cat-nope'] }] } },
      /products\/0\/categories\/0/,
    ],
  ])('%s is 502 partner_error saying what was wrong', async (_label, script, detail) => {
    posServer.respond('/catalog', script);
    const res = await pull();
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('partner_error');
    expect(res.body.detail).toMatch(detail);
  });

  it('a POS that hangs past the timeout is 504 partner_timeout', async () => {
    posServer.respond('/catalog', { hang: true });
    const res = await pull();
    expect(res.status).toBe(504);
    expect(res.body.code).toBe('partner_timeout');
  });
});

describe('which connections can be pulled', () => {
  it('refuses a marketplace connection with 400', async () => {
    const marketplace = await t.createApplication('MARKETPLACE');
    const marketplaceConnection = await t.connect(marketplace, location);
    const res = await pull(t.admin, marketplaceConnection);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('connectionId');
  });

  it('is 404 for a connection of another location, and after disconnecting', async () => {
    const other = await t.createLocation();
    const otherConnection = await t.connect(app, other);
    expect((await pull(t.admin, otherConnection)).status).toBe(404);
    await t.admin.delete(`${other.path}/connections/${otherConnection}`);
    expect((await t.admin.post(`${other.path}/connections/${otherConnection}/pull`)).status).toBe(404);
    expect(posServer.requests).toHaveLength(0);
  });

  it("is 404 for another POS's connection at the same location: one POS never pulls through another's credentials", async () => {
    const otherPos = await t.createApplication('POS', { catalogPullUrl: posServer.urlFor('/other-catalog') });
    const otherConnection = await t.connect(otherPos, location, { apiKey: 'other-pos-secret' });
    posServer.respond('/other-catalog', { body: answer });
    const res = await pull(pos, otherConnection);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect(posServer.requests).toHaveLength(0);
    // The operator may pull through either connection.
    expect((await pull(t.admin, otherConnection)).status).toBe(200);
    await t.admin.delete(`${location.path}/connections/${otherConnection}`);
  });

  it("is not_found over GraphQL too for another POS's connection at the same location", async () => {
    const otherPos = await t.createApplication('POS', { catalogPullUrl: posServer.urlFor('/other-catalog-gql') });
    const otherConnection = await t.connect(otherPos, location, { apiKey: 'other-pos-secret-gql' });
    posServer.respond('/other-catalog-gql', { body: answer });
    const res = await pos.graphql(
      `mutation($a: ID!, $l: ID!, $c: ID!) { pullCatalog(accountId: $a, locationId: $l, connectionId: $c) { products } }`,
      {
        a: location.accountId,
        l: location.locationId,
        c: otherConnection,
      },
    );
    expect(res.body.data?.pullCatalog ?? null).toBeNull();
    expect(res.body.errors?.[0]?.extensions?.code).toBe('not_found');
    expect(posServer.requests).toHaveLength(0);
    await t.admin.delete(`${location.path}/connections/${otherConnection}`);
  });

  it('is 404 for a connection id that names nothing', async () => {
    expect((await pull(t.admin, '01890a5d-ac96-774b-bcce-b302099a8057')).status).toBe(404);
    expect(posServer.requests).toHaveLength(0);
  });
});
