import { liveClient, type LiveClient } from '../support/subscriber.js';
import { startTestHub, TEST_ADMIN, type TestHub } from '../support/test-hub.js';

// `npm start` without DATABASE_URL runs on the embedded PGlite, one session for every connection: a NOTIFY
// goes back to the connection that committed it rather than to the listening one. The hub reads it from
// the session's output instead (src/db/embedded-session-queue.ts), so the board is live there too.

describe('live updates on the embedded database', () => {
  let t: TestHub;
  let live: LiveClient;

  beforeAll(async () => {
    t = await startTestHub({}, {}, { embedded: true });
  }, 120_000);
  afterAll(async () => {
    await live?.close();
    await t?.stop();
  }, 60_000);

  it('pushes an order placed over REST to a board subscriber', async () => {
    const loc = await t.createLocation();
    const market = await t.createApplication('MARKETPLACE');
    await t.connect(market, loc);
    live = liveClient(t.url, (await t.passwordToken(TEST_ADMIN.email, TEST_ADMIN.password)).access_token);
    const board = live.subscribe(
      `subscription($a: ID!, $l: ID!) { orderBoard(accountId: $a, locationId: $l) { kind order { externalId status } } }`,
      {
        a: loc.accountId,
        l: loc.locationId,
      },
    );
    await board.waitFor((d) => d.orderBoard.kind === 'RESYNC');
    const placed = await (
      await t.applicationClient(market)
    ).post(`${loc.path}/orders`, {
      externalId: 'embedded-1',
      fulfillmentType: 'PICKUP',
      items: [{ name: 'Tea', quantity: 1, price: 300 }],
    });
    expect(placed.status).toBe(201);
    const event = await board.waitFor(
      (d) => d.orderBoard.order?.externalId === 'embedded-1',
      2000,
      'the order on the board',
    );
    expect(event.data.orderBoard).toEqual({ kind: 'CREATED', order: { externalId: 'embedded-1', status: 'NEW' } });
  });
});
