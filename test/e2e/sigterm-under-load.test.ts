import { startChildHub, type ChildHub } from '../support/child-hub.js';
import { createTestDatabase, query, type TestDatabase } from '../support/database.js';
import { FakePartner } from '../support/fake-partner.js';
import { heldRequest } from '../support/held-request.js';
import { HttpClient } from '../support/http.js';
import { describeOnServer } from '../support/on-server.js';
import { adminTokenAt, HUB_START_TIMEOUT_MS, testEnv } from '../support/test-hub.js';

// SIGTERM under load: a hub process is stopped while a marketplace places orders as fast as it can
// and the POS is being sent their ORDER_CREATED. Some placements are in progress on the hub at that moment
// (their bodies held back until after the signal), some deliveries are in flight (the POS holds its answers
// until after the signal), and more wait in the queue (the POS's endpoint takes 4 at a time). In-flight
// requests finish; in-flight deliveries finish and are recorded; the queue is left to the next process,
// which starts on the same database. Counted at the end: nothing lost (every 201 is stored and its
// ORDER_CREATED reaches the POS; what got no answer is sent again to the second process with the same
// Idempotency-Key, as a marketplace does), nothing twice (one order per externalId, one ORDER_CREATED per
// order, and, as the stop was graceful, each webhook-id received once; docs/contract.md "Calls the hub makes" would
// allow a repeat with the same webhook-id, which a graceful stop has no cause to make).

const HOOK = '/orders-in';

interface Placement {
  externalId: string;
  status?: number;
  orderId?: string;
  /** A connection error: the request may or may not have reached the hub. */
  error?: string;
}

