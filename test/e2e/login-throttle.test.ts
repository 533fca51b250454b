import { Browser, formAction, hiddenField } from '../support/browser.js';
import {
  HUB_START_TIMEOUT_MS,
  startTestHub,
  TEST_CLIENT,
  type TestApplication,
  type TestHub,
  type TestUser,
} from '../support/test-hub.js';
import { uiGraphql } from '../support/ui-session.js';

// Password guessing (src/auth/login-attempts.ts): failed logins by the password grant and on the login page
// count together per e-mail AND source address; once a pair has used them up, its attempts, right or wrong,
// are a 429 with Retry-After, while the real user from another address still signs in (the e-mail's own count
// only slows attempts down). Client authentication at the token endpoint is throttled per address too.
// Windows are hours here, so nothing refills during the test however slow the machine. The hub trusts the
// loopback proxy, so X-Forwarded-For gives each request its source address.

const CALLBACK = 'http://127.0.0.1:9/callback';

let t: TestHub;
let app: TestApplication;

beforeAll(async () => {
  t = await startTestHub({
    LOGIN_MAX_FAILURES: '3',
    LOGIN_FAILURE_REFILL_SECONDS: '3600',
    LOGIN_SLOWDOWN_MS: '1',
    TRUST_PROXY: 'loopback',
    CLIENT_AUTH_MAX_FAILURES: '5',
    CLIENT_AUTH_WINDOW_SECONDS: '3600',
  });
  app = await t.createApplication('MARKETPLACE', { redirectUris: [CALLBACK] });
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

/** A token request from `source` (the login page's requests come from the loopback address itself). */
const tokenFrom = (source: string | undefined, params: Record<string, string>) =>
  t.anonymous.post('/oauth2/token', undefined, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(source ? { 'x-forwarded-for': source } : {}) },
    raw: new URLSearchParams(params).toString(),
  });
const grant = (username: string, password: string, source?: string) =>
  tokenFrom(source, {
    grant_type: 'password',
    client_id: TEST_CLIENT.clientId,
    client_secret: TEST_CLIENT.clientSecret,
    username,
    password,
  });

/** The hub's login page for an authorization request of the marketplace application. */
async function loginPage(): Promise<{ browser: Browser; html: string }> {
  const browser = new Browser(t.url);
  const discovery = (await (
    await fetch(`${t.hub.config.publicBaseUrl}/oauth2/.well-known/openid-configuration`)
  ).json()) as { authorization_endpoint: string };
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: CALLBACK,
    state: 'state-0123456789',
  }).toString();
  const page = await browser.follow(await browser.get(authorize.toString()));
  expect(page.html).toContain('Sign in to Order Hub');
  return { browser, html: page.html };
}

async function signIn(user: Pick<TestUser, 'email'>, password: string) {
  const { browser, html } = await loginPage();
  return browser.post(formAction(html, '/login'), { csrf: hiddenField(html, 'csrf'), email: user.email, password });
}

it('refuses the e-mail from an address that used up its failures, the right password too, but not the user elsewhere', async () => {
  const user = await t.createUser('merchant');
  const attacker = '203.0.113.5';
  // The attacker's failures, by both ways in (the login page from loopback counts as its own address).
  for (const attempt of ['wrong-1', 'wrong-2'])
    expect((await grant(user.email, attempt, attacker)).body.error).toBe('invalid_grant');
  expect((await grant(user.email.toUpperCase(), 'wrong-3', attacker)).body.error).toBe('invalid_grant');

  const refused = await grant(user.email, user.password, attacker);
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ error: 'rate_limited' });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);

  // The real user, from their own addresses, is slowed at most, never refused: today's main answered 429 here.
  expect((await grant(user.email, user.password, '198.51.100.7')).status).toBe(200);
  // ... and that success started the e-mail's count again; the attacker's pair is still refused.
  expect((await grant(user.email, user.password, attacker)).status).toBe(429);
  expect((await signIn(user, user.password)).status).toBe(303);
});

