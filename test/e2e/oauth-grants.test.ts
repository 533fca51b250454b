import * as oauth from 'oauth4webapi';
import { DEFAULT_APPLICATION_SCOPES } from '../../src/auth/scopes.js';
import { HttpClient } from '../support/http.js';
import {
  HUB_START_TIMEOUT_MS,
  startTestHub,
  TEST_ADMIN,
  TEST_CLIENT,
  type TestApplication,
  type TestHub,
  type TestLocation,
} from '../support/test-hub.js';

// The token, revocation and introspection endpoints (docs/contract.md "Principals, scopes and tokens"),
// driven with oauth4webapi, an independent OAuth client, and with raw HTTP where the exact wire matters.

let t: TestHub;
let as: oauth.AuthorizationServer;
let pos: TestApplication;
let location: TestLocation;
const insecure = { [oauth.allowInsecureRequests]: true } as const;

const client = (app: Pick<TestApplication, 'clientId'>): oauth.Client => ({ client_id: app.clientId });
const auth = (app: Pick<TestApplication, 'clientSecret'>) => oauth.ClientSecretPost(app.clientSecret);

beforeAll(async () => {
  t = await startTestHub();
  const issuer = new URL(`${t.hub.config.publicBaseUrl}/oauth2`);
  as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...insecure }),
  );
  pos = await t.createApplication('POS');
  location = await t.createLocation();
  await t.connect(pos, location);
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

async function clientCredentials(app: TestApplication, scope?: string) {
  const params = new URLSearchParams(scope ? { scope } : {});
  const response = await oauth.clientCredentialsGrantRequest(as, client(app), auth(app), params, insecure);
  return oauth.processClientCredentialsResponse(as, client(app), response);
}

async function refresh(app: TestApplication, refreshToken: string, scope?: string) {
  const response = await oauth.refreshTokenGrantRequest(as, client(app), auth(app), refreshToken, {
    ...insecure,
    additionalParameters: scope ? { scope } : undefined,
  });
  return oauth.processRefreshTokenResponse(as, client(app), response);
}

function expectTokenResponse(body: Record<string, unknown>) {
  expect(body).toEqual({
    access_token: expect.any(String),
    refresh_token: expect.any(String),
    token_type: expect.stringMatching(/^bearer$/i),
    expires_in: 3600,
    scope: expect.any(String),
  });
}

async function expectOAuthError(res: { status: number; headers: Headers; body: any }, status: number, error: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toEqual({ error, error_description: expect.any(String) });
}

describe('discovery', () => {
  it('names the issuer {base_url}/oauth2 and the endpoints', () => {
    expect(as.issuer).toBe(`${t.hub.config.publicBaseUrl}/oauth2`);
    expect(as.token_endpoint).toBe(`${t.hub.config.publicBaseUrl}/oauth2/token`);
    expect(as.authorization_endpoint).toBe(`${t.hub.config.publicBaseUrl}/oauth2/authorize`);
    expect(as.revocation_endpoint).toBe(`${t.hub.config.publicBaseUrl}/oauth2/revoke`);
    expect(as.introspection_endpoint).toBe(`${t.hub.config.publicBaseUrl}/oauth2/introspect`);
  });
});

describe('RFC 8414 discovery', () => {
  it('answers at /.well-known/oauth-authorization-server and its issuer-path form, advertising only what the hub issues', async () => {
    const issuer = new URL(`${t.hub.config.publicBaseUrl}/oauth2`);
    // oauth4webapi's 'oauth2' algorithm asks the issuer-path form, /.well-known/oauth-authorization-server/oauth2.
    const metadata = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
    const root = await t.anonymous.get('/.well-known/oauth-authorization-server');
    expect(root.status).toBe(200);
    expect(root.body).toEqual(metadata);
    expect(metadata.token_endpoint).toBe(`${t.hub.config.publicBaseUrl}/oauth2/token`);
    expect(metadata.response_types_supported).toEqual(['code']);
    expect([...metadata.grant_types_supported!].sort()).toEqual([
      'authorization_code',
      'client_credentials',
      'password',
      'refresh_token',
    ]);
    // The OpenID document says the same.
    expect(as.response_types_supported).toEqual(['code']);
    expect(as.grant_types_supported).not.toContain('implicit');
  });
});

