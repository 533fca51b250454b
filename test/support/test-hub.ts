import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { loadConfig } from '../../src/config/config.js';
import { createLogger } from '../../src/common/logger.js';
import type { ApplicationKind, Role } from '../../src/common/principal.js';
import { startHub, type HubOptions, type RunningHub } from '../../src/hub.js';
import { Browser, formAction, hiddenField } from './browser.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { HttpClient, type HttpResult } from './http.js';

// A hub for e2e tests, with the helpers every suite needs to get real OAuth tokens: the admin's (password grant
// through the bootstrap first-party client), an application's (client_credentials), users of each role.

export const TEST_ADMIN = { email: 'admin@test.example', password: 'admin-password-0123456789' };
export const TEST_CLIENT = { clientId: 'test-first-party', clientSecret: 'test-first-party-secret-0123456789abcdef' };

interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

export interface TestApplication {
  id: string;
  kind: ApplicationKind;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  /** The whole creation response (data). */
  data: Record<string, any>;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  role: Role;
}

export interface TestLocation {
  accountId: string;
  locationId: string;
  /** `/v1/accounts/{accountId}/locations/{locationId}` */
  path: string;
}

export interface TestHub {
  hub: RunningHub;
  db: TestDatabase;
  url: string;
  /** A client carrying an admin's token (password grant through the first-party client). */
  admin: HttpClient;
  /** A client with no token. */
  anonymous: HttpClient;
  /** POST /oauth2/token with a form body; returns the HTTP result. */
  token(
    params: Record<string, string>,
    options?: { json?: boolean; basic?: { clientId: string; clientSecret: string } },
  ): Promise<HttpResult<any>>;
  /** The token response of a password grant through the first-party client (throws unless 200). */
  passwordToken(email: string, password: string, scope?: string): Promise<TokenResponse>;
  /** Registers an application (as the admin unless `as` is given); returns its one-time secrets. */
  createApplication(
    kind: ApplicationKind,
    overrides?: Record<string, unknown>,
    as?: HttpClient,
  ): Promise<TestApplication>;
  /** The token response of a client_credentials grant (throws unless 200). */
  applicationToken(app: Pick<TestApplication, 'clientId' | 'clientSecret'>, scope?: string): Promise<TokenResponse>;
  /** A client carrying the application's client_credentials token. */
  applicationClient(app: Pick<TestApplication, 'clientId' | 'clientSecret'>, scope?: string): Promise<HttpClient>;
  /** A new account with one location, created by the admin (or `as`). */
  createLocation(as?: HttpClient, name?: string): Promise<TestLocation>;
  /** Connects the application to the location (as the admin unless `as` is given); returns the connection id. */
  connect(
    app: Pick<TestApplication, 'id'>,
    location: TestLocation,
    credentials?: Record<string, unknown>,
    as?: HttpClient,
  ): Promise<string>;
  /** Creates a user (as the admin unless `as` is given). */
  createUser(role: Role, accountIds?: string[], as?: HttpClient): Promise<TestUser>;
  /** A client carrying the user's token (password grant through the first-party client). */
  userClient(user: Pick<TestUser, 'email' | 'password'>, scope?: string): Promise<HttpClient>;
  /**
   * The token response of the authorization code flow: `user` signs in on the hub's pages and allows the
   * application at `location` (the application's first redirect URI), then the application exchanges the code.
   */
  delegatedToken(
    app: Pick<TestApplication, 'clientId' | 'clientSecret' | 'data'>,
    user: Pick<TestUser, 'email' | 'password'>,
    location: Pick<TestLocation, 'locationId'>,
    scope?: string,
  ): Promise<TokenResponse>;
  /** A client carrying that token: the application acting for the user. */
  delegatedClient(
    app: Pick<TestApplication, 'clientId' | 'clientSecret' | 'data'>,
    user: Pick<TestUser, 'email' | 'password'>,
    location: Pick<TestLocation, 'locationId'>,
    scope?: string,
  ): Promise<HttpClient>;
  stop(): Promise<void>;
}