it('counts the login page and the password grant together for one address', async () => {
  const user = await t.createUser('merchant');
  expect((await signIn(user, 'wrong-1')).status).toBe(401);
  expect((await signIn(user, 'wrong-2')).status).toBe(401);
  expect((await grant(user.email, 'wrong-3')).status).toBe(400);
  const page = await signIn(user, user.password);
  expect(page.status).toBe(429);
  expect(page.html).toMatch(/Too many failed attempts for this account from here\. Try again in \d+ seconds\./);
  expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(3000);
  expect((await grant(user.email, user.password)).status).toBe(429);
  expect((await grant(user.email, user.password, '198.51.100.8')).status).toBe(200);
});

it('counts unknown e-mails like known ones, and starts again after a successful login', async () => {
  for (const attempt of ['a', 'b', 'c'])
    expect((await grant('nobody@test.example', attempt, '203.0.113.9')).status).toBe(400);
  expect((await grant('nobody@test.example', 'd', '203.0.113.9')).status).toBe(429);

  const user = await t.createUser('merchant');
  const source = '203.0.113.10';
  expect((await grant(user.email, 'wrong-1', source)).status).toBe(400);
  expect((await grant(user.email, 'wrong-2', source)).status).toBe(400);
  expect((await grant(user.email, user.password, source)).status).toBe(200);
  // Three failures allowed again, not one.
  for (const attempt of ['wrong-3', 'wrong-4', 'wrong-5'])
    expect((await grant(user.email, attempt, source)).status).toBe(400);
  expect((await grant(user.email, user.password, source)).status).toBe(429);
});

it('throttles client authentication at the token endpoint per address, without locking the client out elsewhere', async () => {
  const attacker = '203.0.113.20';
  const guess = (secret: string, source: string) =>
    tokenFrom(source, { grant_type: 'client_credentials', client_id: app.clientId, client_secret: secret });
  // Today's main answered 500 wrong secrets in a row; here the sixth request from that address is refused unread.
  const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => guess(`wrong-secret-${i}`, attacker)));
  expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
  const refused = await guess(app.clientSecret, attacker);
  expect(refused.status).toBe(429);
  expect(refused.body.error).toBe('rate_limited');
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  const many = await Promise.all(Array.from({ length: 50 }, (_, i) => guess(`more-${i}`, attacker)));
  expect(new Set(many.map((a) => a.status))).toEqual(new Set([429]));
  // The application itself, from its own address, is not held up.
  expect((await guess(app.clientSecret, '198.51.100.20')).status).toBe(200);
});

it("counts the web UI's sign-in failures against the browser's address, not the hub's own loopback call", async () => {
  const user = await t.createUser('merchant');
  const signInVia = (password: string, browserAddress: string) =>
    uiGraphql(t.url, 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { email } }', {
      variables: { e: user.email, p: password },
      forwardedFor: browserAddress,
    });
  const attacker = '203.0.113.77';
  for (const attempt of ['wrong-1', 'wrong-2', 'wrong-3'])
    expect((await signInVia(attempt, attacker)).body.errors[0].extensions.code).toBe('unauthorized');
  // That browser has used its failures: refused, the right password too.
  const refused = await signInVia(user.password, attacker);
  expect(refused.body.errors[0].extensions.code).toBe('rate_limited');
  // The user's own browser elsewhere signs in (the UI's call to the token endpoint used to come from 127.0.0.1
  // for every browser, so the attacker's failures locked the user out of the UI too).
  expect((await signInVia(user.password, '198.51.100.77')).body.data.signIn).toEqual({ email: user.email });
  // The token endpoint saw the attacker's address: a password grant from it is refused as well.
  expect((await grant(user.email, user.password, attacker)).status).toBe(429);
});

it("ignores a client address header that does not carry this process's own secret", async () => {
  const user = await t.createUser('merchant');
  const forged = (password: string) =>
    t.anonymous.post('/oauth2/token', undefined, {
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': '192.0.2.10',
        'x-order-hub-internal-caller': '00'.repeat(32),
        'x-order-hub-client-address': `192.0.2.${Math.floor(Math.random() * 200) + 20}`,
      },
      raw: new URLSearchParams({
        grant_type: 'password',
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
        username: user.email,
        password,
      }).toString(),
    });
  for (const attempt of ['wrong-1', 'wrong-2', 'wrong-3'])
    expect((await forged(attempt)).body.error).toBe('invalid_grant');
  // Each forged request named another address, but all were counted against the real one (192.0.2.10).
  expect((await forged(user.password)).status).toBe(429);
});
