import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildHub } from '../support/child-hub.js';
import { createTestDatabase, query, type TestDatabase } from '../support/database.js';
import { describeOnServer } from '../support/on-server.js';
import { adminTokenAt, HUB_START_TIMEOUT_MS, testEnv } from '../support/test-hub.js';

// What only a real process shows: `npm start` with no database configured, a restart keeping the data,
// graceful shutdown, and a SIGKILL in the middle of a location PATCH.

describe('starting with no PostgreSQL configured', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'orderhub-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // How fast it starts is bench material (the README gives the figure); a busy machine took 42 s here.
  it('serves /healthz on the embedded database, and keeps the data across a restart', async () => {
    const env = { ...testEnv(''), DATABASE_URL: '', DATA_DIR: dataDir };
    const first = await startChildHub(env);
    expect((await first.client(null).get('/healthz')).status).toBe(200);
    expect((await first.client(null).get('/readyz')).status).toBe(200);
    const created = await first
      .client(await adminTokenAt(first.url))
      .post('/v1/accounts', { name: 'Survives restarts' });
    expect(created.status).toBe(201);
    first.process.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await startChildHub(env);
    const read = await second.client(await adminTokenAt(second.url)).get(`/v1/accounts/${created.body.data.id}`);
    expect(read.body.data.name).toBe('Survives restarts');
    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);
});

// Concurrent writes while the hub stops or dies: PostgreSQL only (see test/support/on-server.ts).
describeOnServer('on a PostgreSQL server', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  }, HUB_START_TIMEOUT_MS);
  afterAll(() => db.drop());

  async function setUp() {
    const hub = await startChildHub(testEnv(db.url));
    const admin = hub.client(await adminTokenAt(hub.url));
    const accountId = (await admin.post('/v1/accounts', { name: 'Crash' })).body.data.id;
    const locationId = (await admin.post(`/v1/accounts/${accountId}/locations`, { name: 'Crash site' })).body.data.id;
    return { hub, admin, path: `/v1/accounts/${accountId}/locations/${locationId}`, locationId };
  }

  const rateSet = (prefix: string) =>
    Array.from({ length: 150 }, (_, i) => ({
      posReference: `${prefix}-${i}`,
      name: `${prefix} rate ${i}`,
      type: 'FIXED',
      rate: i,
    }));

  it('finishes in-flight requests on SIGTERM before exiting', async () => {
    const { hub, admin, path } = await setUp();
    const inFlight = Array.from({ length: 10 }, (_, i) =>
      admin.patch(path, { name: `graceful ${i}`, taxRates: rateSet(`g${i}`) }),
    );
    await inFlight[0];
    hub.process.kill('SIGTERM');
    const results = await Promise.allSettled(inFlight);
    expect(await hub.exited).toBe(0);
    // Every request the server had accepted got its full answer; none was cut off half way.
    for (const result of results) {
      if (result.status === 'fulfilled') expect(result.value.status).toBe(200);
      else expect(String(result.reason?.cause?.code ?? result.reason)).toMatch(/ECONNREFUSED|ECONNRESET|fetch failed/);
    }
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('leaves either the old or the new tax rates when killed during a PATCH, never a mix', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { hub, admin, path, locationId } = await setUp();
      const sets = ['A', 'B', 'C', 'D'].map((p) => `${p}${round}`);
      const patches = sets.map((prefix) => admin.patch(path, { taxRates: rateSet(prefix) }).catch(() => null));
      // Kill as soon as the first answer is back, while the others are still being written.
      await Promise.race(patches);
      hub.process.kill('SIGKILL');
      await hub.exited;
      await Promise.all(patches);
      const rows = await query<{ pos_reference: string }>(
        db.url,
        'select pos_reference from tax_rates where location_id = $1',
        [locationId],
      );
      const prefixes = new Set(rows.map((r) => r.pos_reference.split('-')[0]));
      expect(prefixes.size).toBeLessThanOrEqual(1);
      if (rows.length > 0) expect(rows).toHaveLength(150);
    }
  }, 240_000);
});