/**
 * What a `beforeAll` that starts test hubs is given (jest's own 30 s is for a test): a hub starts in about 2 s of
 * CPU on a quiet 2-core machine, more on the embedded database, and several times that when the machine is busy
 * with another job. Generous, since a hub that never starts fails on its own error long before.
 */
export const HUB_START_TIMEOUT_MS = 120_000;

/** The environment a test hub runs with; tests add or override settings. */
export function testEnv(databaseUrl: string, overrides: Record<string, string> = {}): Record<string, string> {
  // Production refuses a lower password cost: a test of production gets the default unless it names one.
  const production = overrides.HUB_ENV === 'production';
  return {
    HUB_ENV: 'development',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    BOOTSTRAP_ADMIN_EMAIL: TEST_ADMIN.email,
    BOOTSTRAP_ADMIN_PASSWORD: TEST_ADMIN.password,
    BOOTSTRAP_CLIENT_ID: TEST_CLIENT.clientId,
    BOOTSTRAP_CLIENT_SECRET: TEST_CLIENT.clientSecret,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ALLOW_PRIVATE_PARTNER_URLS: 'true',
    DELIVERY_RETRY_SCHEDULE: '0.05,0.1',
    RATE_LIMIT_RPS: '0',
    // Opening the pool's first connections on a busy 2-core machine can take longer than production's 1 s
    // bound, which then answers 503 overloaded (seen in the first password grant of a test hub). The bound is
    // tested where it matters (admission, partition), with values of their own.
    DATABASE_ACQUIRE_TIMEOUT_MS: '5000',
    // scrypt at 2^10 instead of 2^15: about 3 ms a password instead of 100, over the suite's thousand or so.
    ...(production ? {} : { PASSWORD_HASH_COST: '10' }),
    ...overrides,
  };
}

