import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { ADMIN_JS, runToExit, startChildHub, type ChildHub } from '../support/child-hub.js';
import type { HttpClient } from '../support/http.js';
import { describeOnServer } from '../support/on-server.js';
import { liveClient, type LiveClient } from '../support/subscriber.js';
import { adminTokenAt, TEST_CLIENT, testEnv } from '../support/test-hub.js';
import { uiGraphql, uiSignIn } from '../support/ui-session.js';

// A subscription socket ends with its session or token at once, not at its next event, and in every hub
// process: two hubs as real processes on one database, the socket on one, the sign-out, deactivation or
// password reset through the other (or the admin command, a third process). No event happens meanwhile.

const STORE_STATUS = `subscription ($accountId: ID!, $locationId: ID!) {
  storeStatusChanged(accountId: $accountId, locationId: $locationId) { kind storeStatus { storeStatus } } }`;

/** Resolves with the close code once the socket closes. */
function closeOf(live: LiveClient): Promise<number> {
  return new Promise((resolve) => live.client.on('closed', (event) => resolve((event as { code: number }).code)));
}

/** The close code, or 'open' if the socket is still open after `ms`. */
async function within(closing: Promise<number>, ms: number): Promise<number | 'open'> {
  let timer: NodeJS.Timeout | undefined;
  const open = new Promise<'open'>((resolve) => (timer = setTimeout(() => resolve('open'), ms)));
  try {
    return await Promise.race([closing, open]);
  } finally {
    clearTimeout(timer);
  }
}

describeOnServer('subscription sockets end with their session, across hub processes', () => {
  let db: TestDatabase;
  let a: ChildHub;
  let b: ChildHub;
  let adminA: HttpClient;
  let loc: { accountId: string; locationId: string };
  const clients: LiveClient[] = [];

  const ok = <T>(res: { status: number; text: string; body: T }, what: string): T => {
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res.body;
  };

  async function merchant(): Promise<{ id: string; email: string; password: string }> {
    const email = `merchant-${Date.now()}-${Math.random().toString(36).slice(2)}@test.example`;
    const password = 'merchant-password-123456';
    const body = ok(
      await adminA.post('/v1/users', { email, password, role: 'merchant', accountIds: [loc.accountId] }),
      'merchant',
    ) as { data: { id: string } };
    return { id: body.data.id, email, password };
  }

  async function passwordToken(hub: ChildHub, email: string, password: string): Promise<string> {
    const res = await fetch(`${hub.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: email,
        password,
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
      }),
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }

  /** A socket on `hub` with one live subscription in place. */
  async function watching(hub: ChildHub, token: string | null, headers: Record<string, string> = {}) {
    const live = liveClient(hub.url, token, headers);
    clients.push(live);
    const closing = closeOf(live);
    await live.connected;
    const subscription = live.subscribe(STORE_STATUS, loc);
    await subscription.waitFor((d) => d.storeStatusChanged.kind === 'RESYNC');
    return { live, closing, subscription };
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    // One after the other: the first migrates the database.
    a = await startChildHub(testEnv(db.url));
    b = await startChildHub(testEnv(db.url));
    adminA = a.client(await adminTokenAt(a.url));
    const accountId = ok(await adminA.post('/v1/accounts', { name: 'Sign-out group' }), 'account').data.id;
    const locationId = ok(await adminA.post(`/v1/accounts/${accountId}/locations`, { name: 'Sign-out' }), 'location')
      .data.id;
    loc = { accountId, locationId };
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    for (const hub of [a, b]) {
      if (hub && hub.process.exitCode === null) {
        hub.process.kill('SIGTERM');
        await hub.exited;
      }
    }
    await db?.drop();
  }, 60_000);

  it('closes the socket of a session signed out on another process at once, and leaves the same user’s other session open', async () => {
    const user = await merchant();
    const signedOut = await uiSignIn(a.url, user.email, user.password);
    const staying = await uiSignIn(a.url, user.email, user.password);
    const ending = await watching(b, null, { cookie: signedOut.cookie, origin: new URL(b.url).origin });
    const other = await watching(b, null, { cookie: staying.cookie, origin: new URL(b.url).origin });

    const out = await uiGraphql(a.url, 'mutation { signOut }', { cookie: signedOut.cookie });
    expect(out.body.errors).toBeUndefined();
    expect(await within(ending.closing, 5000)).toBe(4403);
    // The other browser's session goes on: still open, and its subscription still told what changes.
    expect(await within(other.closing, 200)).toBe('open');
    ok(
      await adminA.put(`/v1/accounts/${loc.accountId}/locations/${loc.locationId}/store-status`, {
        storeStatus: 'OFFLINE',
      }),
      'close store',
    );
    await other.subscription.waitFor(
      (d) => d.storeStatusChanged.storeStatus?.storeStatus === 'OFFLINE',
      5000,
      'OFFLINE',
    );
    ok(
      await adminA.put(`/v1/accounts/${loc.accountId}/locations/${loc.locationId}/store-status`, {
        storeStatus: 'ONLINE',
      }),
      'open store',
    );
  });

  it('closes the sockets of a deactivated user on another process at once, bearer and session alike', async () => {
    const user = await merchant();
    const session = await uiSignIn(a.url, user.email, user.password);
    const bySession = await watching(b, null, { cookie: session.cookie, origin: new URL(b.url).origin });
    const byToken = await watching(b, await passwordToken(a, user.email, user.password));

    ok(await adminA.post(`/v1/users/${user.id}/deactivate`, {}), 'deactivate');
    expect(await within(bySession.closing, 5000)).toBe(4403);
    expect(await within(byToken.closing, 5000)).toBe(4403);
  });

  it('closes the sockets of a user whose password the admin command reset, in every hub process', async () => {
    const user = await merchant();
    const onA = await watching(a, await passwordToken(a, user.email, user.password));
    const onB = await watching(b, await passwordToken(b, user.email, user.password));

    const reset = await runToExit(ADMIN_JS, ['reset-password', user.email], testEnv(db.url));
    expect(reset.code).toBe(0);
    expect(await within(onA.closing, 5000)).toBe(4403);
    expect(await within(onB.closing, 5000)).toBe(4403);
  });
});
