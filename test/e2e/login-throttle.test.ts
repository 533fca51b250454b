import { Browser, formAction, hiddenField } from '../support/browser.js';
import { startTestHub, TEST_CLIENT, type TestApplication, type TestHub, type TestUser } from '../support/test-hub.js';

// Password guessing (src/auth/login-attempts.ts): failed logins by the password grant and on the login page
// count together per e-mail; once they are used up, every attempt for that e-mail, right or wrong, is a 429
// with Retry-After until one comes back; a successful login starts the count again. One attempt comes back
// per hour here, so no refill happens during the test however slow the machine.

const CALLBACK = 'http://127.0.0.1:9/callback';

let t: TestHub;
let app: TestApplication;

beforeAll(async () => {
  t = await startTestHub({ LOGIN_MAX_FAILURES: '3', LOGIN_FAILURE_REFILL_SECONDS: '3600' });
  app = await t.createApplication('MARKETPLACE', { redirectUris: [CALLBACK] });
});
afterAll(() => t.stop());

const grant = (username: string, password: string) =>
  t.token({ grant_type: 'password', client_id: TEST_CLIENT.clientId, client_secret: TEST_CLIENT.clientSecret, username, password });

/** The hub's login page for an authorization request of the marketplace application. */
async function loginPage(): Promise<{ browser: Browser; html: string }> {
  const browser = new Browser(t.url);
  const discovery = (await (await fetch(`${t.hub.config.publicBaseUrl}/oauth2/.well-known/openid-configuration`)).json()) as { authorization_endpoint: string };
  const authorize = new URL(discovery.authorization_endpoint);
  authorize.search = new URLSearchParams({ response_type: 'code', client_id: app.clientId, redirect_uri: CALLBACK, state: 'state-0123456789' }).toString();
  const page = await browser.follow(await browser.get(authorize.toString()));
  expect(page.html).toContain('Sign in to Order Hub');
  return { browser, html: page.html };
}

async function signIn(user: Pick<TestUser, 'email'>, password: string) {
  const { browser, html } = await loginPage();
  return browser.post(formAction(html, '/login'), { csrf: hiddenField(html, 'csrf'), email: user.email, password });
}

it('refuses every attempt for the e-mail once its failures are used up, the right password too, with 429 and Retry-After', async () => {
  const user = await t.createUser('merchant');
  const other = await t.createUser('merchant');
  // Failures by both ways count together; the e-mail's case does not matter.
  expect((await grant(user.email, 'wrong-1')).body.error).toBe('invalid_grant');
  expect((await signIn(user, 'wrong-2')).status).toBe(401);
  expect((await grant(user.email.toUpperCase(), 'wrong-3')).body.error).toBe('invalid_grant');

  const refused = await grant(user.email, user.password);
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({ error: 'rate_limited' });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
  const page = await signIn(user, user.password);
  expect(page.status).toBe(429);
  expect(page.html).toMatch(/Too many failed attempts for this account\. Try again in \d+ seconds\./);
  expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(3000);

  // Another account is not held up.
  expect((await grant(other.email, other.password)).status).toBe(200);
});

it('counts unknown e-mails like known ones, and starts again after a successful login', async () => {
  for (const attempt of ['a', 'b', 'c']) expect((await grant('nobody@test.example', attempt)).status).toBe(400);
  expect((await grant('nobody@test.example', 'd')).status).toBe(429);

  const user = await t.createUser('merchant');
  expect((await grant(user.email, 'wrong-1')).status).toBe(400);
  expect((await grant(user.email, 'wrong-2')).status).toBe(400);
  expect((await signIn(user, user.password)).status).toBe(303);
  // Three failures allowed again, not one.
  for (const attempt of ['wrong-3', 'wrong-4', 'wrong-5']) expect((await grant(user.email, attempt)).status).toBe(400);
  expect((await grant(user.email, user.password)).status).toBe(429);
});
