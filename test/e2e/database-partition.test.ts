import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { startFreezingProxy, type FreezingProxy } from '../support/freezing-proxy.js';
import { describeOnServer } from '../support/on-server.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

// A database that goes silent instead of going away (a network partition, a failover that leaves the old
// address unanswering): no connection is closed, nothing answers. /readyz still answers, 503, within its
// check timeout, so a balancer takes the process out; and 200 again once the database answers.

describeOnServer('a database gone silent (network partition)', () => {
  let db: TestDatabase;
  let proxy: FreezingProxy;
  let t: TestHub;

  beforeAll(async () => {
    db = await createTestDatabase();
    proxy = await startFreezingProxy(db.url);
    t = await startTestHub({}, {}, { url: proxy.url });
  });
  afterAll(async () => {
    proxy?.thaw();
    await t?.stop();
    await proxy?.close();
    await db?.drop();
  });

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
    const deadline = Date.now() + 10_000;
    let after = await t.anonymous.get('/readyz');
    while (after.status !== 200 && Date.now() < deadline) after = await t.anonymous.get('/readyz');
    expect(after.status).toBe(200);
  }, 60_000);
});
