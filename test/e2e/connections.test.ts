import { query } from '../support/database.js';
import { FakePartner } from '../support/fake-partner.js';
import {
  HUB_START_TIMEOUT_MS,
  startTestHub,
  type TestApplication,
  type TestHub,
  type TestLocation,
} from '../support/test-hub.js';

// Connections (docs/contract.md "Operations"): what a partner's token reaches. One active per application and location;
// credentials sealed at rest and masked on every read; a disconnect ends the reach at once.

let t: TestHub;
let posServer: FakePartner;
let pos: TestApplication;
let market: TestApplication;
let location: TestLocation;

const credentials = { storeId: 'store-0042', apiKey: 'sk_live_abcdefghijklmnop', nested: { pin: 1234 } };

beforeAll(async () => {
  t = await startTestHub();
  posServer = await FakePartner.start();
  pos = await t.createApplication('POS', { catalogPullUrl: posServer.urlFor('/catalog') });
  market = await t.createApplication('MARKETPLACE');
  location = await t.createLocation();
}, HUB_START_TIMEOUT_MS);
afterAll(async () => {
  await posServer?.close();
  await t?.stop();
});

describe('connections', () => {
  let connectionId: string;

  it('lists the applications available for a location, none connected yet', async () => {
    const res = await t.admin.get(`${location.path}/applications?limit=200`);
    expect(res.status).toBe(200);
    const row = res.body.data.find((a: { id: string }) => a.id === pos.id);
    expect(row).toEqual({
      id: pos.id,
      kind: 'POS',
      name: pos.data.name,
      clientId: pos.clientId,
      redirectUris: pos.data.redirectUris,
      sandbox: false,
      connected: false,
      connectionId: null,
      createdAt: expect.any(String),
    });
    // The hub's own first-party client is not a partner application.
    expect(res.body.data.every((a: { kind: string | null }) => a.kind === 'POS' || a.kind === 'MARKETPLACE')).toBe(
      true,
    );
    const onlyMarket = await t.admin.get(`${location.path}/applications?kind=MARKETPLACE&limit=200`);
    expect(onlyMarket.body.data.map((a: { id: string }) => a.id)).toContain(market.id);
    expect(onlyMarket.body.data.map((a: { id: string }) => a.id)).not.toContain(pos.id);
  });

  it('connects with credentials: 201, ACTIVE, credentials masked, sealed at rest', async () => {
    const before = await t.applicationClient(pos);
    expect((await before.get(location.path)).status).toBe(404);

    const res = await t.admin.post(`${location.path}/connections`, { applicationId: pos.id, credentials });
    expect(res.status).toBe(201);
    connectionId = res.body.data.id;
    expect(res.body.data).toMatchObject({
      applicationId: pos.id,
      kind: 'POS',
      status: 'ACTIVE',
      accountId: location.accountId,
      locationId: location.locationId,
      credentials: { storeId: '****', apiKey: '****mnop', nested: { pin: '****' } },
    });
    const [row] = await query(t.db.url, 'select credentials_sealed from connections where id = $1', [connectionId]);
    expect(JSON.stringify(row)).not.toContain('store-0042');
    expect(JSON.stringify(row)).not.toContain('abcdefghijklmnop');

    // The application now reaches the location, at once.
    expect((await before.get(location.path)).status).toBe(200);

    // The hub's own calls get them back in the clear: a catalog pull sends them to the POS.
    posServer.respond('/catalog', { body: { categories: [], modifiers: [], modifierGroups: [], products: [] } });
    expect((await before.post(`${location.path}/connections/${connectionId}/pull`)).status).toBe(200);
    const [pull] = posServer.requestsTo('/catalog');
    expect(JSON.parse(pull.body)).toEqual({ connection: { id: connectionId, credentials } });
  });

  it('masks credentials on every read', async () => {
    const list = await t.admin.get(`${location.path}/connections`);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].credentials).toEqual({ storeId: '****', apiKey: '****mnop', nested: { pin: '****' } });
    const one = await t.admin.get(`${location.path}/connections/${connectionId}`);
    expect(one.body.data.credentials.apiKey).toBe('****mnop');
    const available = await t.admin.get(`${location.path}/applications?kind=POS&limit=200`);
    expect(available.body.data.find((a: { id: string }) => a.id === pos.id)).toMatchObject({
      connected: true,
      connectionId,
    });
  });

  it('allows one active connection per application and location', async () => {
    const res = await t.admin.post(`${location.path}/connections`, { applicationId: pos.id });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('conflict');
    const concurrent = await Promise.all(
      [1, 2, 3].map(() => t.admin.post(`${location.path}/connections`, { applicationId: market.id })),
    );
    expect(concurrent.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('shows a partner application only its own connection', async () => {
    const client = await t.applicationClient(pos);
    const res = await client.get(`${location.path}/connections`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((c: { applicationId: string }) => c.applicationId)).toEqual([pos.id]);
  });

  it.each([
    ['an unknown application', () => ({ applicationId: '01a20000-0000-7000-8000-000000000000' }), 404],
    ['credentials that are not an object', () => ({ applicationId: pos.id, credentials: 'secret' }), 400],
    ['an unknown field', () => ({ applicationId: pos.id, extra: true }), 400],
  ])('refuses %s', async (_label, body, status) => {
    expect((await t.admin.post(`${location.path}/connections`, body())).status).toBe(status);
  });

  it('disconnects: the application loses the location at once, and may connect again', async () => {
    const client = await t.applicationClient(pos);
    expect((await client.get(location.path)).status).toBe(200);
    const res = await t.admin.delete(`${location.path}/connections/${connectionId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('DISCONNECTED');
    expect((await client.get(location.path)).status).toBe(404);
    expect((await t.admin.get(`${location.path}/connections/${connectionId}`)).status).toBe(404);
    expect((await t.admin.delete(`${location.path}/connections/${connectionId}`)).status).toBe(404);
    const again = await t.admin.post(`${location.path}/connections`, { applicationId: pos.id });
    expect(again.status).toBe(201);
    expect(again.body.data.credentials).toBeNull();
    expect((await client.get(location.path)).status).toBe(200);
  });
});