describe('client_credentials', () => {
  it('returns an access token, a refresh token, Bearer, expires_in in seconds and every registered scope', async () => {
    const tokens = await clientCredentials(pos);
    expectTokenResponse(tokens as unknown as Record<string, unknown>);
    expect(tokens.scope!.split(' ').sort()).toEqual([...DEFAULT_APPLICATION_SCOPES.POS].sort());
    const api = new HttpClient(t.url, tokens.access_token);
    expect((await api.get(location.path)).status).toBe(200);
  });

  it('accepts a form body, a JSON body and HTTP Basic alike', async () => {
    const params = { grant_type: 'client_credentials', client_id: pos.clientId, client_secret: pos.clientSecret };
    const form = await t.token(params);
    const json = await t.token(params, { json: true });
    const basic = await t.token({ grant_type: 'client_credentials' }, { basic: pos });
    for (const res of [form, json, basic]) {
      expect(res.status).toBe(200);
      expectTokenResponse(res.body);
      expect(res.body.token_type).toBe('Bearer');
    }
  });

  it('grants a subset of the registered scopes when asked', async () => {
    const tokens = await clientCredentials(pos, 'locations.read orders.read');
    expect(tokens.scope).toBe('locations.read orders.read');
    // A route needing a scope the token lacks: 403 insufficient_scope naming it.
    const res = await new HttpClient(t.url, tokens.access_token).get(`${location.path}/connections`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('insufficient_scope');
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope", scope="connections.read"');
  });
});

describe('password grant (the reseller token)', () => {
  it('gives the user a token through a first-party client', async () => {
    const response = await oauth.genericTokenEndpointRequest(
      as,
      client(TEST_CLIENT),
      auth(TEST_CLIENT),
      'password',
      new URLSearchParams({ username: TEST_ADMIN.email, password: TEST_ADMIN.password }),
      insecure,
    );
    const tokens = await oauth.processGenericTokenEndpointResponse(as, client(TEST_CLIENT), response);
    expectTokenResponse(tokens as unknown as Record<string, unknown>);
    expect((await new HttpClient(t.url, tokens.access_token).get('/v1/accounts')).status).toBe(200);
  });

  it('says a wrong password is wrong credentials (invalid_grant), not a bad client', async () => {
    const wrong = await t.token({
      grant_type: 'password',
      username: TEST_ADMIN.email,
      password: 'not-the-password',
      client_id: TEST_CLIENT.clientId,
      client_secret: TEST_CLIENT.clientSecret,
    });
    await expectOAuthError(wrong, 400, 'invalid_grant');
    expect(wrong.body.error_description).toBe('the e-mail address (or username) or the password is wrong');
    const badClient = await t.token({
      grant_type: 'password',
      username: TEST_ADMIN.email,
      password: TEST_ADMIN.password,
      client_id: TEST_CLIENT.clientId,
      client_secret: 'wrong',
    });
    await expectOAuthError(badClient, 401, 'invalid_client');
  });

  it('takes an application id as client_id for client_credentials, in the body and with HTTP Basic', async () => {
    const body = await t.token({
      grant_type: 'client_credentials',
      client_id: pos.id,
      client_secret: pos.clientSecret,
    });
    expect(body.status).toBe(200);
    const basic = await t.token(
      { grant_type: 'client_credentials' },
      { basic: { clientId: pos.id, clientSecret: pos.clientSecret } },
    );
    expect(basic.status).toBe(200);
    expect((await new HttpClient(t.url, basic.body.access_token).get(location.path)).status).toBe(200);
    await expectOAuthError(
      await t.token({ grant_type: 'client_credentials', client_id: pos.id, client_secret: 'wrong' }),
      401,
      'invalid_client',
    );
  });

  it('limits the scopes to the user role: a merchant never gets provisioning', async () => {
    const merchant = await t.createUser('merchant', [location.accountId]);
    const tokens = await t.passwordToken(merchant.email, merchant.password);
    expect(tokens.scope.split(' ')).not.toContain('provisioning');
    expect(tokens.scope.split(' ')).toContain('locations.read');
    const asked = await t.passwordToken(merchant.email, merchant.password, 'provisioning locations.read');
    expect(asked.scope).toBe('locations.read');
  });

  it('matches the e-mail whatever its case', async () => {
    expect((await t.passwordToken(TEST_ADMIN.email.toUpperCase(), TEST_ADMIN.password)).access_token).toBeTruthy();
  });
});

describe('token endpoint errors: JSON {error, error_description} with the documented status', () => {
  const cc = () => ({ grant_type: 'client_credentials', client_id: pos.clientId, client_secret: pos.clientSecret });
  const cases: [string, () => Record<string, string>, number, string][] = [
    ['an unknown grant_type', () => ({ ...cc(), grant_type: 'urn:example:unknown' }), 400, 'unsupported_grant_type'],
    ['no grant_type', () => ({ client_id: pos.clientId, client_secret: pos.clientSecret }), 400, 'invalid_request'],
    ['a wrong client secret', () => ({ ...cc(), client_secret: 'wrong' }), 401, 'invalid_client'],
    ['an unknown client', () => ({ ...cc(), client_id: 'nobody' }), 401, 'invalid_client'],
    ['no client authentication', () => ({ grant_type: 'client_credentials' }), 400, 'invalid_request'],
    [
      'a scope outside the registered ones',
      () => ({ ...cc(), scope: 'locations.read provisioning' }),
      400,
      'invalid_scope',
    ],
    ['a scope that does not exist', () => ({ ...cc(), scope: 'everything' }), 400, 'invalid_scope'],
    [
      'an unknown refresh token',
      () => ({ ...cc(), grant_type: 'refresh_token', refresh_token: 'not-a-token' }),
      400,
      'invalid_grant',
    ],
    [
      'a refresh_token grant without the token',
      () => ({ ...cc(), grant_type: 'refresh_token' }),
      400,
      'invalid_request',
    ],
    [
      'an unknown authorization code',
      () => ({ ...cc(), grant_type: 'authorization_code', code: 'nope', redirect_uri: 'http://127.0.0.1:9/callback' }),
      400,
      'invalid_grant',
    ],
    [
      'the password grant from a partner application',
      () => ({ ...cc(), grant_type: 'password', username: TEST_ADMIN.email, password: TEST_ADMIN.password }),
      400,
      'unauthorized_client',
    ],
    [
      'client_credentials from the first-party client',
      () => ({
        grant_type: 'client_credentials',
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
      }),
      400,
      'unauthorized_client',
    ],
    [
      'a wrong password',
      () => ({
        grant_type: 'password',
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
        username: TEST_ADMIN.email,
        password: 'wrong-password',
      }),
      400,
      'invalid_grant',
    ],
    [
      'an unknown user',
      () => ({
        grant_type: 'password',
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
        username: 'nobody@test.example',
        password: 'whatever-password',
      }),
      400,
      'invalid_grant',
    ],
    [
      'a password grant without username',
      () => ({
        grant_type: 'password',
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
        password: 'x',
      }),
      400,
      'invalid_request',
    ],
  ];

  it.each(cases)('%s (form body)', async (_label, params, status, error) => {
    await expectOAuthError(await t.token(params()), status, error);
  });

  it.each(cases)('%s (JSON body)', async (_label, params, status, error) => {
    await expectOAuthError(await t.token(params(), { json: true }), status, error);
  });

  it('answers JSON even to a client that prefers HTML', async () => {
    const res = await t.anonymous.post('/oauth2/token', undefined, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      raw: new URLSearchParams({ ...cc(), client_secret: 'wrong' }).toString(),
    });
    await expectOAuthError(res, 401, 'invalid_client');
  });

  it('refuses malformed JSON with invalid_request', async () => {
    const res = await t.anonymous.post('/oauth2/token', undefined, {
      headers: { 'content-type': 'application/json' },
      raw: '{"grant_type":',
    });
    await expectOAuthError(res, 400, 'invalid_request');
  });

  it('reports errors through the client library too', async () => {
    await expect(clientCredentials({ ...pos, clientSecret: 'wrong' })).rejects.toMatchObject({
      status: 401,
      error: 'invalid_client',
    });
    await expect(clientCredentials(pos, 'menu.write')).rejects.toMatchObject({ status: 400, error: 'invalid_scope' });
  });
});

