import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';

// docs/contract.md "Principals, scopes and tokens": only an admin gives an application provisioning or applications.*;
// an application never widens its own scopes; narrowing an application revokes its tokens beyond the new
// scopes, so no refresh hands back what was taken away.

let t: TestHub;
beforeAll(async () => {
  t = await startTestHub();
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

const order = (externalId: string) => ({
  externalId,
  fulfillmentType: 'PICKUP',
  items: [{ name: 'Tea', quantity: 1, price: 300 }],
});

it('lets only an admin give provisioning and applications.*', async () => {
  const reseller = await t.userClient(await t.createUser('reseller'));
  const merchant = await t.userClient(await t.createUser('merchant'));
  for (const client of [reseller, merchant]) {
    const res = await client.post('/v1/applications', {
      kind: 'POS',
      name: 'Sneaky',
      webhookUrl: 'http://127.0.0.1:9/h',
      scopes: ['orders.read', 'provisioning'],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: '/scopes/1', message: 'only an admin gives an application "provisioning"' },
    ]);
  }
  const own = await t.createApplication('POS', {}, reseller);
  const widened = await reseller.patch(`/v1/applications/${own.id}`, { scopes: ['orders.read', 'applications.write'] });
  expect(widened.body.errors).toEqual([
    { path: '/scopes/1', message: 'only an admin gives an application "applications.write"' },
  ]);
  const graphql = await merchant.graphql(
    `mutation { createApplication(input: { kind: POS, name: "G", webhookUrl: "http://127.0.0.1:9/h", scopes: ["provisioning"] }) { id } }`,
  );
  expect(graphql.body.errors![0].extensions).toMatchObject({
    code: 'validation_failed',
    errors: [{ path: '/scopes/0' }],
  });
  // An admin may; and a reseller may still narrow or keep what an application has.
  expect(
    (
      await t.admin.post('/v1/applications', {
        kind: 'POS',
        name: 'Provisioner',
        webhookUrl: 'http://127.0.0.1:9/h',
        scopes: ['provisioning'],
      })
    ).status,
  ).toBe(201);
  expect((await reseller.patch(`/v1/applications/${own.id}`, { scopes: ['orders.read'] })).status).toBe(200);
});

it('never lets an application widen its own scopes', async () => {
  const app = await t.createApplication('POS', { scopes: ['applications.read', 'applications.write', 'orders.read'] });
  const client = await t.applicationClient(app);
  const widened = await client.patch(`/v1/applications/${app.id}`, {
    scopes: ['applications.read', 'applications.write', 'orders.read', 'provisioning'],
  });
  expect(widened.status).toBe(400);
  expect(widened.body.errors).toEqual([
    { path: '/scopes/3', message: 'an application cannot widen its own scopes ("provisioning")' },
  ]);
  expect((await client.patch(`/v1/applications/${app.id}`, { name: 'Renamed' })).status).toBe(200);
  expect((await t.admin.get(`/v1/applications/${app.id}`)).body.data.scopes).toEqual([
    'applications.read',
    'applications.write',
    'orders.read',
  ]);
});

it('revokes the tokens beyond an application’s narrowed scopes: no refresh gives them back', async () => {
  const app = await t.createApplication('MARKETPLACE');
  const loc = await t.createLocation();
  await t.connect(app, loc);
  const full = await t.applicationToken(app);
  const narrow = await t.applicationToken(app, 'locations.read');
  const before = t.anonymous.withToken(full.access_token);
  expect((await before.post(`${loc.path}/orders`, order('before'))).status).toBe(201);

  const narrowed = await t.admin.patch(`/v1/applications/${app.id}`, {
    scopes: ['locations.read', 'menu.read', 'orders.read'],
  });
  expect(narrowed.status).toBe(200);

  // The token that held orders.write is gone, and so is its refresh token.
  expect((await before.post(`${loc.path}/orders`, order('after'))).status).toBe(401);
  const refreshed = await t.token({
    grant_type: 'refresh_token',
    refresh_token: full.refresh_token,
    client_id: app.clientId,
    client_secret: app.clientSecret,
  });
  expect(refreshed.status).toBe(400);
  expect(refreshed.body.error).toBe('invalid_grant');
  // A token within the new scopes lives on, and refreshes within them.
  expect((await t.anonymous.withToken(narrow.access_token).get(loc.path)).status).toBe(200);
  const again = await t.token({
    grant_type: 'refresh_token',
    refresh_token: narrow.refresh_token,
    client_id: app.clientId,
    client_secret: app.clientSecret,
  });
  expect(again.status).toBe(200);
  expect(again.body.scope).toBe('locations.read');
  // New tokens carry the application's scopes of now.
  const fresh = await t.applicationToken(app);
  expect(fresh.scope.split(' ').sort()).toEqual(['locations.read', 'menu.read', 'orders.read']);
  expect((await t.anonymous.withToken(fresh.access_token).post(`${loc.path}/orders`, order('fresh'))).status).toBe(403);
});
