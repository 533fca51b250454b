import { Writable } from 'node:stream';
import { createLogger } from '../../src/common/logger.js';
import type { HttpClient, HttpResult } from '../support/http.js';
import { createTestDatabase, query, type TestDatabase } from '../support/database.js';
import { startFreezingProxy, type FreezingProxy } from '../support/freezing-proxy.js';
import { describeOnServer } from '../support/on-server.js';
import {
  startTestHub,
  TEST_ADMIN,
  TEST_CLIENT,
  type TestApplication,
  type TestHub,
  type TestLocation,
} from '../support/test-hub.js';

// A database that goes silent instead of going away (a network partition, a failover that leaves the old
// address unanswering): no connection is closed, nothing answers. /readyz still answers, 503, within its
// check timeout, so a balancer takes the process out; requests waiting on the database (already in flight
// when it went silent, and new ones) are answered 503 database_unavailable with Retry-After within
// REQUEST_TIMEOUT_MS instead of as long as TCP waits; and once it answers again, everything works and
// nothing answered 201 is lost.

/** Small, so the test is quick; large enough that a loaded machine still places orders within it. */
const REQUEST_TIMEOUT_MS = 2000;
/** Room for a loaded machine on top of the bound; without the bound these requests waited as long as TCP does. */
const SLACK_MS = 3000;

interface Sent {
  startedAt: number;
  endedAt: number;
  externalId: string;
  res: HttpResult;
}