describe('refresh tokens', () => {
  it('rotate on every use: a new pair each time, with the same scope', async () => {
    const first = await clientCredentials(pos);
    const second = await refresh(pos, first.refresh_token!);
    expectTokenResponse(second as unknown as Record<string, unknown>);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.scope).toBe(first.scope);
    const third = await refresh(pos, second.refresh_token!);
    expect((await new HttpClient(t.url, third.access_token).get(location.path)).status).toBe(200);
  });

  it('are single-use: presenting a used one is invalid_grant and revokes the whole family', async () => {
    const first = await clientCredentials(pos);
    const second = await refresh(pos, first.refresh_token!);
    const reuse = await t.token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
      client_id: pos.clientId,
      client_secret: pos.clientSecret,
    });
    await expectOAuthError(reuse, 400, 'invalid_grant');
    // Every token of the grant is gone: the rotated refresh token and both access tokens.
    await expect(refresh(pos, second.refresh_token!)).rejects.toMatchObject({ status: 400, error: 'invalid_grant' });
    expect((await new HttpClient(t.url, second.access_token).get(location.path)).status).toBe(401);
    expect((await new HttpClient(t.url, first.access_token).get(location.path)).status).toBe(401);
  });

  it('belong to their client', async () => {
    const other = await t.createApplication('POS');
    const tokens = await clientCredentials(pos);
    await expect(refresh(other, tokens.refresh_token!)).rejects.toMatchObject({ status: 400, error: 'invalid_grant' });
  });

  it('let exactly one of five concurrent refreshes with one token succeed', async () => {
    const tokens = await clientCredentials(pos);
    const params = {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: pos.clientId,
      client_secret: pos.clientSecret,
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => t.token(params)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400]);
    for (const res of results.filter((r) => r.status === 400)) expect(res.body.error).toBe('invalid_grant');
    // The token is spent. (A loser that arrives after the winner's rotation is a reuse, which RFC 9700 cannot
    // tell from theft, so it may also have revoked the family: clients are asked to serialise
    // refreshes, docs/contract.md "Principals, scopes and tokens".)
    await expectOAuthError(await t.token(params), 400, 'invalid_grant');
  });

  it('take a subset of the original scopes, and refuse a wider one', async () => {
    const tokens = await clientCredentials(pos, 'locations.read orders.read');
    const narrower = await refresh(pos, tokens.refresh_token!, 'orders.read');
    expect(narrower.scope).toBe('orders.read');
    await expect(refresh(pos, narrower.refresh_token!, 'orders.read catalogs.write')).rejects.toMatchObject({
      status: 400,
      error: 'invalid_scope',
    });
    // Without scope, the refresh keeps the original grant's scopes.
    const again = await refresh(pos, narrower.refresh_token!);
    expect(again.scope).toBe('locations.read orders.read');
  });
});

