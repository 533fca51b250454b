import { query } from '../support/database.js';
import { describeOnServer } from '../support/on-server.js';
import { liveClient, type LiveClient } from '../support/subscriber.js';
import { startTestHub, type TestApplication, type TestHub, type TestLocation } from '../support/test-hub.js';

// The listening connection of live signals (src/live/live-listener.ts) when the database drops it, as a
// restart or a failover does: the hub connects again by itself, LISTENs again, tells every subscriber to
// read again (what was sent meanwhile is lost), and what is committed afterwards reaches them as before.
// The connection is ended from the server side (pg_terminate_backend), so this needs a PostgreSQL server.

describeOnServer('live signals after the listening connection is lost', () => {
  let t: TestHub;
  let loc: TestLocation;
  let market: TestApplication;
  let live: LiveClient;

  beforeAll(async () => {
    t = await startTestHub({ LIVE_RECONNECT_DELAY_MS: '20' });
    loc = await t.createLocation();
    market = await t.createApplication('MARKETPLACE');
    await t.connect(market, loc);
  }, 120_000);
  afterAll(async () => {
    await live?.close();
    await t?.stop();
  }, 60_000);

  it('listens again, sends RESYNC to subscribers, and pushes what is committed afterwards', async () => {
    const token = (await t.passwordToken('admin@test.example', 'admin-password-0123456789')).access_token;
    live = liveClient(t.url, token);
    const board = live.subscribe(
      `subscription($a: ID!, $l: ID!) { orderBoard(accountId: $a, locationId: $l) { kind order { externalId } } }`,
      {
        a: loc.accountId,
        l: loc.locationId,
      },
    );
    await board.waitFor((d) => d.orderBoard.kind === 'RESYNC');
    expect(t.hub.liveListener.status).toBe('listening');

    const ended = await query<{ ended: boolean }>(
      t.db.url,
      `select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and query = 'LISTEN order_hub_live'`,
    );
    expect(ended).toEqual([{ ended: true }]);
    // The second RESYNC: the listener is back and says that something may have been missed.
    await board.waitFor(
      (d) =>
        board.events.filter((e) => e.data.orderBoard.kind === 'RESYNC').length === 2 && d.orderBoard.kind === 'RESYNC',
      5000,
      'a RESYNC after reconnecting',
    );
    expect(t.hub.liveListener.status).toBe('listening');

    const marketClient = await t.applicationClient(market);
    const placed = await marketClient.post(`${loc.path}/orders`, {
      externalId: 'after-reconnect',
      fulfillmentType: 'PICKUP',
      items: [{ name: 'Tea', quantity: 1, price: 300 }],
    });
    expect(placed.status).toBe(201);
    await board.waitFor(
      (d) => d.orderBoard.order?.externalId === 'after-reconnect',
      2000,
      'the order placed after reconnecting',
    );
  });
});
