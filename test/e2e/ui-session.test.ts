import { secretBox } from '../../src/common/crypto.js';
import { TokenEndpointError, UiTokenClient, type TokenSet } from '../../src/auth/session/token-endpoint.js';
import { UiSessions } from '../../src/auth/session/ui-sessions.js';
import { HUB_START_TIMEOUT_MS, startTestHub, TEST_ADMIN, type TestHub } from '../support/test-hub.js';
import { describeOnServer } from '../support/on-server.js';
import { uiGraphql, uiSignIn } from '../support/ui-session.js';

// The web UI's backend-for-frontend session (docs/contract.md "Web UI"): a cookie in the browser, the tokens in
// PostgreSQL, the same principal as a bearer token, refused cross-site, ended by sign-out, idleness, age or
// a failed refresh.

const VIEWER = '{ viewer { email role permissions { manageApplications manageUsers creatableRoles provision } } }';

interface SessionRow {
  access_token_sealed: string;
  refresh_token_sealed: string;
}

async function sessionRows(hub: TestHub): Promise<SessionRow[]> {
  return hub.hub.orm.em
    .fork()
    .getConnection()
    .execute<SessionRow[]>('select access_token_sealed, refresh_token_sealed from ui_sessions order by created_at');
}

describe('web UI session', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub();
  }, HUB_START_TIMEOUT_MS);
  afterAll(() => hub?.stop());

  it('signs in with one httpOnly SameSite=Lax cookie and keeps the tokens sealed server-side', async () => {
    const before = (await sessionRows(hub)).length;
    const { setCookie, body } = await uiSignIn(hub.url, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(body.data.signIn).toMatchObject({ email: TEST_ADMIN.email, role: 'admin' });
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    // HUB_ENV=development: plain http, so not Secure (it is everywhere else).
    expect(setCookie).not.toMatch(/; Secure/);
    const rows = await sessionRows(hub);
    expect(rows).toHaveLength(before + 1);
    const row = rows[rows.length - 1];
    expect(row.access_token_sealed).toMatch(/^v1\./);
    const access = secretBox().open(row.access_token_sealed);
    expect(JSON.stringify(body)).not.toContain(access);
    expect(setCookie).not.toContain(access);
  });

  it('the cookie stands for the same principal as a bearer token, with its permissions from the server', async () => {
    const { cookie } = await uiSignIn(hub.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const viewer = await uiGraphql(hub.url, VIEWER, { cookie });
    expect(viewer.body.data.viewer).toEqual({
      email: TEST_ADMIN.email,
      role: 'admin',
      permissions: {
        manageApplications: true,
        manageUsers: true,
        creatableRoles: ['admin', 'reseller', 'merchant'],
        provision: true,
      },
    });
    const merchant = await hub.createUser('merchant', [(await hub.createLocation()).accountId]);
    const asMerchant = await uiSignIn(hub.url, merchant.email, merchant.password);
    const merchantViewer = await uiGraphql(hub.url, VIEWER, { cookie: asMerchant.cookie });
    expect(merchantViewer.body.data.viewer).toEqual({
      email: merchant.email,
      role: 'merchant',
      permissions: { manageApplications: false, manageUsers: false, creatableRoles: [], provision: false },
    });
    const accounts = await uiGraphql(hub.url, '{ accounts { data { id } } }', { cookie: asMerchant.cookie });
    expect(accounts.body.data.accounts.data).toHaveLength(1);
  });

  it('signing in over a live session answers as the new user, and every field after it runs as that user', async () => {
    const first = await hub.createUser('reseller');
    const second = await hub.createUser('reseller');
    const before = await uiSignIn(hub.url, first.email, first.password);
    // The second reseller signs in from the browser where the first one's session is still live, and the
    // same request creates an account: the second reseller's, which it alone (of the two) reaches.
    const res = await uiGraphql(
      hub.url,
      `mutation($e: String!, $p: String!) {
        signIn(email: $e, password: $p) { id email role }
        createAccount(input: { name: "Made right after signing in" }) { id }
      }`,
      { cookie: before.cookie, variables: { e: second.email, p: second.password } },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.signIn).toEqual({ id: second.id, email: second.email, role: 'reseller' });
    const after = res.setCookies.find((c) => c.startsWith('order_hub_session='))!.split(';')[0];
    expect((await uiGraphql(hub.url, VIEWER, { cookie: after })).body.data.viewer.email).toBe(second.email);
    const theirs = await uiGraphql(hub.url, '{ accounts(limit: 200) { data { id } } }', { cookie: after });
    expect(theirs.body.data.accounts.data).toEqual([{ id: res.body.data.createAccount.id }]);
    // The first reseller's session ended with the new sign-in; the account is not the first reseller's.
    expect((await uiGraphql(hub.url, '{ viewer { id } }', { cookie: before.cookie })).body.data.viewer).toBeNull();
    const firstAgain = await uiSignIn(hub.url, first.email, first.password);
    const firsts = await uiGraphql(hub.url, '{ accounts(limit: 200) { data { id } } }', { cookie: firstAgain.cookie });
    expect(firsts.body.data.accounts.data).toEqual([]);
  });

  it('says "Wrong e-mail, username or password." and sets no cookie for bad credentials', async () => {
    const res = await uiGraphql(hub.url, 'mutation { signIn(email: "admin@test.example", password: "nope") { id } }');
    expect(res.body.errors[0]).toMatchObject({
      message: 'Wrong e-mail, username or password.',
      extensions: { code: 'unauthorized' },
    });
    expect(res.setCookies.filter((c) => !/order_hub_session=;/.test(c))).toEqual([]);
  });

  it('before sign-in only viewer (null) and signIn answer; everything else is unauthorized', async () => {
    expect((await uiGraphql(hub.url, '{ viewer { id } }')).body).toEqual({ data: { viewer: null } });
    const accounts = await uiGraphql(hub.url, '{ accounts { data { id } } }');
    expect(accounts.body.errors[0].extensions.code).toBe('unauthorized');
    expect(accounts.body.data).toBeNull();
    // Without the UI's header nothing changes for scripts: a bearer token is required.
    expect((await uiGraphql(hub.url, '{ viewer { id } }', { uiHeader: false, origin: null })).status).toBe(401);
  });

  it('refuses the cookie without the UI header or from another origin (CSRF)', async () => {
    const { cookie } = await uiSignIn(hub.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const mutation = 'mutation { createAccount(input: { name: "cross-site" }) { id } }';
    const noHeader = await uiGraphql(hub.url, mutation, { cookie, uiHeader: false });
    expect(noHeader.status).toBe(401);
    const otherOrigin = await uiGraphql(hub.url, mutation, { cookie, origin: 'http://evil.example' });
    expect(otherOrigin.status).toBe(401);
    expect(otherOrigin.body.errors[0].message).toMatch(/cross-site requests are refused/);
    const noOrigin = await uiGraphql(hub.url, mutation, { cookie, origin: null });
    expect(noOrigin.status).toBe(401);
    const accounts = await hub.admin.get('/v1/accounts?limit=200');
    expect(accounts.body.data.map((a: { name: string }) => a.name)).not.toContain('cross-site');
  });

  it('sign-out revokes both tokens and the old cookie gets nothing', async () => {
    const { cookie } = await uiSignIn(hub.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const row = (await sessionRows(hub)).at(-1)!;
    const access = secretBox().open(row.access_token_sealed);
    const refresh = secretBox().open(row.refresh_token_sealed);
    const out = await uiGraphql(hub.url, 'mutation { signOut }', { cookie });
    expect(out.body.data.signOut).toBe(true);
    expect(out.setCookies.some((c) => /^order_hub_session=;/.test(c))).toBe(true);
    expect((await uiGraphql(hub.url, '{ viewer { id } }', { cookie })).body.data.viewer).toBeNull();
    expect((await uiGraphql(hub.url, '{ accounts { data { id } } }', { cookie })).body.errors[0].extensions.code).toBe(
      'unauthorized',
    );
    expect((await hub.anonymous.get('/v1/accounts', { token: access })).status).toBe(401);
    const reuse = await hub.token(
      { grant_type: 'refresh_token', refresh_token: refresh },
      {
        basic: {
          clientId: 'order-hub-web-ui',
          clientSecret: secretBox().derive('web-ui-client-secret').toString('base64url'),
        },
      },
    );
    expect(reuse.status).toBe(400);
  });

  it('an idle session and a session past its absolute lifetime end', async () => {
    const idle = await uiSignIn(hub.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const old = await uiSignIn(hub.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const connection = hub.hub.orm.em.fork().getConnection();
    const rows = await connection.execute<{ id: string }[]>(
      'select id from ui_sessions order by created_at desc limit 2',
    );
    await connection.execute("update ui_sessions set idle_expires_at = now() - interval '1 second' where id = ?", [
      rows[1].id,
    ]);
    await connection.execute("update ui_sessions set absolute_expires_at = now() - interval '1 second' where id = ?", [
      rows[0].id,
    ]);
    expect((await uiGraphql(hub.url, '{ viewer { id } }', { cookie: idle.cookie })).body.data.viewer).toBeNull();
    expect((await uiGraphql(hub.url, '{ viewer { id } }', { cookie: old.cookie })).body.data.viewer).toBeNull();
    const left = await connection.execute<{ n: string }[]>('select count(*) as n from ui_sessions where id in (?, ?)', [
      rows[0].id,
      rows[1].id,
    ]);
    expect(Number(left[0].n)).toBe(0);
  });
});

// The margin is longer than an access token lives: every request of the session refreshes first.
const REFRESH_EVERY_TIME = { ACCESS_TOKEN_TTL: '600', UI_SESSION_REFRESH_MARGIN_SECONDS: '3600' };

// On the embedded database too, which serves one transaction at a time: a refresh that held its row lock over
// the call to the token endpoint waited there forever for the endpoint's own queries.
describe.each([
  ['the configured database', {}],
  ['the embedded database', { embedded: true }],
])('web UI session refresh on %s', (_name, where) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub(REFRESH_EVERY_TIME, {}, where);
  }, 120_000);
  afterAll(() => hub?.stop());

  it('refreshes before expiry, one refresh at a time, and the session goes on', async () => {
    const { cookie } = await uiSignIn(hub.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const first = (await sessionRows(hub)).at(-1)!.access_token_sealed;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => uiGraphql(hub.url, '{ viewer { email } }', { cookie })),
    );
    // Concurrent refreshes with one rotating refresh token would revoke the grant: they share one refresh.
    for (const answer of answers) expect(answer.body.data.viewer.email).toBe(TEST_ADMIN.email);
    const after = (await sessionRows(hub)).at(-1)!.access_token_sealed;
    expect(after).not.toBe(first);
    expect((await uiGraphql(hub.url, '{ viewer { email } }', { cookie })).body.data.viewer.email).toBe(
      TEST_ADMIN.email,
    );
  });

  it('keeps the session when the token endpoint says "not now" (503), and answers that 503', async () => {
    const { cookie } = await uiSignIn(hub.url, TEST_ADMIN.email, TEST_ADMIN.password);
    // The hub's own token endpoint answered 503: the database was unreachable for it, or admission control
    // refused the call while the hub was overloaded (in problem+json, before the provider).
    for (const [error, code] of [
      ['database_unavailable', 'database_unavailable'],
      ['overloaded', 'overloaded'],
    ]) {
      class NotNow extends UiTokenClient {
        override refresh(): Promise<TokenSet> {
          return Promise.reject(new TokenEndpointError(503, error, 'try again shortly', 2));
        }
      }
      const sessions = new UiSessions(
        hub.hub.orm,
        secretBox(),
        new NotNow('http://127.0.0.1:9/oauth2', { clientId: 'unused', clientSecret: 'unused' }),
        { authenticate: async () => null },
        hub.hub.config.uiSession,
      );
      await expect(sessions.authenticate(cookie.split('=')[1])).rejects.toMatchObject({ code, retryAfterSeconds: 2 });
    }
    // The session is still there, and goes on once the endpoint answers.
    expect((await uiGraphql(hub.url, '{ viewer { email } }', { cookie })).body.data.viewer.email).toBe(
      TEST_ADMIN.email,
    );
  });

  it('a failed refresh ends the session', async () => {
    const { cookie } = await uiSignIn(hub.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const row = (await sessionRows(hub)).at(-1)!;
    const basic = {
      clientId: 'order-hub-web-ui',
      clientSecret: secretBox().derive('web-ui-client-secret').toString('base64url'),
    };
    // Revoked behind the session's back (RFC 7009): the next refresh fails.
    const revoked = await hub.anonymous.post('/oauth2/revoke', undefined, {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${basic.clientId}:${basic.clientSecret}`).toString('base64')}`,
      },
      raw: new URLSearchParams({
        token: secretBox().open(row.refresh_token_sealed),
        token_type_hint: 'refresh_token',
      }).toString(),
    });
    expect(revoked.status).toBe(200);
    expect((await uiGraphql(hub.url, '{ viewer { email } }', { cookie })).body.data.viewer).toBeNull();
  });
});

