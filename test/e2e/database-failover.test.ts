import { Writable } from 'node:stream';
import { createLogger } from '../../src/common/logger.js';
import { FakePartner } from '../support/fake-partner.js';
import type { HttpClient, HttpResult } from '../support/http.js';
import { query } from '../support/database.js';
import {
  startTestHub,
  TEST_ADMIN,
  TEST_CLIENT,
  type TestApplication,
  type TestHub,
  type TestLocation,
} from '../support/test-hub.js';
import { postgresBinaries, startThrowawayCluster, type ThrowawayCluster } from '../support/throwaway-cluster.js';

// A database failover under load: the hub runs on a PostgreSQL cluster of this test's own, which
// is stopped (connections cut, as in a failover or a restart) while a marketplace places orders steadily,
// and started again. Requests meanwhile answer 503 database_unavailable with Retry-After, never 500; the hub
// logs one warning for the outage; /readyz is 503 during it and 200 again within 5 s of the database's
// return (the delivery worker takes its liveness lock again, the live signals' listener listens again);
// nothing answered 201 is lost and every
// ORDER_CREATED reaches the POS. The outage lasts two seconds of wall time: it is what is being tested.

const describeWithPostgres = postgresBinaries() ? describe : describe.skip;
const HOOK = '/webhooks';
const OUTAGE_MS = 2000;

interface Sent {
  startedAt: number;
  endedAt: number;
  res: HttpResult;
}