describeOnServer('a database gone silent (network partition)', () => {
  let db: TestDatabase;
  let proxy: FreezingProxy;
  let t: TestHub;
  let loc: TestLocation;
  let market: HttpClient;
  let marketApp: TestApplication;
  const logLines: { level: number; msg: string }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    proxy = await startFreezingProxy(db.url);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    t = await startTestHub(
      { LOG_LEVEL: 'info', REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) },
      {},
      { url: proxy.url, log: createLogger('info', sink) },
    );
    marketApp = await t.createApplication('MARKETPLACE');
    loc = await t.createLocation(undefined, 'Partition bistro');
    await t.connect(marketApp, loc);
    market = await t.applicationClient(marketApp);
  }, 60_000);
  afterAll(async () => {
    proxy?.thaw();
    await t?.stop();
    await proxy?.close();
    await db?.drop();
  });

  const waitUntil = async (done: () => boolean, what: string, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const readyAgain = async () => {
    const deadline = Date.now() + 10_000;
    let after = await t.anonymous.get('/readyz');
    while (after.status !== 200 && Date.now() < deadline) after = await t.anonymous.get('/readyz');
    return after.status;
  };

  it('answers /readyz 503 within the check timeout while the database is silent, and 200 once it answers again', async () => {
    expect((await t.anonymous.get('/readyz')).status).toBe(200);
    proxy.freeze();
    const startedAt = Date.now();
    const during = await t.anonymous.get('/readyz');
    expect(during.status).toBe(503);
    expect(during.body.checks.database).toBe(false);
    // The check's 2 s, with room for a loaded machine; without the bound it waited as long as TCP does.
    expect(Date.now() - startedAt).toBeLessThan(5000);
    proxy.thaw();
    expect(await readyAgain()).toBe(200);
  }, 60_000);

  it('answers requests waiting on it 503 database_unavailable within REQUEST_TIMEOUT_MS, on every surface, and loses nothing', async () => {
    const orders: Sent[] = [];
    let loading = true;
    let n = 0;
    const bodyOf = (externalId: string) => ({
      externalId,
      fulfillmentType: 'PICKUP',
      items: [{ name: 'Soup', quantity: 1, price: 500 }],
      total: 500,
    });
    const place = async (externalId: string): Promise<Sent> => {
      const startedAt = Date.now();
      const res = await market.post(`${loc.path}/orders`, bodyOf(externalId), {
        headers: { 'Idempotency-Key': externalId },
      });
      return { startedAt, endedAt: Date.now(), externalId, res };
    };
    // Four marketplace clients placing orders one after another each: some are in flight when it goes silent.
    const placing = Array.from({ length: 4 }, async () => {
      while (loading) orders.push(await place(`pt-${n++}`));
    });
    const count = (status: number) => orders.filter((o) => o.res.status === status).length;
    await waitUntil(() => count(201) >= 10, '10 orders placed');
    const logMark = logLines.length;
    proxy.freeze();
    const frozenAt = Date.now();
    // New requests meanwhile: GraphQL, and the token endpoint (OAuth's error shape) for a partner and an operator.
    const timed = async (call: () => Promise<HttpResult>) => {
      const startedAt = Date.now();
      const res = await call();
      return { res, ms: Date.now() - startedAt };
    };
    const [graphql, ...grants] = await Promise.all([
      timed(() => t.admin.graphql('{ accounts { data { id } } }')),
      timed(() =>
        t.token({
          grant_type: 'client_credentials',
          client_id: marketApp.clientId,
          client_secret: marketApp.clientSecret,
        }),
      ),
      timed(() =>
        t.token({
          grant_type: 'password',
          username: TEST_ADMIN.email,
          password: TEST_ADMIN.password,
          client_id: TEST_CLIENT.clientId,
          client_secret: TEST_CLIENT.clientSecret,
        }),
      ),
    ]);
    // Every placing client has been refused at least once (the first of them were in flight at the freeze).
    await waitUntil(
      () => orders.filter((o) => o.res.status === 503).length >= 8,
      'placements refused during the partition',
    );
    proxy.thaw();
    const thawedAt = Date.now();
    expect(await readyAgain()).toBe(200);
    const placedNow = count(201);
    await waitUntil(() => count(201) >= placedNow + 10, '10 orders placed after the thaw');
    loading = false;
    await Promise.all(placing);

    // Nothing but 201 and 503; each 503 says database_unavailable, with Retry-After, within the bound.
    expect([...new Set(orders.map((o) => o.res.status))].sort()).toEqual([201, 503]);
    const refused = orders.filter((o) => o.res.status === 503);
    for (const o of refused) {
      expect({ status: o.res.status, code: o.res.body.code, type: o.res.headers.get('content-type') }).toEqual({
        status: 503,
        code: 'database_unavailable',
        type: expect.stringContaining('application/problem+json'),
      });
      expect(Number(o.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(o.endedAt - o.startedAt).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
    }
    // Some were already waiting on the database when it went silent.
    expect(refused.some((o) => o.startedAt < frozenAt)).toBe(true);
    expect(graphql.res.status).toBe(503);
    expect(graphql.res.body.errors?.[0].extensions?.code).toBe('database_unavailable');
    expect(Number(graphql.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(graphql.ms).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
    for (const grant of grants) {
      expect({ status: grant.res.status, body: grant.res.body }).toEqual({
        status: 503,
        body: { error: 'database_unavailable', error_description: expect.any(String) },
      });
      expect(Number(grant.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(grant.ms).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
    }
    expect(thawedAt).toBeGreaterThan(frozenAt);

    // Nothing answered 201 is lost (read past the proxy, straight from the database).
    const placed = orders.filter((o) => o.res.status === 201).map((o) => o.res.body.data.id as string);
    const stored = await query<{ id: string }>(db.url, 'select id from orders where id = any($1::uuid[])', [placed]);
    expect(stored).toHaveLength(placed.length);
    // A refused placement may still have been committed after its 503 (its transaction was only waiting):
    // retried with the same Idempotency-Key it answers 201 (the stored answer, or placed now), never twice.
    for (const o of refused) {
      let retry = await place(o.externalId);
      // 409 while the first attempt is still finishing (its key is claimed until it answers).
      const until = Date.now() + 10_000;
      while (retry.res.status === 409 && Date.now() < until) retry = await place(o.externalId);
      expect({ externalId: o.externalId, status: retry.res.status }).toEqual({ externalId: o.externalId, status: 201 });
    }
    const perExternalId = await query<{ external_id: string; n: string }>(
      db.url,
      'select external_id, count(*) as n from orders where external_id like $1 group by external_id',
      ['pt-%'],
    );
    expect(perExternalId.filter((row) => Number(row.n) !== 1)).toEqual([]);
    expect(perExternalId).toHaveLength(new Set(orders.map((o) => o.externalId)).size);

    // One warning for the outage, no error lines (no "headers already sent", no stack trace per request).
    const during = logLines.slice(logMark);
    expect(during.filter((l) => l.level >= 50)).toEqual([]);
    expect(
      during.filter((l) => l.msg === 'database unreachable: answering 503 database_unavailable until it is back'),
    ).toHaveLength(1);
  }, 90_000);
});
