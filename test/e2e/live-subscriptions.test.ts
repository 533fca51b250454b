import { performance } from 'node:perf_hooks';
import { createTestDatabase, query, type TestDatabase } from '../support/database.js';
import { FakePartner } from '../support/fake-partner.js';
import { startChildHub, type ChildHub } from '../support/child-hub.js';
import { HttpClient } from '../support/http.js';
import { describeOnServer } from '../support/on-server.js';
import { liveClient, type LiveClient } from '../support/subscriber.js';
import { adminTokenAt, TEST_CLIENT, testEnv } from '../support/test-hub.js';

// Live updates across hub processes: two hubs as real processes on one PostgreSQL database, a real
// graphql-ws client on a WebSocket to process A, changes made through process B over REST. What B commits
// reaches A through PostgreSQL NOTIFY (src/live) and is pushed to the subscriber. Needs a PostgreSQL server:
// the embedded PGlite hosts one process only.

const ORDER_BOARD = `subscription Board($accountId: ID!, $locationId: ID!) {
  orderBoard(accountId: $accountId, locationId: $locationId) { kind order { id status externalId statusHistory { status by } } }
}`;
const MENU = `subscription Menu($accountId: ID!, $locationId: ID!, $menuId: ID!) {
  menuChanged(accountId: $accountId, locationId: $locationId, menuId: $menuId) { kind menu { id items { posReference price show_online } } }
}`;
const DELIVERY_LOG = `subscription Log($accountId: ID!, $locationId: ID!) {
  locationDeliveryChanged(accountId: $accountId, locationId: $locationId) { kind delivery { id eventType status attemptCount attempts { httpStatus } } }
}`;