describeOnServer('web UI session refresh across hub processes', () => {
  let first: TestHub;
  let second: TestHub;
  beforeAll(async () => {
    first = await startTestHub(REFRESH_EVERY_TIME);
    second = await startTestHub(REFRESH_EVERY_TIME, {}, { url: first.db.url });
  }, HUB_START_TIMEOUT_MS);
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it('with the access token expired, requests to two processes at once wait for one refresh and the grant survives', async () => {
    const { cookie } = await uiSignIn(first.url, TEST_ADMIN.email, TEST_ADMIN.password);
    const connection = first.hub.orm.em.fork().getConnection();
    const [session] = await connection.execute<{ id: string; version: number }[]>(
      'select id, version from ui_sessions order by created_at desc limit 1',
    );
    // Expired as far as the session knows: nobody may go on with the old access token, everybody needs the new one.
    await connection.execute("update ui_sessions set access_expires_at = now() - interval '1 second' where id = ?", [
      session.id,
    ]);
    const answers = await Promise.all(
      [first, second, first, second, first, second].map((hub) =>
        uiGraphql(hub.url, '{ viewer { email } }', { cookie }),
      ),
    );
    for (const answer of answers) expect(answer.body.data.viewer?.email).toBe(TEST_ADMIN.email);
    // One claim and one refresh per process at most, each from the version its claimer read; had two used the
    // same refresh token, oidc-provider would have revoked the grant and the next refresh would fail.
    const [after] = await connection.execute<{ version: number }[]>('select version from ui_sessions where id = ?', [
      session.id,
    ]);
    expect(after.version - session.version).toBeGreaterThanOrEqual(2);
    expect(after.version - session.version).toBeLessThanOrEqual(4);
    for (const hub of [second, first])
      expect((await uiGraphql(hub.url, '{ viewer { email } }', { cookie })).body.data.viewer?.email).toBe(
        TEST_ADMIN.email,
      );
  });
});

