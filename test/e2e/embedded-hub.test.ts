import { FakePartner } from '../support/fake-partner.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

// The hub on its embedded database (the README's default start) under concurrent writes, with the delivery
// worker polling: order placements and location PATCHes at once, round after round, and every ORDER_CREATED
// delivered. pglite-socket's own queue let one connection's extended-protocol messages interleave with
// another's; a few rounds of this stalled the hub for good (src/db/embedded-session-queue.ts).

const ROUNDS = 8;
const PER_ROUND = 10;

let t: TestHub;
let pos: FakePartner;

beforeAll(async () => {
  pos = await FakePartner.start();
  t = await startTestHub({}, {}, { embedded: true });
  // The embedded database (PostgreSQL in WebAssembly) starts and migrates in seconds on a quiet machine and took
  // over 30 s once on a busy one.
}, 120_000);
afterAll(async () => {
  await t?.stop();
  await pos?.close();
}, 60_000);

/** Fails instead of hanging: a stalled hub is the failure this test is about. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

it('serves concurrent placements and location changes while delivering, without stalling', async () => {
  expect(t.db.real).toBe(false);
  const loc = await t.createLocation(undefined, 'Embedded kitchen');
  const posApp = await t.createApplication('POS', { webhookUrl: pos.urlFor('/orders') });
  const market = await t.createApplication('MARKETPLACE');
  await t.connect(posApp, loc);
  await t.connect(market, loc);
  const marketClient = await t.applicationClient(market);

  let placed = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const requests = Array.from({ length: PER_ROUND }, (_, i) => [
      marketClient.post(`${loc.path}/orders`, {
        externalId: `r${round}-${i}`,
        fulfillmentType: 'PICKUP',
        items: [{ name: 'Soup', quantity: 1, price: 500 }],
      }),
      t.admin.patch(loc.path, {
        name: `Kitchen ${round}-${i}`,
        taxRates: [{ posReference: `vat-${i}`, name: 'VAT', type: 'PERCENTAGE', rate: 90000 }],
      }),
    ]).flat();
    const answers = await within(20_000, Promise.all(requests));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(PER_ROUND).fill(200), ...Array(PER_ROUND).fill(201)]);
    placed += PER_ROUND;
  }
  const received = await pos.waitForRequests(placed, { path: '/orders', timeoutMs: 20_000 });
  expect(new Set(received.map((r) => JSON.parse(r.body).orderId)).size).toBe(placed);
  // A stall fails a round within 20 s; the whole run is 160 requests on one WebAssembly session, which on a
  // busy machine takes longer than jest's default 30 s without anything being stuck.
}, 180_000);
