import { Writable } from 'node:stream';
import { createLogger } from '../../src/common/logger.js';
import { loadConfig } from '../../src/config/config.js';
import { startHub, type RunningHub } from '../../src/hub.js';
import { createTestDatabase, query, type TestDatabase } from '../support/database.js';
import { HttpClient } from '../support/http.js';
import { adminTokenAt, HUB_START_TIMEOUT_MS, TEST_CLIENT, testEnv } from '../support/test-hub.js';

// A NUL character or an unpaired surrogate in any string (names, posReference, externalId,
// taxRateIds entries, GraphQL input, form fields) is a 400 naming where it is, not a 500; and a database error
// is logged with its statement, never with the values bound to it.

const NUL = 'a\u0000b';
const LONE = 'x\ud800y';

let db: TestDatabase;
let hub: RunningHub;
let admin: HttpClient;
const logLines: string[] = [];
let loc: { accountId: string; locationId: string; path: string };

beforeAll(async () => {
  db = await createTestDatabase();
  const config = loadConfig(testEnv(db.url, { LOG_LEVEL: 'error' }));
  const sink = new Writable({ write: (chunk, _encoding, done) => (logLines.push(String(chunk)), done()) });
  hub = await startHub(config, createLogger('error', sink), { validateResponses: true });
  admin = new HttpClient(hub.url, await adminTokenAt(hub.url));
  const accountId = (await admin.post('/v1/accounts', { name: 'Account' })).body.data.id;
  const locationId = (await admin.post(`/v1/accounts/${accountId}/locations`, { name: 'Kitchen' })).body.data.id;
  loc = { accountId, locationId, path: `/v1/accounts/${accountId}/locations/${locationId}` };
}, HUB_START_TIMEOUT_MS);
afterAll(async () => {
  await hub.stop();
  await db.drop();
});

const pathsOf = (res: { body: { errors?: { path: string }[] } }) => (res.body.errors ?? []).map((e) => e.path);

it.each([
  ['a product name', 'post', 'catalog/products', { posReference: 'p1', name: NUL, price: 100 }, '/name'],
  [
    'a product posReference',
    'post',
    'catalog/products',
    { posReference: LONE, name: 'Tea', price: 100 },
    '/posReference',
  ],
  [
    'a taxRateIds entry',
    'post',
    'catalog/products',
    { posReference: 'p2', name: 'Tea', price: 100, taxRateIds: ['vat', NUL] },
    '/taxRateIds/1',
  ],
  ['a location name', 'patch', '', { name: LONE }, '/name'],
  ['a property name', 'patch', '', { [`na${'\u0000'}me`]: 'x' }, '/na\u0000me'],
] as const)('refuses %s with 400 naming it (REST)', async (_what, method, sub, body, path) => {
  const res = await admin.request(method.toUpperCase(), `${loc.path}${sub ? `/${sub}` : ''}`, body);
  expect(res.status).toBe(400);
  expect(pathsOf(res)).toEqual([path]);
});

it('refuses unsafe text in an order and in a query parameter', async () => {
  const app = (
    await admin.post('/v1/applications', { kind: 'MARKETPLACE', name: 'Eats', webhookUrl: 'http://127.0.0.1:9/h' })
  ).body.data;
  expect((await admin.post(`${loc.path}/connections`, { applicationId: app.id })).status).toBe(201);
  const tokenRes = await fetch(`${hub.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: app.clientId,
      client_secret: app.clientSecret,
    }),
  });
  const marketplace = admin.withToken(((await tokenRes.json()) as { access_token: string }).access_token);
  const order = await marketplace.post(`${loc.path}/orders`, {
    externalId: NUL,
    fulfillmentType: 'PICKUP',
    items: [{ name: 'Tea', quantity: 1, price: 1 }],
  });
  expect(order.status).toBe(400);
  expect(pathsOf(order)).toEqual(['/externalId']);
  const lookup = await admin.get(`${loc.path}/catalog/products?posReference=${encodeURIComponent(NUL)}`);
  expect(lookup.status).toBe(400);
  expect(pathsOf(lookup)).toEqual(['posReference']);
});

it('refuses unsafe text in GraphQL variables and literals', async () => {
  const mutation = `mutation($a: ID!, $l: ID!, $name: String!) { updateLocation(accountId: $a, id: $l, input: { name: $name }) { id } }`;
  const variables = await admin.graphql(mutation, { a: loc.accountId, l: loc.locationId, name: NUL });
  expect(variables.status).toBe(400);
  expect(variables.body.errors![0]).toMatchObject({
    extensions: { code: 'validation_failed' },
    message: expect.stringContaining('/variables/name'),
  });
  const literal = await admin.graphql(
    `mutation($a: ID!, $l: ID!) { updateLocation(accountId: $a, id: $l, input: { name: "x\\uD800y" }) { id } }`,
    { a: loc.accountId, l: loc.locationId },
  );
  expect(literal.body.errors![0].extensions!.code).toBe('validation_failed');
  expect((await admin.get(loc.path)).body.data.name).toBe('Kitchen');
});

it('refuses unsafe form fields at the token endpoint without a 500', async () => {
  const form = (params: Record<string, string>) =>
    fetch(`${hub.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params),
    });
  const password = await form({
    grant_type: 'password',
    client_id: TEST_CLIENT.clientId,
    client_secret: TEST_CLIENT.clientSecret,
    username: NUL,
    password: 'x',
  });
  expect(password.status).toBe(400);
  expect(((await password.json()) as { error: string }).error).toBe('invalid_request');
  const client = await form({ grant_type: 'client_credentials', client_id: NUL, client_secret: 'x' });
  expect(client.status).toBe(401);
});

it('logs a failed statement without the values bound to it', async () => {
  // A database that refuses a write: the hub answers 500 and logs the error.
  await query(
    db.url,
    `create function refuse_users() returns trigger language plpgsql as $$ begin raise exception 'users are read-only today'; end $$`,
  );
  await query(
    db.url,
    `create trigger refuse_users before insert on users for each row execute function refuse_users()`,
  );
  const email = 'log-check-unique-0123@test.example';
  const res = await admin.post('/v1/users', { email, password: 'a-password-never-logged-42', role: 'merchant' });
  expect(res.status).toBe(500);
  const logged = logLines.join('');
  const entry = logLines.map((line) => JSON.parse(line)).find((l) => l.err?.message === 'users are read-only today');
  // Placeholders only (MikroORM writes a null as the literal NULL, which tells nothing).
  expect(entry.err.statement).toMatch(/^insert into "users" \("id", .*\) values \((\?|NULL)(, (\?|NULL))+\)/);
  expect(entry.err.statement).toContain('?');
  expect(logged).not.toContain(email);
  expect(logged).not.toMatch(/scrypt\$\d/);
});
