import { createTestDatabase, query, type TestDatabase } from '../support/database.js';
import { startChildHub, type ChildHub } from '../support/child-hub.js';
import { FakePartner, type RecordedRequest } from '../support/fake-partner.js';
import { HttpClient } from '../support/http.js';
import { describeOnServer } from '../support/on-server.js';
import {
  adminTokenAt,
  startTestHub,
  testEnv,
  type TestApplication,
  type TestHub,
  type TestLocation,
} from '../support/test-hub.js';

// An order's acceptance deadline, as the POS and the marketplace live it: a location sets a deadline and what
// happens after it, a marketplace places orders, and at each order's deadline both partners receive
// ORDER_OVERDUE once, then the hub rejects it, accepts it or leaves it, as set; an order the POS accepted in
// time is left alone. Two hub processes share the database (one in this process, one a child process), and a
// deadline that falls while every process is down is met by the next one, once. The hubs' clock is set by
// configuration (CLOCK_MINUTE_MS: a deadline's minute lasts one second here), so a two-minute deadline passes in
// two seconds and the test waits for the partners' requests, never for time. Real processes need a PostgreSQL
// server: the embedded database serves one.

const MINUTE_MS = 1000;

describeOnServer('acceptance deadline', () => {
  let db: TestDatabase;
  let t: TestHub;
  let second: ChildHub;
  const children: ChildHub[] = [];
  let posServer: FakePartner;
  let marketServer: FakePartner;
  let pos: TestApplication;
  let market: TestApplication;
  let location: TestLocation;
  let marketClient: HttpClient;
  let posClient: HttpClient;
  let orderNumber = 0;

  const env = {
    CLOCK_MINUTE_MS: String(MINUTE_MS),
    DELIVERY_POLL_INTERVAL_MS: '50',
    DELIVERY_RECLAIM_INTERVAL_MS: '200',
  };

  async function child(): Promise<ChildHub> {
    const started = await startChildHub(testEnv(db.url, env));
    children.push(started);
    return started;
  }

  function kill(hub: ChildHub): Promise<number | string> {
    if (hub.process.exitCode === null && hub.process.signalCode === null) hub.process.kill('SIGKILL');
    return hub.exited;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    [t, posServer, marketServer] = await Promise.all([
      startTestHub(env, {}, { url: db.url }),
      FakePartner.start(),
      FakePartner.start(),
    ]);
    second = await child();
    pos = await t.createApplication('POS', { webhookUrl: posServer.urlFor('/webhooks') });
    market = await t.createApplication('MARKETPLACE', { webhookUrl: marketServer.urlFor('/webhooks') });
    location = await t.createLocation(t.admin, 'Trattoria');
    await t.connect(pos, location);
    await t.connect(market, location);
    posClient = await t.applicationClient(pos);
    // The marketplace places its orders through the other process.
    const marketToken = (await t.applicationToken(market)).access_token;
    marketClient = new HttpClient(second.url, marketToken);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(children.map((c) => kill(c)));
    await t?.hub.stop();
    await posServer?.close();
    await marketServer?.close();
    await db?.drop();
  });

  const settings = (body: object, client: HttpClient = t.admin) => client.put(`${location.path}/order-settings`, body);

  async function place(): Promise<{ id: string; acceptBy?: string }> {
    orderNumber += 1;
    const res = await marketClient.post(`${location.path}/orders`, {
      externalId: `deadline-${orderNumber}`,
      orderNumber: `D-${orderNumber}`,
      fulfillmentType: 'PICKUP',
      items: [{ name: 'Margherita', quantity: 1, price: 1150 }],
      total: 1150,
    });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  const bodyOf = (r: RecordedRequest) => JSON.parse(r.body) as Record<string, any>;
  const eventsFor = (server: FakePartner, orderId: string, eventType: string) =>
    server
      .requestsTo('/webhooks')
      .map(bodyOf)
      .filter((b) => b.eventType === eventType && b.orderId === orderId);
  /** Distinct events (a retry repeats its eventId, never adds one). */
  const distinct = (events: Record<string, any>[]) => new Map(events.map((e) => [e.eventId, e]));

  async function waitFor(server: FakePartner, orderId: string, eventType: string): Promise<Record<string, any>> {
    const until = Date.now() + 30_000;
    for (;;) {
      const [event] = eventsFor(server, orderId, eventType);
      if (event) return event;
      if (Date.now() > until) throw new Error(`no ${eventType} for order ${orderId}`);
      await server.waitForRequests(server.requests.length + 1, { timeoutMs: 30_000 }).catch(() => undefined);
    }
  }

  const overdueDeliveries = async (orderId: string) =>
    (
      await query<{ n: number }>(
        db.url,
        `select count(*)::int as n from deliveries where event_type = 'ORDER_OVERDUE' and ordering_key = $1`,
        [orderId],
      )
    )[0].n;
  const jobsLeft = async (orderId: string) =>
    (
      await query<{ n: number }>(db.url, 'select count(*)::int as n from graphile_worker.jobs where key = $1', [
        `order-acceptance-deadline:${orderId}`,
      ])
    )[0].n;
  const order = async (id: string) => (await t.admin.get(`${location.path}/orders/${id}`)).body.data;

  it('reads and replaces the settings, refuses a bad one, and records the change', async () => {
    const initial = await t.admin.get(`${location.path}/order-settings`);
    expect(initial.status).toBe(200);
    expect(initial.body.data).toEqual({
      acceptanceDeadlineMinutes: null,
      afterDeadline: 'NOTHING',
      deliveryAlertMinutes: 15,
    });
    const bad = await settings({ acceptanceDeadlineMinutes: 0, afterDeadline: 'LATER', deliveryAlertMinutes: 15 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('afterDeadline');
    // The POS reads how long it has; it changes nothing without locations.write.
    expect((await posClient.get(`${location.path}/order-settings`)).body.data.afterDeadline).toBe('NOTHING');
    const set = await settings({ acceptanceDeadlineMinutes: 2, afterDeadline: 'REJECT', deliveryAlertMinutes: 10 });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({ acceptanceDeadlineMinutes: 2, afterDeadline: 'REJECT', deliveryAlertMinutes: 10 });
    // GraphQL answers the same document, from the other process.
    const viaGraphql = await new HttpClient(second.url, await adminTokenAt(second.url)).post('/graphql', {
      query: `query ($a: ID!, $l: ID!) { orderSettings(accountId: $a, locationId: $l) { acceptanceDeadlineMinutes afterDeadline deliveryAlertMinutes } }`,
      variables: { a: location.accountId, l: location.locationId },
    });
    expect(viaGraphql.body).toEqual({ data: { orderSettings: set.body.data } });
    const activity = await t.admin.get(`/v1/activity?locationId=${location.locationId}&action=orderSettings.changed`);
    expect(activity.body.data[0].changes).toEqual({
      acceptanceDeadlineMinutes: { from: null, to: 2 },
      afterDeadline: { from: 'NOTHING', to: 'REJECT' },
      deliveryAlertMinutes: { from: 15, to: 10 },
    });
  });

  it('rejects an order not accepted in time, once, and leaves one accepted in time alone', async () => {
    const late = await place();
    const accepted = await place();
    // Placed at a location with a deadline: each order says when it is due.
    expect(Date.parse(late.acceptBy!) - Date.parse((late as any).createdAt)).toBe(2 * MINUTE_MS);
    expect((await posClient.patch(`${location.path}/orders/${accepted.id}`, { status: 'ACCEPTED' })).status).toBe(200);

    const overdue = await waitFor(posServer, late.id, 'ORDER_OVERDUE');
    expect(overdue).toMatchObject({ afterDeadline: 'REJECT', acceptBy: late.acceptBy, order: { status: 'NEW' } });
    expect((await waitFor(marketServer, late.id, 'ORDER_OVERDUE')).eventId).not.toBe(overdue.eventId);
    // The rejection goes the way of every status change: both sides hear of it, after ORDER_OVERDUE.
    for (const server of [posServer, marketServer]) {
      const changed = await waitFor(server, late.id, 'ORDER_STATUS_CHANGED');
      expect(changed.newState).toMatchObject({ status: 'REJECTED', cancellationReason: 'NOT_ACCEPTED_IN_TIME' });
      const types = server
        .requestsTo('/webhooks')
        .map(bodyOf)
        .filter((b) => b.orderId === late.id)
        .map((b) => b.eventType);
      expect(types.indexOf('ORDER_OVERDUE')).toBeLessThan(types.indexOf('ORDER_STATUS_CHANGED'));
    }
    const rejected = await order(late.id);
    expect(rejected).toMatchObject({ status: 'REJECTED', cancellationReason: 'NOT_ACCEPTED_IN_TIME' });
    expect(rejected.overdueAt).toEqual(expect.any(String));
    expect(rejected.statusHistory.at(-1)).toMatchObject({
      status: 'REJECTED',
      by: 'HUB',
      reason: 'NOT_ACCEPTED_IN_TIME',
    });

    // The order accepted in time: its job ran at its deadline too, and found nothing to do.
    const until = Date.now() + 20_000;
    while ((await jobsLeft(accepted.id)) > 0 && Date.now() < until)
      await posServer.waitForRequests(posServer.requests.length + 1, { timeoutMs: 500 }).catch(() => undefined);
    expect(await jobsLeft(accepted.id)).toBe(0);
    expect(await jobsLeft(late.id)).toBe(0);
    const kept = await order(accepted.id);
    expect(kept.status).toBe('ACCEPTED');
    expect(kept.overdueAt).toBeUndefined();
    expect(eventsFor(posServer, accepted.id, 'ORDER_OVERDUE')).toEqual([]);
    expect(eventsFor(marketServer, accepted.id, 'ORDER_OVERDUE')).toEqual([]);
    // Once: one ORDER_OVERDUE per partner, whichever process ran the job.
    expect(await overdueDeliveries(late.id)).toBe(2);
    expect(distinct(eventsFor(posServer, late.id, 'ORDER_OVERDUE')).size).toBe(1);
    expect(distinct(eventsFor(marketServer, late.id, 'ORDER_OVERDUE')).size).toBe(1);

    // The activity log says what the hub did, as the hub.
    const activity = (await t.admin.get(`/v1/activity?locationId=${location.locationId}`)).body.data as any[];
    const about = activity.filter((e) => e.subject.id === late.id);
    expect(about.map((e) => [e.action, e.actor.type])).toEqual(
      expect.arrayContaining([
        ['order.overdue', 'SYSTEM'],
        ['order.statusChanged', 'SYSTEM'],
      ]),
    );
  }, 60_000);

  it('accepts an order for a POS that never confirms', async () => {
    expect(
      (await settings({ acceptanceDeadlineMinutes: 1, afterDeadline: 'ACCEPT', deliveryAlertMinutes: 10 })).status,
    ).toBe(200);
    const placed = await place();
    expect((await waitFor(marketServer, placed.id, 'ORDER_OVERDUE')).afterDeadline).toBe('ACCEPT');
    const changed = await waitFor(marketServer, placed.id, 'ORDER_STATUS_CHANGED');
    expect(changed.newState.status).toBe('ACCEPTED');
    expect((await waitFor(posServer, placed.id, 'ORDER_STATUS_CHANGED')).newState.status).toBe('ACCEPTED');
    const accepted = await order(placed.id);
    expect(accepted.acceptedAt).toEqual(expect.any(String));
    expect(accepted.statusHistory.at(-1)).toMatchObject({ status: 'ACCEPTED', by: 'HUB' });
    expect(await overdueDeliveries(placed.id)).toBe(2);
  }, 60_000);

  it('only tells the partners when the action is nothing: the order stays NEW, marked overdue', async () => {
    expect(
      (await settings({ acceptanceDeadlineMinutes: 1, afterDeadline: 'NOTHING', deliveryAlertMinutes: 10 })).status,
    ).toBe(200);
    const placed = await place();
    expect((await waitFor(posServer, placed.id, 'ORDER_OVERDUE')).afterDeadline).toBe('NOTHING');
    await waitFor(marketServer, placed.id, 'ORDER_OVERDUE');
    const still = await order(placed.id);
    expect(still.status).toBe('NEW');
    expect(still.overdueAt).toEqual(expect.any(String));
    // The POS can still accept it late.
    expect((await posClient.patch(`${location.path}/orders/${placed.id}`, { status: 'ACCEPTED' })).status).toBe(200);
    expect(eventsFor(posServer, placed.id, 'ORDER_STATUS_CHANGED')).toEqual([]);
    expect(await overdueDeliveries(placed.id)).toBe(2);
  }, 60_000);

  it('meets a deadline that falls while every process is down, once, in the next process', async () => {
    expect(
      (await settings({ acceptanceDeadlineMinutes: 3, afterDeadline: 'REJECT', deliveryAlertMinutes: 10 })).status,
    ).toBe(200);
    const placed = await place();
    // Every process stops before the deadline; the order and its job wait in the database.
    await Promise.all([t.hub.stop(), kill(second)]);
    expect(await jobsLeft(placed.id)).toBe(1);
    const [row] = await query<{ status: string }>(db.url, 'select status from orders where id = $1', [placed.id]);
    expect(row.status).toBe('NEW');

    await child();
    expect((await waitFor(posServer, placed.id, 'ORDER_OVERDUE')).afterDeadline).toBe('REJECT');
    const changed = await waitFor(marketServer, placed.id, 'ORDER_STATUS_CHANGED');
    expect(changed.newState).toMatchObject({ status: 'REJECTED', cancellationReason: 'NOT_ACCEPTED_IN_TIME' });
    expect(await jobsLeft(placed.id)).toBe(0);
    expect(await overdueDeliveries(placed.id)).toBe(2);
    expect(distinct(eventsFor(posServer, placed.id, 'ORDER_OVERDUE')).size).toBe(1);
  }, 120_000);
});