describeOnServer('SIGTERM under load', () => {
  let db: TestDatabase;
  let pos: FakePartner;
  const hubs: ChildHub[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    pos = await FakePartner.start();
  }, HUB_START_TIMEOUT_MS);
  afterAll(async () => {
    for (const hub of hubs)
      if (hub.process.exitCode === null && hub.process.signalCode === null) hub.process.kill('SIGKILL');
    await Promise.all(hubs.map((hub) => hub.exited));
    await pos?.close();
    await db?.drop();
  });

  async function startHub(): Promise<ChildHub> {
    // The POS holds its answers for as long as the test needs (seconds on a loaded machine): within the partner
    // timeout, so that no attempt times out and is made again, which the contract would allow but which is
    // not what is under test.
    const hub = await startChildHub(
      testEnv(db.url, {
        DELIVERY_ENDPOINT_CONCURRENCY: '4',
        DELIVERY_RECLAIM_INTERVAL_MS: '200',
        PARTNER_TIMEOUT_MS: '60000',
      }),
    );
    hubs.push(hub);
    return hub;
  }

  async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('finishes what is in flight, hands the rest to the next process, and loses or repeats nothing', async () => {
    const first = await startHub();
    const admin = first.client(await adminTokenAt(first.url));
    const app = async (kind: 'POS' | 'MARKETPLACE', webhookUrl: string) => {
      const res = await admin.post('/v1/applications', withUrls(kind, webhookUrl));
      expect(res.status).toBe(201);
      return res.body.data as { id: string; clientId: string; clientSecret: string };
    };
    const posApp = await app('POS', pos.urlFor(HOOK));
    const marketApp = await app('MARKETPLACE', 'http://127.0.0.1:9/webhooks');
    const accountId = (await admin.post('/v1/accounts', { name: 'Drain' })).body.data.id;
    const locationId = (await admin.post(`/v1/accounts/${accountId}/locations`, { name: 'Drain kitchen' })).body.data
      .id;
    const path = `/v1/accounts/${accountId}/locations/${locationId}/orders`;
    for (const applicationId of [posApp.id, marketApp.id]) {
      expect(
        (await admin.post(`/v1/accounts/${accountId}/locations/${locationId}/connections`, { applicationId })).status,
      ).toBe(201);
    }
    const tokenRes = await first.client(null).post('/oauth2/token', {
      grant_type: 'client_credentials',
      client_id: marketApp.clientId,
      client_secret: marketApp.clientSecret,
    });
    const marketToken: string = tokenRes.body.access_token;

    let n = 0;
    const order = (externalId: string) => ({
      externalId,
      fulfillmentType: 'DELIVERY',
      items: [{ name: 'Noodles', quantity: 2, price: 650 }],
      total: 1300,
    });
    const place = async (client: HttpClient, externalId: string): Promise<Placement> => {
      try {
        const res = await client.post(path, order(externalId), { headers: { 'Idempotency-Key': externalId } });
        return { externalId, status: res.status, orderId: res.body?.data?.id };
      } catch (error) {
        return { externalId, error: String((error as { cause?: { code?: string } }).cause?.code ?? error) };
      }
    };
    // Four marketplace clients placing orders one after another each, until the hub stops taking connections.
    const placements: Placement[] = [];
    const market = new HttpClient(first.url, marketToken);
    const loops = Array.from({ length: 4 }, async () => {
      for (;;) {
        const placed = await place(market, `drain-${n++}`);
        placements.push(placed);
        if (placed.error) return;
      }
    });
    const created = () => placements.filter((p) => p.status === 201).length;
    await until(() => created() >= 20 && pos.requestsTo(HOOK).length >= 10, 'orders placed and delivered');
    // The POS now holds its answers: the hub's attempts stay in flight, and what comes after them queues up.
    const posGate = pos.hold(HOOK);
    const placedBeforeGate = created();
    // Some attempts in flight and more orders behind them (the endpoint takes 4 at a time): bounded by the
    // placements, which a loaded machine slows.
    await until(
      () => posGate.waiting() >= 2 && created() >= placedBeforeGate + 12,
      'deliveries in flight and queued',
      90_000,
    );
    // Placements in progress on the hub when the signal comes: admitted, their bodies not yet sent.
    const inProgress = Array.from({ length: 3 }, (_, i) =>
      heldRequest(first.url, 'POST', path, marketToken, order(`drain-held-${i}`), {
        'idempotency-key': `drain-held-${i}`,
      }),
    );
    expect(await Promise.all(inProgress.map((r) => r.admitted))).toEqual([true, true, true]);

    first.process.kill('SIGTERM');
    // The hub stops taking connections at once ...
    const refuses = () =>
      fetch(`${first.url}/healthz`).then(
        () => false,
        () => true,
      );
    await until(refuses, 'the hub to refuse connections', 10_000);
    await Promise.all(loops);
    // ... and finishes the requests it was serving.
    for (const request of inProgress) request.release();
    const finished = await Promise.all(inProgress.map((r) => r.response));
    expect(finished.map((r) => r.status)).toEqual([201, 201, 201]);
    // The deliveries it was making finish too, once the POS answers; then it exits cleanly.
    posGate.release();
    expect(await first.exited).toBe(0);
    const left = await query<{ status: string; count: number }>(
      db.url,
      `select status, count(*)::int as count from deliveries group by status order by status`,
    );
    // Nothing is left claimed by the stopped process; what it did not send waits for the next one.
    expect(left.find((r) => r.status === 'DELIVERING')).toBeUndefined();
    expect(left.find((r) => r.status === 'PENDING')?.count ?? 0).toBeGreaterThan(0);

    // Every request answered, answered 201 (none a 5xx); what got no answer (refused, or sent on a keep-alive
    // connection just as the hub closed it) is sent again to the next process with the same Idempotency-Key.
    const answered = placements.filter((p) => p.status !== undefined);
    expect(new Set(answered.map((p) => p.status))).toEqual(new Set([201]));
    const second = await startHub();
    const market2 = new HttpClient(second.url, marketToken);
    // As a marketplace does: again while the answer is "not now" (a fresh process on a loaded machine may
    // still answer 503 overloaded while its first database connections open).
    const placeUntilAnswered = async (externalId: string): Promise<Placement> => {
      for (let attempt = 1; ; attempt++) {
        const again = await place(market2, externalId);
        if ((again.status !== 503 && !again.error) || attempt === 20) return again;
      }
    };
    const retried = await Promise.all(placements.filter((p) => p.error).map((p) => placeUntilAnswered(p.externalId)));
    expect(retried.filter((again) => again.status !== 200 && again.status !== 201)).toEqual([]);

    const externalIds = [...answered, ...retried]
      .map((p) => p.externalId)
      .concat(inProgress.map((_, i) => `drain-held-${i}`));
    const orderIds = new Set(
      [...answered, ...retried].map((p) => p.orderId!).concat(finished.map((r) => r.body.data.id)),
    );
    // Stored, once each.
    const stored = await query<{ id: string; external_id: string }>(db.url, 'select id, external_id from orders');
    expect(stored.map((o) => o.external_id).sort()).toEqual([...new Set(externalIds)].sort());
    expect(new Set(stored.map((o) => o.id))).toEqual(orderIds);

    // Every ORDER_CREATED reaches the POS: exactly one event per order, each webhook-id received once.
    const createdEvents = () =>
      pos.requestsTo(HOOK).map((r) => ({ webhookId: String(r.headers['webhook-id']), event: JSON.parse(r.body) }));
    await until(
      () => new Set(createdEvents().map((e) => e.event.orderId)).size >= orderIds.size,
      'every ORDER_CREATED delivered',
    );
    const events = createdEvents();
    expect(new Set(events.map((e) => e.event.orderId))).toEqual(orderIds);
    expect(events.every((e) => e.event.eventType === 'ORDER_CREATED')).toBe(true);
    expect(new Set(events.map((e) => e.webhookId)).size).toBe(orderIds.size);
    // No webhook-id twice; if one were, its attempts say why (shown by the failed expectation).
    const repeated = [...new Set(events.map((e) => e.webhookId))].filter(
      (id) => events.filter((e) => e.webhookId === id).length > 1,
    );
    const attemptsOf = (eventId: string) =>
      query(
        db.url,
        'select a.attempt_number, a.http_status, a.error, a.started_at from delivery_attempts a join deliveries d on d.id = a.delivery_id where d.event_id = $1 order by a.attempt_number',
        [eventId],
      );
    expect(await Promise.all(repeated.map(async (id) => ({ id, attempts: await attemptsOf(id) })))).toEqual([]);
    await until(
      async () => (await query(db.url, `select 1 from deliveries where status <> 'DELIVERED'`)).length === 0,
      'the delivery log to say DELIVERED',
    );

    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);
});

function withUrls(kind: 'POS' | 'MARKETPLACE', webhookUrl: string) {
  const urls =
    kind === 'POS'
      ? { catalogPullUrl: 'http://127.0.0.1:9/catalog' }
      : { menuPublicationUrl: 'http://127.0.0.1:9/menus', storeStatusUrl: 'http://127.0.0.1:9/store-status' };
  return { kind, name: `${kind} ${Date.now()}`, redirectUris: ['http://127.0.0.1:9/callback'], webhookUrl, ...urls };
}
