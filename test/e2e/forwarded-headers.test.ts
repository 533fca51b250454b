import { randomBytes } from 'node:crypto';
import { HUB_START_TIMEOUT_MS, startTestHub, TEST_CLIENT, type TestHub } from '../support/test-hub.js';

// Forwarded headers are trusted only from the proxies TRUST_PROXY names (none by default),
// and the OAuth issuer and endpoints always come from PUBLIC_BASE_URL.

let t: TestHub;
beforeAll(async () => {
  t = await startTestHub({
    HUB_ENV: 'production',
    PUBLIC_BASE_URL: 'https://hub.example',
    ALLOW_PRIVATE_PARTNER_URLS: 'false',
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOGIN_MAX_FAILURES: '3',
    LOGIN_FAILURE_REFILL_SECONDS: '3600',
  });
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

it('prints the discovery document for PUBLIC_BASE_URL whatever X-Forwarded-Host and -Proto say', async () => {
  const res = await t.anonymous.get('/oauth2/.well-known/openid-configuration', {
    headers: {
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
      forwarded: 'host=evil.example;proto=http',
      host: 'evil.example',
    },
  });
  expect(res.status).toBe(200);
  expect(res.body.issuer).toBe('https://hub.example/oauth2');
  const urls = Object.entries(res.body)
    .filter(([key]) => key.endsWith('_endpoint') || key === 'jwks_uri')
    .map(([, value]) => value as string);
  expect(urls.length).toBeGreaterThan(3);
  for (const url of urls) expect(url.startsWith('https://hub.example/oauth2/')).toBe(true);
});

it('takes the client address from the connection, not X-Forwarded-For, when no proxy is trusted', async () => {
  const user = await t.createUser('merchant');
  // An attacker who writes a new X-Forwarded-For on every guess still guesses from one address.
  const guess = (password: string, source: string) =>
    t.anonymous.post('/oauth2/token', undefined, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': source },
      raw: new URLSearchParams({
        grant_type: 'password',
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
        username: user.email,
        password,
      }).toString(),
    });
  for (const [i, source] of ['203.0.113.1', '203.0.113.2', '203.0.113.3'].entries())
    expect((await guess(`wrong-${i}`, source)).status).toBe(400);
  expect((await guess(user.password, '203.0.113.4')).status).toBe(429);
});