describeOnServer('live updates across two hub processes on one database', () => {
  let db: TestDatabase;
  let partner: FakePartner;
  let a: ChildHub;
  let b: ChildHub;
  let adminA: HttpClient;
  let adminB: HttpClient;
  let adminToken: string;
  let loc: { accountId: string; locationId: string; path: string };
  let marketB: HttpClient;
  const clients: LiveClient[] = [];

  const ok = <T>(res: { status: number; text: string; body: T }, what: string): T => {
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res.body;
  };

  async function location(admin: HttpClient, name: string) {
    const accountId = ok(await admin.post('/v1/accounts', { name: `${name} group` }), 'account').data.id;
    const locationId = ok(await admin.post(`/v1/accounts/${accountId}/locations`, { name }), 'location').data.id;
    return { accountId, locationId, path: `/v1/accounts/${accountId}/locations/${locationId}` };
  }

  async function application(kind: 'POS' | 'MARKETPLACE') {
    const urls =
      kind === 'POS'
        ? { catalogPullUrl: partner.urlFor('/catalog') }
        : { menuPublicationUrl: partner.urlFor('/menus'), storeStatusUrl: partner.urlFor('/store') };
    const body = {
      kind,
      name: `${kind} ${Math.random().toString(36).slice(2)}`,
      redirectUris: ['http://127.0.0.1:9/cb'],
      webhookUrl: partner.urlFor(`/${kind.toLowerCase()}`),
      ...urls,
    };
    return ok(await adminA.post('/v1/applications', body), 'application').data;
  }

  async function passwordToken(hubUrl: string, email: string, password: string): Promise<string> {
    const res = await fetch(`${hubUrl}/oauth2/token`, {
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

  function connect(hub: ChildHub, token: string | null): LiveClient {
    const client = liveClient(hub.url, token);
    clients.push(client);
    return client;
  }

  const order = (externalId: string) => ({
    externalId,
    fulfillmentType: 'PICKUP',
    items: [{ name: 'Soup', quantity: 1, price: 650 }],
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    partner = await FakePartner.start();
    // One after the other: the first migrates the database.
    a = await startChildHub(testEnv(db.url));
    b = await startChildHub(testEnv(db.url));
    adminToken = await adminTokenAt(a.url);
    adminA = a.client(adminToken);
    adminB = b.client(adminToken);
    loc = await location(adminA, 'Live Kitchen');
    const pos = await application('POS');
    const market = await application('MARKETPLACE');
    ok(await adminA.post(`${loc.path}/connections`, { applicationId: pos.id }), 'connect POS');
    ok(await adminA.post(`${loc.path}/connections`, { applicationId: market.id }), 'connect marketplace');
    const res = await fetch(`${b.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: market.clientId,
        client_secret: market.clientSecret,
      }),
    });
    marketB = b.client(((await res.json()) as { access_token: string }).access_token);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    for (const hub of [a, b]) {
      if (hub && hub.process.exitCode === null) {
        hub.process.kill('SIGTERM');
        await hub.exited;
      }
    }
    await partner?.close();
    await db?.drop();
  }, 60_000);

  it('pushes an order placed through process B to a subscriber on process A within 2 s, then its status changes', async () => {
    const live = connect(a, adminToken);
    await live.connected;
    const board = live.subscribe(ORDER_BOARD, { accountId: loc.accountId, locationId: loc.locationId });
    // Every subscription opens with RESYNC once it is in place: from then on nothing is missed.
    await board.waitFor((d) => d.orderBoard.kind === 'RESYNC');

    const placedAt = performance.now();
    const placed = ok(await marketB.post(`${loc.path}/orders`, order('live-1')), 'place order').data;
    const created = await board.waitFor(
      (d) => d.orderBoard.order?.id === placed.id,
      2000,
      'the new order on the board',
    );
    expect(created.data.orderBoard).toMatchObject({ kind: 'CREATED', order: { status: 'NEW', externalId: 'live-1' } });
    expect(created.at - placedAt).toBeLessThan(2000);

    ok(await adminB.patch(`${loc.path}/orders/${placed.id}`, { status: 'accepted' }), 'accept');
    const accepted = await board.waitFor((d) => d.orderBoard.order?.status === 'ACCEPTED', 2000, 'ACCEPTED');
    expect(accepted.data.orderBoard.kind).toBe('STATUS_CHANGED');
    expect(accepted.data.orderBoard.order.statusHistory.map((h: { status: string }) => h.status)).toEqual([
      'NEW',
      'ACCEPTED',
    ]);
    board.dispose();
  });

  it('pushes delivery outcomes recorded by either process to the delivery log', async () => {
    // Retry-After holds the retry back a second, so the failed attempt is the delivery's state long enough to be
    // read and pushed on its own: events that follow each other closely may be read once, at the later state.
    // Only this order's ORDER_CREATED gets the 503: the status change of the order before it also goes to the
    // POS, and may arrive now.
    partner.respondWhen(
      '/pos',
      (request) => JSON.parse(request.body).eventType === 'ORDER_CREATED' && request.body.includes('"live-2"'),
      { status: 503, headers: { 'retry-after': '1' } },
    );
    const live = connect(a, adminToken);
    const log = live.subscribe(DELIVERY_LOG, { accountId: loc.accountId, locationId: loc.locationId });
    await log.waitFor((d) => d.locationDeliveryChanged.kind === 'RESYNC');
    const placed = ok(await marketB.post(`${loc.path}/orders`, order('live-2')), 'place order').data;
    const delivered = await log.waitFor(
      (d) =>
        d.locationDeliveryChanged.delivery?.status === 'DELIVERED' &&
        d.locationDeliveryChanged.delivery.eventType === 'ORDER_CREATED',
      8000,
      'ORDER_CREATED delivered',
    );
    // The first attempt failed (503) and was pushed as well, before the retry succeeded.
    const attempts = delivered.data.locationDeliveryChanged.delivery.attempts.map(
      (x: { httpStatus: number }) => x.httpStatus,
    );
    expect(attempts).toEqual([503, 200]);
    expect(log.events.some((e) => e.data.locationDeliveryChanged.delivery?.status === 'PENDING')).toBe(true);
    const [row] = await query<{ order_id: string }>(
      db.url,
      `select payload->>'orderId' as order_id from deliveries where id = $1`,
      [delivered.data.locationDeliveryChanged.delivery.id],
    );
    expect(row.order_id).toBe(placed.id);
    log.dispose();
  });

  it('pushes a menu whose products changed in the catalog through process B, and stays quiet for another menu', async () => {
    const products = [
      { posReference: 'soup', name: 'Soup', price: 650 },
      { posReference: 'bread', name: 'Bread', price: 200 },
    ];
    ok(await adminA.put(`${loc.path}/catalog/import`, { products }), 'catalog import');
    const soupMenu = ok(
      await adminA.post(`${loc.path}/menus`, { name: 'Soups', productPosReferences: ['soup'] }),
      'menu',
    ).data;
    const breadMenu = ok(
      await adminA.post(`${loc.path}/menus`, { name: 'Bread', productPosReferences: ['bread'] }),
      'menu',
    ).data;
    const live = connect(a, adminToken);
    const menu = live.subscribe(MENU, { accountId: loc.accountId, locationId: loc.locationId, menuId: soupMenu.id });
    await menu.waitFor((d) => d.menuChanged.kind === 'RESYNC');

    // Bread goes out of stock: not in this menu, nothing to say.
    const bread = breadMenu.items[0].productId;
    ok(await adminB.patch(`${loc.path}/catalog/products/${bread}`, { show_online: false }), 'bread out of stock');
    // Soup goes out of stock at the POS (process B): the menu, read again, arrives on process A.
    const soup = soupMenu.items[0].productId;
    ok(await adminB.patch(`${loc.path}/catalog/products/${soup}`, { show_online: false }), 'soup out of stock');
    const changed = await menu.waitFor(
      (d) => d.menuChanged.kind === 'CHANGED',
      2000,
      'the menu after the catalog change',
    );
    expect(changed.data.menuChanged.menu).toEqual({
      id: soupMenu.id,
      items: [{ posReference: 'soup', price: 650, show_online: false }],
    });
    // So is a new price.
    ok(await adminB.patch(`${loc.path}/catalog/products/${soup}`, { price: 700 }), 'soup price');
    await menu.waitFor((d) => d.menuChanged.menu?.items[0].price === 700, 2000, 'the new price');
    expect(menu.events.filter((e) => e.data.menuChanged.kind === 'CHANGED')).toHaveLength(2);
    menu.dispose();
  });

  it('refuses a subscription for a location outside the caller’s reach, as the query is refused', async () => {
    const other = await location(adminA, 'Elsewhere');
    const email = `merchant-${Date.now()}@test.example`;
    ok(
      await adminA.post('/v1/users', {
        email,
        password: 'merchant-password-123456',
        role: 'merchant',
        accountIds: [other.accountId],
      }),
      'merchant',
    );
    const merchantToken = await passwordToken(a.url, email, 'merchant-password-123456');
    const live = connect(a, merchantToken);
    await live.connected;

    const refused = live.subscribe(ORDER_BOARD, { accountId: loc.accountId, locationId: loc.locationId });
    await refused.settled();
    expect(refused.errors[0].extensions?.code).toBe('not_found');
    const queried = await a.client(merchantToken).post('/graphql', {
      query: `{ orders(accountId: "${loc.accountId}", locationId: "${loc.locationId}") { data { id } } }`,
    });
    expect(queried.body.errors[0].extensions.code).toBe('not_found');

    // Its own location is watched, and another account's orders never reach it.
    const own = live.subscribe(ORDER_BOARD, { accountId: other.accountId, locationId: other.locationId });
    await own.waitFor((d) => d.orderBoard.kind === 'RESYNC');
    const mine = connect(a, adminToken).subscribe(ORDER_BOARD, {
      accountId: loc.accountId,
      locationId: loc.locationId,
    });
    await mine.waitFor((d) => d.orderBoard.kind === 'RESYNC');
    ok(await marketB.post(`${loc.path}/orders`, order('live-4')), 'place order');
    await mine.waitFor((d) => d.orderBoard.order?.externalId === 'live-4', 2000, 'the admin sees live-4');
    // By then A has handed the same signal to the merchant's subscription too, had it been there to hand.
    expect(own.events.map((e) => e.data.orderBoard.kind)).toEqual(['RESYNC']);
    expect(own.errors).toEqual([]);
  });

  it('takes the web UI session cookie from the hub’s own pages only, and ends with the session', async () => {
    const signIn = await fetch(`${a.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url, 'x-order-hub-ui': '1' },
      body: JSON.stringify({
        query: `mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { email } }`,
        variables: { e: 'admin@test.example', p: 'admin-password-0123456789' },
      }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0];

    const crossSite = liveClient(a.url, null, { cookie, origin: 'https://evil.example' });
    clients.push(crossSite);
    await expect(crossSite.connected).rejects.toMatchObject({ code: 4403 });

    const ui = liveClient(a.url, null, { cookie, origin: a.url });
    clients.push(ui);
    await ui.connected;
    const board = ui.subscribe(ORDER_BOARD, { accountId: loc.accountId, locationId: loc.locationId });
    await board.waitFor((d) => d.orderBoard.kind === 'RESYNC');
    ok(await marketB.post(`${loc.path}/orders`, order('live-cookie')), 'place order');
    await board.waitFor(
      (d) => d.orderBoard.order?.externalId === 'live-cookie',
      2000,
      'the order over the session socket',
    );

    // Signing out ends the session, and closes its socket at once (4403), before any other event.
    const closed = new Promise<number>((resolve) =>
      ui.client.on('closed', (event) => resolve((event as { code: number }).code)),
    );
    await fetch(`${a.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url, 'x-order-hub-ui': '1', cookie },
      body: JSON.stringify({ query: 'mutation { signOut }' }),
    });
    expect(await closed).toBe(4403);
    ok(await marketB.post(`${loc.path}/orders`, order('live-after-signout')), 'place order');
    expect(board.events.some((e) => e.data.orderBoard.order?.externalId === 'live-after-signout')).toBe(false);
  });

  it('refuses a socket without a valid token, and queries or mutations over the socket', async () => {
    const anonymous = connect(a, null);
    await expect(anonymous.connected).rejects.toMatchObject({ code: 4403 });
    const wrong = connect(a, 'not-a-token');
    await expect(wrong.connected).rejects.toMatchObject({ code: 4403 });

    const live = connect(a, adminToken);
    const q = live.subscribe(`{ accounts { data { id } } }`);
    await q.settled();
    expect(q.errors[0].extensions?.code).toBe('validation_failed');
    expect(q.errors[0].message).toMatch(/Only subscriptions/);
    const notUuid = live.subscribe(ORDER_BOARD, { accountId: loc.accountId, locationId: 'nope' });
    await notUuid.settled();
    expect(notUuid.errors[0]).toMatchObject({
      message: 'Argument "locationId" of "orderBoard" must be a UUID',
      extensions: { code: 'validation_failed' },
    });
  });
});