describe('bearer tokens on /v1', () => {
  it('is 401 with WWW-Authenticate for a missing, malformed or unknown token', async () => {
    // RFC 6750 section 3.1: no credentials, no error code; a token that is not valid, invalid_token.
    for (const [token, challenge] of [
      [null, 'Bearer'],
      ['not-a-token', 'Bearer error="invalid_token"'],
    ] as const) {
      const res = await new HttpClient(t.url, token).get(location.path);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe(challenge);
      expect(res.body.code).toBe('unauthorized');
      const graphql = await new HttpClient(t.url, token).post('/graphql', { query: '{ accounts { data { id } } }' });
      expect(graphql.status).toBe(401);
      expect(graphql.headers.get('www-authenticate')).toBe(challenge);
    }
    const basic = await t.anonymous.get(location.path, { headers: { authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
  });

  it('does not accept a refresh token as an access token', async () => {
    const tokens = await clientCredentials(pos);
    expect((await new HttpClient(t.url, tokens.refresh_token!).get(location.path)).status).toBe(401);
  });
});

describe('revocation and introspection', () => {
  it('introspects an active token for its client, and nothing for another client', async () => {
    const tokens = await clientCredentials(pos);
    const response = await oauth.introspectionRequest(as, client(pos), auth(pos), tokens.access_token, insecure);
    const result = await oauth.processIntrospectionResponse(as, client(pos), response);
    expect(result).toMatchObject({ active: true, client_id: pos.clientId, scope: tokens.scope, token_type: 'Bearer' });
    const other = await t.createApplication('MARKETPLACE');
    const foreign = await oauth.processIntrospectionResponse(
      as,
      client(other),
      await oauth.introspectionRequest(as, client(other), auth(other), tokens.access_token, insecure),
    );
    expect(foreign.active).toBe(false);
  });

  it('revokes an access token: /v1 answers 401 and introspection says inactive', async () => {
    const tokens = await clientCredentials(pos);
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client(pos), auth(pos), tokens.access_token, insecure),
    );
    expect((await new HttpClient(t.url, tokens.access_token).get(location.path)).status).toBe(401);
    const result = await oauth.processIntrospectionResponse(
      as,
      client(pos),
      await oauth.introspectionRequest(as, client(pos), auth(pos), tokens.access_token, insecure),
    );
    expect(result.active).toBe(false);
    // RFC 7009 lets the server revoke the grant's refresh token with it, and this one does.
    await expect(refresh(pos, tokens.refresh_token!)).rejects.toMatchObject({ status: 400, error: 'invalid_grant' });
  });

  it('revokes a refresh token and with it every token of the grant (JSON body)', async () => {
    const tokens = await clientCredentials(pos);
    const res = await t.anonymous.post('/oauth2/revoke', {
      token: tokens.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: pos.clientId,
      client_secret: pos.clientSecret,
    });
    expect(res.status).toBe(200);
    await expect(refresh(pos, tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await new HttpClient(t.url, tokens.access_token).get(location.path)).status).toBe(401);
  });

  it('refuses revocation by an unauthenticated client with 401 invalid_client', async () => {
    const tokens = await clientCredentials(pos);
    const res = await t.anonymous.post('/oauth2/revoke', undefined, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: new URLSearchParams({
        token: tokens.access_token,
        client_id: pos.clientId,
        client_secret: 'wrong',
      }).toString(),
    });
    await expectOAuthError(res, 401, 'invalid_client');
  });
});

