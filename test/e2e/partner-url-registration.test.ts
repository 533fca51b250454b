import type { LookupFunction } from 'node:net';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';

// docs/contract.md "Calls the hub makes": partner URLs that reach loopback, private, link-local or metadata
// addresses are refused when an application is registered or changed (400 naming the field), in every way
// such an address can be written, and for names that resolve to one.

const RESOLVES: Record<string, string> = {
  'internal.example': '10.1.2.3',
  'metadata.example': '169.254.169.254',
  'public.example': '93.184.216.34',
};
const lookup = ((hostname: string, _options: unknown, callback: (...args: unknown[]) => void) => {
  const address = RESOLVES[hostname];
  if (!address) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
  callback(null, [{ address, family: 4 }]);
}) as unknown as LookupFunction;

let t: TestHub;
beforeAll(async () => {
  t = await startTestHub({ ALLOW_PRIVATE_PARTNER_URLS: 'false' }, { partnerLookup: lookup });
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

const FORBIDDEN_HOSTS = [
  '127.0.0.1',
  '127.1',
  '2130706433',
  '0177.0.0.1',
  '0x7f.0.0.1',
  '[::1]',
  '[::ffff:127.0.0.1]',
  '[::127.0.0.1]',
  '[::a9fe:a9fe]',
  '[::ffff:0:7f00:1]',
  '[64:ff9b:1::7f00:1]',
  '[fec0::1]',
  '169.254.169.254',
  '10.0.0.7',
  '192.168.1.1',
  '100.100.100.200',
  '[fd00:ec2::254]',
  'internal.example',
  'metadata.example',
];

const marketplace = (webhookHost: string) => ({
  kind: 'MARKETPLACE',
  name: 'Eats',
  webhookUrl: `http://${webhookHost}/hooks`,
  menuPublicationUrl: 'http://public.example/menus',
  storeStatusUrl: 'http://public.example/status',
});

it.each(FORBIDDEN_HOSTS)('refuses a webhook URL on %s at registration, naming the field', async (host) => {
  const res = await t.admin.post('/v1/applications', marketplace(host));
  expect(res.status).toBe(400);
  expect(res.body.errors).toEqual([
    { path: '/webhookUrl', message: expect.stringContaining('loopback, private, link-local or metadata') },
  ]);
});

it('accepts public addresses and names that resolve to them, and names that do not resolve yet', async () => {
  for (const host of ['public.example', '93.184.216.34', '[2606:4700:4700::1111]', 'not-yet.example']) {
    const res = await t.admin.post('/v1/applications', marketplace(host));
    expect(res.status).toBe(201);
  }
});

it('refuses a change to a forbidden address (REST PATCH and GraphQL), naming each field', async () => {
  const app = await t.createApplication('MARKETPLACE', marketplace('public.example'));
  const patched = await t.admin.patch(`/v1/applications/${app.id}`, {
    storeStatusUrl: 'http://[::a9fe:a9fe]/status',
    menuPublicationUrl: 'http://internal.example/menus',
  });
  expect(patched.status).toBe(400);
  expect(patched.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
    '/menuPublicationUrl',
    '/storeStatusUrl',
  ]);
  const pos = await t.createApplication('POS', {
    webhookUrl: 'https://public.example/h',
    catalogPullUrl: 'https://public.example/pull',
  });
  const graphql = await t.admin.graphql(
    `mutation($id: ID!) { updateApplication(id: $id, input: { catalogPullUrl: "http://0x7f.1/pull" }) { id } }`,
    { id: pos.id },
  );
  expect(graphql.body.errors![0].extensions).toMatchObject({
    code: 'validation_failed',
    errors: [{ path: '/catalogPullUrl' }],
  });
  const created = await t.admin.graphql(
    `mutation { createApplication(input: { kind: POS, name: "P", webhookUrl: "http://[::ffff:0:7f00:1]/h" }) { id } }`,
  );
  expect(created.body.errors![0].extensions).toMatchObject({
    code: 'validation_failed',
    errors: [{ path: '/webhookUrl' }],
  });
  // Nothing was changed by the refused PATCH.
  expect((await t.admin.get(`/v1/applications/${app.id}`)).body.data.menuPublicationUrl).toBe(
    'http://public.example/menus',
  );
});
