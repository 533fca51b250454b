import { MikroORM } from '@mikro-orm/postgresql';
import { uuidv7 } from '../../src/common/ids.js';
import { ormOptions } from '../../src/db/mikro-orm.config.js';
import { createTestDatabase, query, type TestDatabase } from '../support/database.js';
import { describeOnServer } from '../support/on-server.js';
import { enqueueMany } from '../support/deliveries.js';
import { FakePartner, type RecordedRequest } from '../support/fake-partner.js';
import { startChildHub, type ChildHub } from '../support/child-hub.js';
import { HttpClient } from '../support/http.js';
import { adminTokenAt, HUB_START_TIMEOUT_MS, testEnv } from '../support/test-hub.js';

// Hubs as real processes on one database: a SIGKILL in the middle of delivering loses nothing, and two
// processes sharing the work send each event once. This needs a PostgreSQL server (TEST_DATABASE_URL, as in
// CI): the embedded PGlite serves every connection from one session, so it cannot host several hub
// processes, and it runs only the hub started in its own process.

describeOnServer('hub processes on one PostgreSQL', () => {
  let db: TestDatabase;
  let partner: FakePartner;
  let orm: MikroORM | undefined;
  const processes: ChildHub[] = [];

  beforeEach(async () => {
    db = await createTestDatabase();
    partner = await FakePartner.start();
  }, HUB_START_TIMEOUT_MS);
  afterEach(async () => {
    await Promise.all(processes.splice(0).map((p) => kill(p, 'SIGKILL')));
    await orm?.close();
    orm = undefined;
    await partner.close();
    await db.drop();
  });

  function kill(hub: ChildHub, signal: NodeJS.Signals): Promise<number | string> {
    if (hub.process.exitCode === null && hub.process.signalCode === null) hub.process.kill(signal);
    return hub.exited;
  }

  async function hub(): Promise<ChildHub> {
    const started = await startChildHub(testEnv(db.url, { DELIVERY_RECLAIM_INTERVAL_MS: '200' }));
    processes.push(started);
    // The test's own ORM once the first hub has migrated the database.
    orm ??= await MikroORM.init(ormOptions(db.url, { pool: { min: 0, max: 8 } }));
    return started;
  }

  /**
   * A real application registered through a running hub: the hubs sign with its webhook secret, and send to its
   * webhook URL (read at each attempt), which is the partner's `path`.
   */
  async function application(hubUrl: string, path: string): Promise<string> {
    const admin = new HttpClient(hubUrl, await adminTokenAt(hubUrl));
    const res = await admin.post('/v1/applications', {
      kind: 'POS',
      name: `POS ${uuidv7()}`,
      redirectUris: ['http://127.0.0.1:9/callback'],
      webhookUrl: partner.urlFor(path),
      catalogPullUrl: 'http://127.0.0.1:9/catalog',
    });
    if (res.status !== 201) throw new Error(`creating an application failed: ${res.status} ${res.text}`);
    return res.body.data.id;
  }

  const events = (n: number, path: string, applicationId: string) =>
    Array.from({ length: n }, (_, i) => ({
      eventType: 'ORDER_CREATED' as const,
      applicationId,
      url: partner.urlFor(path),
      payload: { n: i },
    }));

  async function waitForDelivered(n: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [{ count }] = await query<{ count: number }>(
        db.url,
        `select count(*)::int as count from deliveries where status = 'DELIVERED'`,
      );
      if (count >= n) return;
      if (Date.now() > deadline) throw new Error(`only ${count} of ${n} deliveries DELIVERED after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  function byWebhookId(requests: RecordedRequest[]): Map<string, RecordedRequest[]> {
    const groups = new Map<string, RecordedRequest[]>();
    for (const r of requests) {
      const id = r.headers['webhook-id'] as string;
      groups.set(id, [...(groups.get(id) ?? []), r]);
    }
    return groups;
  }

  it('loses nothing when a hub is killed with SIGKILL mid-delivery; duplicates carry the same webhook-id', async () => {
    // A partner that takes a little time, so deliveries are in flight when the process dies.
    partner.always('/crash', { delayMs: 20 });
    const first = await hub();
    // The hub delivers as fast as events are enqueued one per transaction, so the kill comes after 100
    // requests, while the rest are still being enqueued or sent, not once all are enqueued.
    const enqueuing = enqueueMany(orm!, events(500, '/crash', await application(first.url, '/crash')));
    await partner.waitForRequests(100, { path: '/crash', timeoutMs: 20_000 });
    expect(await kill(first, 'SIGKILL')).toBe('SIGKILL');
    const before = partner.requestsTo('/crash').length;
    const enqueued = await enqueuing;
    expect(before).toBeLessThan(500);

    await hub();
    await waitForDelivered(500, 30_000);
    const groups = byWebhookId(partner.requestsTo('/crash'));
    // Every event reached the partner, and nothing else did.
    expect(new Set(groups.keys())).toEqual(new Set(enqueued.map((e) => e.eventId)));
    // A repeated webhook-id is the same event: the same body each time.
    for (const requests of groups.values()) expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    const rows = await query<{ status: string; count: number }>(
      db.url,
      'select status, count(*)::int as count from deliveries group by status',
    );
    expect(rows).toEqual([{ status: 'DELIVERED', count: 500 }]);
    // The dead process's record is gone: it was reclaimed.
    const registered = await query(db.url, 'select id from delivery_worker_processes');
    expect(registered).toHaveLength(1);
  }, 90_000);

  it('two hub processes on one database deliver 1,000 events exactly once', async () => {
    const one = await hub();
    await hub();
    const enqueued = await enqueueMany(orm!, events(1000, '/shared', await application(one.url, '/shared')));
    await waitForDelivered(1000, 40_000);
    const requests = partner.requestsTo('/shared');
    expect(requests).toHaveLength(1000);
    expect(new Set(requests.map((r) => r.headers['webhook-id']))).toEqual(new Set(enqueued.map((e) => e.eventId)));
    // Each attempt that reached the partner was made once. (An attempt can fail before reaching it, say a
    // keep-alive connection the partner closed at that instant; it is logged, and retried.)
    const [{ answered }] = await query<{ answered: number }>(
      db.url,
      'select count(*)::int as answered from delivery_attempts where http_status is not null',
    );
    expect(answered).toBe(1000);
  }, 90_000);
});