describe('storage', () => {
  it('keeps tokens in PostgreSQL, codes and refresh tokens consumed at most once', async () => {
    const { query } = await import('../support/database.js');
    const rows = await query<{ model: string }>(t.db.url, `select distinct model from oidc_payloads order by model`);
    expect(rows.map((r) => r.model)).toEqual(expect.arrayContaining(['AccessToken', 'Grant', 'RefreshToken']));
    const secrets = await query<{ client_secret_hash: string }>(
      t.db.url,
      `select client_secret_hash from applications where id = $1`,
      [pos.id],
    );
    expect(secrets[0].client_secret_hash).not.toContain(pos.clientSecret);
    expect(secrets[0].client_secret_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('short lifetimes', () => {
  let short: TestHub;
  beforeAll(async () => {
    short = await startTestHub({ ACCESS_TOKEN_TTL: '1', REFRESH_TOKEN_TTL: '6' });
  }, HUB_START_TIMEOUT_MS);
  afterAll(() => short.stop());

  it('is 401, and the refresh token then gives a working one', async () => {
    // Each setup call with an admin token of its own: one token lives 1 s, less than the setup on a busy machine.
    const admin = async () =>
      new HttpClient(short.url, (await short.passwordToken(TEST_ADMIN.email, TEST_ADMIN.password)).access_token);
    const app = await short.createApplication('POS', {}, await admin());
    const loc = await short.createLocation(await admin());
    await short.connect(app, loc, undefined, await admin());
    const tokens = await short.applicationToken(app);
    expect(tokens.expires_in).toBe(1);
    expect((await new HttpClient(short.url, tokens.access_token).get(loc.path)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await new HttpClient(short.url, tokens.access_token).get(loc.path);
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    const refreshed = await short.token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(refreshed.status).toBe(200);
    expect((await new HttpClient(short.url, refreshed.body.access_token).get(loc.path)).status).toBe(200);
  });

  it('end a refresh token family at an absolute lifetime, however recently it rotated', async () => {
    // short.admin's own token has expired by now: sign in again.
    const admin = new HttpClient(
      short.url,
      (await short.passwordToken(TEST_ADMIN.email, TEST_ADMIN.password)).access_token,
    );
    const app = await short.createApplication('POS', {}, admin);
    const first = await short.applicationToken(app);
    // Issued at or before this moment (the provider counts whole seconds).
    const familyStart = Date.now();
    const refresh = (token: string) =>
      short.token({
        grant_type: 'refresh_token',
        refresh_token: token,
        client_id: app.clientId,
        client_secret: app.clientSecret,
      });
    const until = (msAfterStart: number) =>
      new Promise((resolve) => setTimeout(resolve, Math.max(0, familyStart + msAfterStart - Date.now())));
    // Times are counted from the family's start, not from the previous step, so a slow call on a busy machine
    // does not shift them: rotate in the family's second half, then ask again a second past its 6 s (the
    // provider's clock has whole seconds), which a sliding lifetime (6 s from the rotation) would still accept.
    await until(3000);
    const rotated = await refresh(first.refresh_token);
    expect(rotated.status).toBe(200);
    const rotatedAt = Date.now();
    expect(rotatedAt - familyStart).toBeLessThan(6000);
    await until(7100);
    expect(Date.now() - rotatedAt).toBeLessThan(5000);
    const late = await refresh(rotated.body.refresh_token);
    expect(late.status).toBe(400);
    expect(late.body.error).toBe('invalid_grant');
  });
});