describe('web UI session outside development', () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub({ HUB_ENV: 'staging' });
  }, HUB_START_TIMEOUT_MS);
  afterAll(() => hub?.stop());

  it('sets the cookie Secure, with the __Host- prefix that binds it to this origin, and takes it back by that name', async () => {
    const signIn = await uiGraphql(
      hub.url,
      'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { email } }',
      { variables: { e: TEST_ADMIN.email, p: TEST_ADMIN.password } },
    );
    expect(signIn.body.data.signIn.email).toBe(TEST_ADMIN.email);
    expect(signIn.setCookies).toHaveLength(1);
    const [setCookie] = signIn.setCookies;
    expect(setCookie).toMatch(/^__Host-order_hub_session=[^;]+;/);
    for (const flag of ['; Secure', '; HttpOnly', '; SameSite=Lax', '; Path=/']) expect(setCookie).toContain(flag);
    expect(setCookie).not.toMatch(/; Domain=/i);
    const cookie = setCookie.split(';')[0];
    expect((await uiGraphql(hub.url, '{ viewer { email } }', { cookie })).body.data.viewer.email).toBe(
      TEST_ADMIN.email,
    );
    // The same value under the unprefixed name (as a sibling domain or plain http could set it) is not taken.
    expect(
      (await uiGraphql(hub.url, '{ viewer { email } }', { cookie: cookie.replace('__Host-', '') })).body.data.viewer,
    ).toBeNull();
  });
});
