import { loadConfig } from '../../src/config/config.js';
import { createLogger } from '../../src/common/logger.js';
import { webhookSecretFor } from '../../src/modules/applications/index.js';
import { startHub } from '../../src/hub.js';
import { createTestDatabase, query } from '../support/database.js';
import { HttpClient } from '../support/http.js';
import { HUB_START_TIMEOUT_MS, startTestHub, testEnv, type TestHub } from '../support/test-hub.js';

// Applications (docs/contract.md "Operations"): registration, secrets shown once and stored hashed or sealed, rotation,
// kinds with their URLs and default scopes, firstParty for admins only, who sees which application.

let t: TestHub;

beforeAll(async () => {
  t = await startTestHub();
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

const pos = {
  kind: 'POS',
  name: 'Till Co',
  redirectUris: ['https://till.example/callback'],
  webhookUrl: 'https://till.example/webhooks',
  catalogPullUrl: 'https://till.example/catalog',
};

describe('registering an application', () => {
  it('returns client id, client secret and webhook secret once, with the kind default scopes', async () => {
    const res = await t.admin.post('/v1/applications', pos);
    expect(res.status).toBe(201);
    const { data } = res.body;
    expect(data).toMatchObject({ ...pos, menuPublicationUrl: null, storeStatusUrl: null, firstParty: false });
    expect(data.scopes).toEqual([
      'locations.read',
      'connections.read',
      'catalogs.read',
      'catalogs.write',
      'menu.read',
      'orders.read',
      'orders.write',
    ]);
    expect(data.clientId).toMatch(/^oh_[A-Za-z0-9_-]{24}$/);
    expect(data.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    expect(data.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(data.webhookSecret.slice('whsec_'.length), 'base64')).toHaveLength(32);

    const read = await t.admin.get(`/v1/applications/${data.id}`);
    expect(read.body.data).not.toHaveProperty('clientSecret');
    expect(read.body.data).not.toHaveProperty('webhookSecret');
    expect(read.body.data.clientId).toBe(data.clientId);

    const [row] = await query(
      t.db.url,
      'select client_secret_hash, webhook_secret_sealed from applications where id = $1',
      [data.id],
    );
    expect(JSON.stringify(row)).not.toContain(data.clientSecret);
    expect(JSON.stringify(row)).not.toContain(data.webhookSecret.slice(6));
    // The delivery engine reads the webhook secret back.
    expect(await webhookSecretFor(t.hub.orm.em.fork(), data.id)).toBe(data.webhookSecret);
  });

  it('gives MARKETPLACE its own default scopes and URLs', async () => {
    const res = await t.admin.post('/v1/applications', {
      kind: 'MARKETPLACE',
      name: 'Eats',
      webhookUrl: 'https://eats.example/hooks',
      menuPublicationUrl: 'https://eats.example/menus',
      storeStatusUrl: 'https://eats.example/status',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.scopes).toEqual(['locations.read', 'menu.read', 'orders.read', 'orders.write']);
    expect(res.body.data.redirectUris).toEqual([]);
  });

  it.each([
    ['an empty webhookUrl', { ...pos, webhookUrl: '' }, '/webhookUrl'],
    ['a menuPublicationUrl on a POS', { ...pos, menuPublicationUrl: 'https://x.example/m' }, '/menuPublicationUrl'],
    ['a relative redirect URI', { ...pos, redirectUris: ['/callback'] }, '/redirectUris/0'],
    ['a redirect URI with a fragment', { ...pos, redirectUris: ['https://x.example/cb#frag'] }, '/redirectUris/0'],
    ['a URL with credentials', { ...pos, webhookUrl: 'https://user:pw@x.example/h' }, '/webhookUrl'],
    ['a ftp URL', { ...pos, catalogPullUrl: 'ftp://x.example/c' }, '/catalogPullUrl'],
    ['an unknown scope', { ...pos, scopes: ['orders.read', 'everything'] }, '/scopes/1'],
    ['an unknown kind', { ...pos, kind: 'KIOSK' }, '/kind'],
    ['an unknown field', { ...pos, colour: 'red' }, '/colour'],
  ])('refuses %s with 400 naming the field', async (_label, body, path) => {
    const res = await t.admin.post('/v1/applications', body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('lets only an admin set firstParty', async () => {
    const reseller = await t.userClient(await t.createUser('reseller'));
    const refused = await reseller.post('/v1/applications', { ...pos, firstParty: true });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].path).toBe('/firstParty');
    const created = await t.admin.post('/v1/applications', { ...pos, firstParty: true });
    expect(created.body.data.firstParty).toBe(true);
    // A first-party application may use the password grant.
    const user = await t.createUser('reseller');
    const grant = await t.token({
      grant_type: 'password',
      username: user.email,
      password: user.password,
      client_id: created.body.data.clientId,
      client_secret: created.body.data.clientSecret,
    });
    expect(grant.status).toBe(200);
  });
});

describe('an idempotent registration', () => {
  it('replays the secrets to a retry without keeping them readable at rest', async () => {
    const headers = { 'idempotency-key': 'register-till-once' };
    const first = await t.admin.post('/v1/applications', pos, { headers });
    const again = await t.admin.post('/v1/applications', pos, { headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const rows = await query(t.db.url, `select * from idempotency_keys where key = 'register-till-once'`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(first.body.data.clientSecret);
    expect(JSON.stringify(rows[0])).not.toContain(first.body.data.webhookSecret.slice(6));
  });
});

describe('updating and rotating', () => {
  it('patches fields, clears an optional URL with null, and keeps what is omitted', async () => {
    const app = await t.createApplication('POS');
    const res = await t.admin.patch(`/v1/applications/${app.id}`, {
      name: 'Renamed',
      catalogPullUrl: null,
      scopes: ['orders.read'],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Renamed',
      catalogPullUrl: null,
      scopes: ['orders.read'],
      webhookUrl: app.data.webhookUrl,
    });
    const token = await t.token({
      grant_type: 'client_credentials',
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(token.body.scope).toBe('orders.read');
  });

  it('registers an application without a webhookUrl, and clears one with null over REST and GraphQL alike', async () => {
    const created = await t.admin.post('/v1/applications', { kind: 'POS', name: `No hooks ${Date.now()}` });
    expect(created.status).toBe(201);
    expect(created.body.data.webhookUrl).toBeNull();

    const app = await t.createApplication('POS');
    const rest = await t.admin.patch(`/v1/applications/${app.id}`, { webhookUrl: null });
    expect(rest.status).toBe(200);
    expect(rest.body.data.webhookUrl).toBeNull();
    const other = await t.createApplication('MARKETPLACE');
    const graphql = await t.admin.graphql(
      'mutation($id: ID!) { updateApplication(id: $id, input: { webhookUrl: null, name: "Renamed" }) { id webhookUrl name } }',
      { id: other.id },
    );
    expect(graphql.body.data.updateApplication).toEqual({ id: other.id, webhookUrl: null, name: 'Renamed' });
    // An empty one is not a URL.
    const empty = await t.admin.patch(`/v1/applications/${app.id}`, { webhookUrl: '' });
    expect(empty.status).toBe(400);
  });

  it('rotates both secrets: the old client secret stops working at once', async () => {
    const app = await t.createApplication('MARKETPLACE');
    const res = await t.admin.post(`/v1/applications/${app.id}/secret`);
    expect(res.status).toBe(200);
    const { clientSecret, webhookSecret, clientId } = res.body.data;
    expect(clientId).toBe(app.clientId);
    expect(clientSecret).not.toBe(app.clientSecret);
    expect(webhookSecret).not.toBe(app.webhookSecret);
    const old = await t.token({
      grant_type: 'client_credentials',
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(old.status).toBe(401);
    expect(old.body.error).toBe('invalid_client');
    const fresh = await t.token({
      grant_type: 'client_credentials',
      client_id: app.clientId,
      client_secret: clientSecret,
    });
    expect(fresh.status).toBe(200);
    expect(await webhookSecretFor(t.hub.orm.em.fork(), app.id)).toBe(webhookSecret);
  });
});

describe('who sees which application', () => {
  it('shows users the applications they registered, admins all, an application itself', async () => {
    const aliceUser = await t.createUser('reseller');
    const alice = await t.userClient(aliceUser);
    const bob = await t.userClient(await t.createUser('merchant'));
    const mine = await t.createApplication('POS', {}, alice);
    expect((await alice.get(`/v1/applications/${mine.id}`)).status).toBe(200);
    expect((await bob.get(`/v1/applications/${mine.id}`)).status).toBe(404);
    expect((await bob.patch(`/v1/applications/${mine.id}`, { name: 'taken' })).status).toBe(404);
    expect((await bob.post(`/v1/applications/${mine.id}/secret`)).status).toBe(404);
    expect((await bob.get('/v1/applications')).body.data.map((a: { id: string }) => a.id)).not.toContain(mine.id);
    expect((await alice.get('/v1/applications')).body.data.map((a: { id: string }) => a.id)).toEqual([mine.id]);
    expect((await t.admin.get(`/v1/applications/${mine.id}`)).status).toBe(200);

    const self = await t.applicationClient(mine, 'orders.read');
    expect((await self.get(`/v1/applications/${mine.id}`)).status).toBe(403); // scope applications.read not held
    const reader = await t.createApplication('POS', { scopes: ['applications.read'] });
    const readerClient = await t.applicationClient(reader);
    expect((await readerClient.get(`/v1/applications/${reader.id}`)).status).toBe(200);
    expect((await readerClient.get(`/v1/applications/${mine.id}`)).status).toBe(404);
  });

  it("lists the hub's own first-party client with kind null, which the response schema accepts", async () => {
    const res = await t.admin.get('/v1/applications?limit=200');
    expect(res.status).toBe(200); // responses are validated against openapi.yaml in tests: a 500 if kind null were refused
    const firstParty = res.body.data.filter((a: { kind: string | null; firstParty: boolean }) => a.kind === null);
    expect(firstParty.length).toBeGreaterThan(0);
    expect(firstParty.every((a: { firstParty: boolean }) => a.firstParty)).toBe(true);
    expect((await t.admin.get(`/v1/applications/${firstParty[0].id}`)).body.data.kind).toBeNull();
  });

  it('filters the list by kind', async () => {
    await t.createApplication('MARKETPLACE');
    const res = await t.admin.get('/v1/applications?kind=MARKETPLACE&limit=200');
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
    expect(res.body.data.every((a: { kind: string }) => a.kind === 'MARKETPLACE')).toBe(true);
  });

  it('takes the kind as partners write it, "POS or Marketplace" in any case, and answers MARKETPLACE or POS', async () => {
    const marketplace = await t.admin.post('/v1/applications', {
      kind: 'Marketplace',
      name: `Spelled as written ${Date.now()}`,
      redirectUris: ['http://127.0.0.1:9/callback'],
      webhookUrl: 'http://127.0.0.1:9/webhooks',
    });
    expect(marketplace.status).toBe(201);
    expect(marketplace.body.data.kind).toBe('MARKETPLACE');
    expect(marketplace.body.data.scopes).toEqual(['locations.read', 'menu.read', 'orders.read', 'orders.write']);
    const lower = await t.admin.post('/v1/applications', { ...pos, name: `Lower case ${Date.now()}`, kind: 'pos' });
    expect(lower.status).toBe(201);
    expect(lower.body.data.kind).toBe('POS');
    expect((await t.admin.get(`/v1/applications/${marketplace.body.data.id}`)).body.data.kind).toBe('MARKETPLACE');

    for (const written of ['Marketplace', 'marketplace', 'MARKETPLACE']) {
      const listed = await t.admin.get(`/v1/applications?kind=${written}&limit=200`);
      expect(listed.status).toBe(200);
      const kinds = new Set(listed.body.data.map((a: { kind: string }) => a.kind));
      expect([...kinds]).toEqual(['MARKETPLACE']);
      expect(listed.body.data.map((a: { id: string }) => a.id)).toContain(marketplace.body.data.id);
    }
    const location = await t.createLocation();
    const available = await t.admin.get(`${location.path}/applications?kind=Pos&limit=200`);
    expect(available.status).toBe(200);
    expect(new Set(available.body.data.map((a: { kind: string }) => a.kind))).toEqual(new Set(['POS']));
    expect(available.body.data.map((a: { id: string }) => a.id)).toContain(lower.body.data.id);

    // Another word is still refused, naming where it was.
    const refused = await t.admin.get('/v1/applications?kind=Kiosk');
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: { path: string }) => e.path).join()).toContain('kind');
  });
});

describe('production rules', () => {
  it('requires https for redirect URIs and partner URLs', async () => {
    const db = await createTestDatabase();
    // The secret box is one per process (crypto.ts): this hub uses the same key as the others of this file.
    const sameKey = loadConfig({}).encryptionKey.toString('base64');
    const env = testEnv(db.url, {
      HUB_ENV: 'production',
      PUBLIC_BASE_URL: 'https://hub.example',
      ALLOW_PRIVATE_PARTNER_URLS: 'false',
      ENCRYPTION_KEY: sameKey,
    });
    const config = loadConfig(env);
    const hub = await startHub(config, createLogger('silent'));
    try {
      // Behind the TLS proxy the production hub expects, the token request arrives with X-Forwarded-Proto.
      const tokenRes = await fetch(`${hub.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
        body: new URLSearchParams({
          grant_type: 'password',
          username: env.BOOTSTRAP_ADMIN_EMAIL,
          password: env.BOOTSTRAP_ADMIN_PASSWORD,
          client_id: env.BOOTSTRAP_CLIENT_ID,
          client_secret: env.BOOTSTRAP_CLIENT_SECRET,
        }),
      });
      expect(tokenRes.status).toBe(200);
      const admin = new HttpClient(hub.url, ((await tokenRes.json()) as { access_token: string }).access_token);
      const insecure = await admin.post('/v1/applications', {
        ...pos,
        redirectUris: ['http://till.example/cb'],
        webhookUrl: 'http://till.example/h',
      });
      expect(insecure.status).toBe(400);
      expect(insecure.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
        '/redirectUris/0',
        '/webhookUrl',
      ]);
      const secure = await admin.post('/v1/applications', pos);
      expect(secure.status).toBe(201);

      // An application registered before the hub ran in production still lists an http redirect URI: the
      // authorization endpoint refuses it with a page that says why, and never redirects to it.
      const legacyUri = 'http://till.example/legacy-callback';
      await query(db.url, `update applications set redirect_uris = $1::jsonb where id = $2`, [
        JSON.stringify([legacyUri, ...pos.redirectUris]),
        secure.body.data.id,
      ]);
      const authorize = (redirectUri: string) =>
        `${hub.url}/oauth2/authorize?${new URLSearchParams({
          response_type: 'code',
          client_id: secure.body.data.clientId,
          redirect_uri: redirectUri,
          state: 'st-1',
        })}`;
      const headers = { 'x-forwarded-proto': 'https', accept: 'text/html' };
      const refused = await fetch(authorize(legacyUri), { headers, redirect: 'manual' });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('location')).toBeNull();
      expect(refused.headers.get('content-type')).toContain('text/html');
      const page = await refused.text();
      expect(page).toContain('This application cannot be opened');
      expect(page).toContain('not an https address');
      expect(page).toContain(legacyUri);
      // Nor does a form POST of the same request lead there.
      const posted = await fetch(`${hub.url}/oauth2/authorize`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URL(authorize(legacyUri)).searchParams,
        redirect: 'manual',
      });
      expect(posted.status).toBeGreaterThanOrEqual(400);
      expect(posted.headers.get('location')).toBeNull();
      // Its https redirect URI still starts the sign-in.
      const allowed = await fetch(authorize(pos.redirectUris[0]), { headers, redirect: 'manual' });
      expect(allowed.status).toBe(303);
      expect(allowed.headers.get('location')).toContain('/oauth2/interaction/');
    } finally {
      await hub.stop();
      await db.drop();
    }
  });
});