describeWithPostgres('a database failover under load', () => {
  let cluster: ThrowawayCluster;
  let t: TestHub;
  let pos: FakePartner;
  let loc: TestLocation;
  let market: HttpClient;
  let marketApp: TestApplication;
  const logLines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    pos = await FakePartner.start();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    t = await startTestHub(
      { LOG_LEVEL: 'info', DELIVERY_RETRY_SCHEDULE: '0.2,0.5,1,1,1,1,1,1,1,1' },
      {},
      { url: cluster.url, log: createLogger('info', sink) },
    );
    const posApp = await t.createApplication('POS', { webhookUrl: pos.urlFor(HOOK) });
    marketApp = await t.createApplication('MARKETPLACE');
    loc = await t.createLocation(undefined, 'Failover bistro');
    await t.connect(posApp, loc);
    await t.connect(marketApp, loc);
    market = await t.applicationClient(marketApp);
  }, 60_000);

  afterAll(async () => {
    await t?.stop();
    await pos?.close();
    await cluster?.destroy();
  });

  it('answers 503 database_unavailable meanwhile, loses nothing, and is ready again within 5 s', async () => {
    const orders: Sent[] = [];
    const probes: Sent[] = [];
    let loading = true;
    let n = 0;
    const timed = async (call: () => Promise<HttpResult>): Promise<Sent> => {
      const startedAt = Date.now();
      const res = await call();
      return { startedAt, endedAt: Date.now(), res };
    };
    // Four marketplace clients placing orders one after another each, and a balancer's readiness probe.
    const placing = Array.from({ length: 4 }, async () => {
      while (loading) {
        const externalId = `fo-${n++}`;
        const body = {
          externalId,
          fulfillmentType: 'PICKUP',
          items: [{ name: 'Soup', quantity: 1, price: 500 }],
          total: 500,
        };
        orders.push(
          await timed(() => market.post(`${loc.path}/orders`, body, { headers: { 'Idempotency-Key': externalId } })),
        );
      }
    });
    const probing = (async () => {
      while (loading) {
        probes.push(await timed(() => t.anonymous.get('/readyz')));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();

    const placedBefore = async (count: number) => {
      while (orders.filter((o) => o.res.status === 201).length < count)
        await new Promise((resolve) => setTimeout(resolve, 20));
    };
    await placedBefore(20);
    const logMark = logLines.length;
    const stoppedAt = Date.now();
    await cluster.stop();
    // GraphQL answers the same way as REST, and so does the token endpoint (in its own error shape) for
    // both a partner's and an operator's grant.
    const graphql = await t.admin.graphql('{ accounts { data { id } } }');
    const grants = [
      await t.token({
        grant_type: 'client_credentials',
        client_id: marketApp.clientId,
        client_secret: marketApp.clientSecret,
      }),
      await t.token({
        grant_type: 'password',
        username: TEST_ADMIN.email,
        password: TEST_ADMIN.password,
        client_id: TEST_CLIENT.clientId,
        client_secret: TEST_CLIENT.clientSecret,
      }),
    ];
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await cluster.start();
    const backAt = Date.now();
    // Load goes on until the hub has been ready again for a while and has placed orders again.
    const placedNow = orders.filter((o) => o.res.status === 201).length;
    await placedBefore(placedNow + 20);
    while (!probes.some((p) => p.startedAt > backAt && p.res.status === 200))
      await new Promise((resolve) => setTimeout(resolve, 20));
    loading = false;
    await Promise.all([...placing, probing]);

    // No 500 (nor anything else): every order answered 201, or 503 database_unavailable with Retry-After.
    const statuses = new Set(orders.map((o) => o.res.status));
    expect([...statuses].sort()).toEqual([201, 503]);
    for (const refused of orders.filter((o) => o.res.status === 503)) {
      expect(refused.res.body.code).toBe('database_unavailable');
      expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Within the request timeout: an outage is answered, not waited out.
      expect(refused.endedAt - refused.startedAt).toBeLessThan(5000);
    }
    expect(graphql.status).toBe(503);
    expect(graphql.body.errors?.[0].extensions?.code).toBe('database_unavailable');
    expect(Number(graphql.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    for (const grant of grants) {
      expect({ status: grant.status, body: grant.body }).toEqual({
        status: 503,
        body: { error: 'database_unavailable', error_description: expect.any(String) },
      });
      expect(Number(grant.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // Once the database is back, the token endpoint grants again.
    expect(
      (
        await t.token({
          grant_type: 'client_credentials',
          client_id: marketApp.clientId,
          client_secret: marketApp.clientSecret,
        })
      ).status,
    ).toBe(200);
    // /readyz: 503 during the outage, 200 within 5 s of the database's return.
    expect(probes.some((p) => p.startedAt > stoppedAt && p.endedAt < backAt && p.res.status === 503)).toBe(true);
    const readyAgain = probes.find((p) => p.startedAt > backAt && p.res.status === 200)!;
    expect(readyAgain.endedAt - backAt).toBeLessThan(5000);
    expect(probes.every((p) => p.res.status === 200 || p.res.status === 503)).toBe(true);

    // Nothing answered 201 is lost: each one is stored, and its ORDER_CREATED reaches the POS.
    const placed = orders.filter((o) => o.res.status === 201).map((o) => o.res.body.data.id as string);
    const stored = await query<{ id: string }>(cluster.url, 'select id from orders where id = any($1::uuid[])', [
      placed,
    ]);
    expect(stored).toHaveLength(placed.length);
    const delivered = () =>
      new Set(
        pos
          .requestsTo(HOOK)
          .map((r) => JSON.parse(r.body))
          .filter((e) => e.eventType === 'ORDER_CREATED')
          .map((e) => e.orderId),
      );
    const undelivered = () => placed.filter((id) => !delivered().has(id));
    const deadline = Date.now() + 20_000;
    while (undelivered().length > 0 && Date.now() < deadline) {
      await pos.waitForRequests(pos.requests.length + 1, { timeoutMs: 1000 }).catch(() => undefined);
    }
    expect(undelivered()).toEqual([]);

    // One warning for the outage, no error lines, no stack trace per request.
    const during = logLines.slice(logMark);
    expect(during.filter((l) => l.level >= 40).map((l) => l.msg)).toEqual([
      'database unreachable: answering 503 database_unavailable until it is back',
    ]);
    expect(during.filter((l) => l.msg === 'database reachable again')).toHaveLength(1);
    // The live signals' listener (src/live) listens again once the database is back: on its own reconnect
    // back-off, which may end after the deliveries above, so wait for it (bounded) before counting.
    const relistened = () =>
      logLines.slice(logMark).filter((l) => l.msg === 'live: listening again after the database connection came back');
    const liveDeadline = Date.now() + 15_000;
    while (relistened().length === 0 && Date.now() < liveDeadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(relistened()).toHaveLength(1);
  }, 90_000);
});
