import { createTestDatabase, query, type TestDatabase } from '../support/database.js';
import { startChildHub, type ChildHub } from '../support/child-hub.js';
import { FakePartner, type RecordedRequest } from '../support/fake-partner.js';
import { HttpClient } from '../support/http.js';
import { describeOnServer } from '../support/on-server.js';
import { adminTokenAt, HUB_START_TIMEOUT_MS, testEnv } from '../support/test-hub.js';

// A snooze ends by itself once, whatever the hub processes do: two processes on one database take an item
// back and tell the marketplace exactly once, and a snooze set before every process stopped ends when a new
// one starts, once. The schedule is a row in the database, not a timer in a process's memory. The hubs'
// clock is set by configuration (CLOCK_OFFSET_MS, the same for every process, as production requires);
// each snooze ends a few seconds after it is set, and the test waits for that outcome. Real processes need a
// PostgreSQL server: the embedded database serves one.

describeOnServer('snoozes ending across hub processes', () => {
  let db: TestDatabase;
  let partner: FakePartner;
  const processes: ChildHub[] = [];
  // The evening before the clocks go forward in Amsterdam.
  const offset = Date.parse('2027-03-27T19:00:00.000Z') - Date.now();
  const inHubTime = (ms: number) => new Date(Date.now() + offset + ms).toISOString();

  beforeAll(async () => {
    db = await createTestDatabase();
    partner = await FakePartner.start();
  }, HUB_START_TIMEOUT_MS);
  afterAll(async () => {
    await Promise.all(processes.map((p) => kill(p)));
    await partner.close();
    await db.drop();
  });

  function kill(hub: ChildHub): Promise<number | string> {
    if (hub.process.exitCode === null && hub.process.signalCode === null) hub.process.kill('SIGKILL');
    return hub.exited;
  }

  async function hub(): Promise<ChildHub> {
    const started = await startChildHub(
      testEnv(db.url, {
        CLOCK_OFFSET_MS: String(offset),
        DELIVERY_POLL_INTERVAL_MS: '50',
        DELIVERY_RECLAIM_INTERVAL_MS: '200',
      }),
    );
    processes.push(started);
    return started;
  }

  const unsnoozed = () =>
    partner.requestsTo('/market/webhooks').filter((r) => JSON.parse(r.body).eventType === 'ITEMS_UNSNOOZED');
  const eventIds = (requests: RecordedRequest[]) => new Set(requests.map((r) => r.headers['webhook-id']));

  async function waitForUnsnoozed(n: number): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (eventIds(unsnoozed()).size < n) {
      if (Date.now() > deadline) throw new Error(`${eventIds(unsnoozed()).size} of ${n} ITEMS_UNSNOOZED arrived`);
      await partner.waitForRequests(partner.requests.length + 1, { timeoutMs: 30_000 }).catch(() => undefined);
    }
  }

  const jobsLeft = async (locationId: string) =>
    (
      await query<{ n: number }>(db.url, 'select count(*)::int as n from graphile_worker.jobs where key = $1', [
        `catalog-unsnooze:${locationId}`,
      ])
    )[0].n;
  const unsnoozeDeliveries = async () =>
    (
      await query<{ n: number }>(
        db.url,
        `select count(*)::int as n from deliveries where event_type = 'ITEMS_UNSNOOZED'`,
      )
    )[0].n;
  const snoozedUntil = async (locationId: string) =>
    (
      await query<{ snoozed_until: Date | null }>(
        db.url,
        `select snoozed_until from products where location_id = $1 and pos_reference = 'burrata'`,
        [locationId],
      )
    )[0].snoozed_until;

  it('two processes take an item back once, and a snooze set before a restart ends once after it', async () => {
    const a = await hub();
    const b = await hub();
    const admin = new HttpClient(a.url, await adminTokenAt(a.url));
    const account = (await admin.post('/v1/accounts', { name: 'Trattoria group' })).body.data.id;
    const locationId = (
      await admin.post(`/v1/accounts/${account}/locations`, { name: 'Trattoria', timezone: 'Europe/Amsterdam' })
    ).body.data.id;
    const loc = `/v1/accounts/${account}/locations/${locationId}`;
    const imported = await admin.put(`${loc}/catalog/import`, {
      categories: [],
      modifiers: [],
      modifierGroups: [],
      products: [{ posReference: 'burrata', name: 'Burrata', price: 1250 }],
    });
    expect(imported.status).toBe(200);
    const market = await admin.post('/v1/applications', {
      kind: 'MARKETPLACE',
      name: 'FoodNow',
      redirectUris: ['http://127.0.0.1:9/callback'],
      webhookUrl: partner.urlFor('/market/webhooks'),
    });
    expect((await admin.post(`${loc}/connections`, { applicationId: market.body.data.id })).status).toBe(201);
    const snooze = (client: HttpClient, ms: number) =>
      client.put(`${loc}/catalog/snoozes`, {
        items: [{ posReference: 'burrata', kind: 'PRODUCT', until: inHubTime(ms) }],
      });

    // Two processes, both running scheduled jobs: the snooze set through one ends once.
    expect((await snooze(admin, 2_000)).status).toBe(200);
    await waitForUnsnoozed(1);
    // Nothing is left that could send it again: the job is done and no other waits.
    expect(await jobsLeft(locationId)).toBe(0);
    expect(await unsnoozeDeliveries()).toBe(1);
    expect(await snoozedUntil(locationId)).toBeNull();

    // Snoozed again through the other process, then every process stops before the snooze ends.
    const viaB = new HttpClient(b.url, await adminTokenAt(b.url));
    expect((await snooze(viaB, 4_000)).status).toBe(200);
    await Promise.all([kill(a), kill(b)]);
    // Both are gone with the item still snoozed and its job waiting: the end is the next process's to make.
    expect(await snoozedUntil(locationId)).not.toBeNull();
    expect(await jobsLeft(locationId)).toBe(1);

    await hub();
    await waitForUnsnoozed(2);
    expect(await jobsLeft(locationId)).toBe(0);
    expect(await unsnoozeDeliveries()).toBe(2);
    expect(await snoozedUntil(locationId)).toBeNull();
    // Each end reached the marketplace as one event (a retry would repeat its webhook-id, never add one).
    expect(eventIds(unsnoozed()).size).toBe(2);
  }, 120_000);
});
