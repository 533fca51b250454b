import { HUB_START_TIMEOUT_MS, startTestHub, TEST_ADMIN, TEST_CLIENT, type TestHub } from '../support/test-hub.js';
import { query } from '../support/database.js';

// Access and refresh tokens (and codes) are stored as hashes, never as themselves, so a
// read of oidc_payloads (a backup, a leaked dump) gives nobody a usable token.

let t: TestHub;
beforeAll(async () => {
  t = await startTestHub();
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

it('keeps no access or refresh token in clear in oidc_payloads, and the tokens still work and rotate', async () => {
  const app = await t.createApplication('POS', { scopes: ['applications.read'] });
  const tokens = await t.applicationToken(app);
  const admin = await t.passwordToken(TEST_ADMIN.email, TEST_ADMIN.password);
  const rows = await query<{ id: string; payload: string }>(
    t.db.url,
    `select id, payload::text as payload from oidc_payloads`,
  );
  expect(rows.length).toBeGreaterThan(0);
  for (const secret of [tokens.access_token, tokens.refresh_token, admin.access_token, admin.refresh_token]) {
    expect(rows.filter((row) => row.id === secret || row.payload.includes(secret))).toEqual([]);
  }
  // Still usable: the bearer check, a refresh, and the refreshed token.
  expect((await t.anonymous.withToken(tokens.access_token).get('/v1/applications')).status).toBe(200);
  const refreshed = await t.token({
    grant_type: 'refresh_token',
    refresh_token: tokens.refresh_token,
    client_id: app.clientId,
    client_secret: app.clientSecret,
  });
  expect(refreshed.status).toBe(200);
  expect((await t.anonymous.withToken(refreshed.body.access_token).get('/v1/applications')).status).toBe(200);
  // The used refresh token is spent (its row found by hash), and revocation finds tokens by hash too.
  expect(
    (
      await t.token({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: app.clientId,
        client_secret: app.clientSecret,
      })
    ).body.error,
  ).toBe('invalid_grant');
  const adminClient = t.anonymous.withToken(admin.access_token);
  expect((await adminClient.get('/v1/accounts')).status).toBe(200);
  const revoked = await t.anonymous.post('/oauth2/revoke', undefined, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    raw: new URLSearchParams({
      token: admin.access_token,
      client_id: TEST_CLIENT.clientId,
      client_secret: TEST_CLIENT.clientSecret,
    }).toString(),
  });
  expect(revoked.status).toBe(200);
  expect((await adminClient.get('/v1/accounts')).status).toBe(401);
});