/** An admin's access token from any hub started with testEnv (password grant through the bootstrap client). */
export async function adminTokenAt(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: TEST_ADMIN.email,
      password: TEST_ADMIN.password,
      client_id: TEST_CLIENT.clientId,
      client_secret: TEST_CLIENT.clientSecret,
    }),
  });
  if (res.status !== 200) throw new Error(`password grant failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as TokenResponse).access_token;
}

function expectOk<T>(res: { status: number; text: string; body: T }, what: string): T {
  if (res.status < 200 || res.status >= 300) throw new Error(`${what} failed: ${res.status} ${res.text}`);
  return res.body;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${randomBytes(3).toString('hex')}`;

/** A hub in this process on a free port, over HTTP, on its own database; responses checked against OpenAPI. */
/**
 * `where.embedded`: on the embedded PGlite even where a PostgreSQL server is configured; `where.url`: on this
 * database (a server the test runs itself), left as it is at the end; `where.log`: the hub logs here.
 */
export async function startTestHub(
  overrides: Record<string, string> = {},
  options: HubOptions = {},
  where: { embedded?: boolean; url?: string; log?: Logger } = {},
): Promise<TestHub> {
  const db: TestDatabase = where.url
    ? { url: where.url, real: true, drop: async () => undefined }
    : await createTestDatabase(where);
  const config = loadConfig(testEnv(db.url, overrides));
  const hub = await startHub(config, where.log ?? createLogger(config.logLevel), {
    validateResponses: true,
    ...options,
  });
  const anonymous = new HttpClient(hub.url, null);

  const token: TestHub['token'] = (params, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.basic)
      headers.authorization = `Basic ${Buffer.from(`${encodeURIComponent(options.basic.clientId)}:${encodeURIComponent(options.basic.clientSecret)}`).toString('base64')}`;
    if (options.json) return anonymous.post('/oauth2/token', params, { headers });
    headers['content-type'] = 'application/x-www-form-urlencoded';
    return anonymous.post('/oauth2/token', undefined, { headers, raw: new URLSearchParams(params).toString() });
  };

  const passwordToken = async (email: string, password: string, scope?: string) =>
    expectOk(
      await token({
        grant_type: 'password',
        username: email,
        password,
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
        ...(scope ? { scope } : {}),
      }),
      'password grant',
    ) as TokenResponse;

  const admin = new HttpClient(hub.url, (await passwordToken(TEST_ADMIN.email, TEST_ADMIN.password)).access_token);

  const applicationToken = async (app: Pick<TestApplication, 'clientId' | 'clientSecret'>, scope?: string) =>
    expectOk(
      await token({
        grant_type: 'client_credentials',
        client_id: app.clientId,
        client_secret: app.clientSecret,
        ...(scope ? { scope } : {}),
      }),
      'client_credentials grant',
    ) as TokenResponse;

  const delegatedToken: TestHub['delegatedToken'] = async (app, user, location, scope) => {
    const browser = new Browser(hub.url);
    const redirectUri = app.data.redirectUris[0] as string;
    const authorize = new URLSearchParams({
      response_type: 'code',
      client_id: app.clientId,
      redirect_uri: redirectUri,
      state: unique(),
      location_id: location.locationId,
      ...(scope ? { scope } : {}),
    });
    const login = await browser.follow(await browser.get(`/oauth2/authorize?${authorize}`));
    const consent = await browser.follow(
      await browser.post(formAction(login.html, '/login'), {
        csrf: hiddenField(login.html, 'csrf'),
        email: user.email,
        password: user.password,
      }),
    );
    const back = await browser.follow(
      await browser.post(formAction(consent.html, '/confirm'), {
        csrf: hiddenField(consent.html, 'csrf'),
        location_id: location.locationId,
      }),
    );
    const code = back.location ? new URL(back.location).searchParams.get('code') : null;
    if (!code) throw new Error(`authorization did not end with a code: ${back.status} ${back.location ?? back.html}`);
    return expectOk(
      await token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: app.clientId,
        client_secret: app.clientSecret,
      }),
      'authorization_code grant',
    ) as TokenResponse;
  };

  const helpers: TestHub = {
    hub,
    db,
    url: hub.url,
    admin,
    anonymous,
    token,
    passwordToken,
    async createApplication(kind, overrides = {}, as = admin) {
      const urls =
        kind === 'POS'
          ? { catalogPullUrl: 'http://127.0.0.1:9/catalog' }
          : { menuPublicationUrl: 'http://127.0.0.1:9/menus', storeStatusUrl: 'http://127.0.0.1:9/store-status' };
      const body = {
        kind,
        name: `${kind} app ${unique()}`,
        redirectUris: ['http://127.0.0.1:9/callback'],
        webhookUrl: 'http://127.0.0.1:9/webhooks',
        ...urls,
        ...overrides,
      };
      const data = expectOk(await as.post('/v1/applications', body), 'create application').data;
      return {
        id: data.id,
        kind,
        clientId: data.clientId,
        clientSecret: data.clientSecret,
        webhookSecret: data.webhookSecret,
        data,
      };
    },
    applicationToken,
    async applicationClient(app, scope) {
      return new HttpClient(hub.url, (await applicationToken(app, scope)).access_token);
    },
    async createLocation(as = admin, name = 'Test location') {
      const accountId = expectOk(await as.post('/v1/accounts', { name: `Account ${unique()}` }), 'create account').data
        .id;
      const locationId = expectOk(await as.post(`/v1/accounts/${accountId}/locations`, { name }), 'create location')
        .data.id;
      return { accountId, locationId, path: `/v1/accounts/${accountId}/locations/${locationId}` };
    },
    async connect(app, location, credentials, as = admin) {
      return expectOk(
        await as.post(`${location.path}/connections`, {
          applicationId: app.id,
          ...(credentials ? { credentials } : {}),
        }),
        'connect',
      ).data.id;
    },
    async createUser(role, accountIds, as = admin) {
      const email = `${role}-${unique()}@test.example`;
      const password = `password-${unique()}`;
      const data = expectOk(
        await as.post('/v1/users', { email, password, role, ...(accountIds ? { accountIds } : {}) }),
        'create user',
      ).data;
      return { id: data.id, email, password, role };
    },
    async userClient(user, scope) {
      return new HttpClient(hub.url, (await passwordToken(user.email, user.password, scope)).access_token);
    },
    delegatedToken,
    async delegatedClient(app, user, location, scope) {
      return new HttpClient(hub.url, (await delegatedToken(app, user, location, scope)).access_token);
    },
    async stop() {
      await hub.stop();
      await db.drop();
    },
  };
  return helpers;
}
