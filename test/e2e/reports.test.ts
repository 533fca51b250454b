import pg from 'pg';
import { binOf } from '../../src/modules/reports/acceptance-bins.js';
import { FakePartner } from '../support/fake-partner.js';
import type { HttpClient } from '../support/http.js';
import { startTestHub, type TestApplication, type TestHub, type TestLocation } from '../support/test-hub.js';

// Order reports against a hub on a real database: orders placed, accepted, rejected and cancelled over HTTP
// by real partner tokens, then the report's figures checked against those orders. Placement stamps the
// hub's own clock, so the orders are then moved by SQL to chosen instants around local midnights (the
// rollup triggers move their figures as they would for any update); that is how the day and hour
// boundaries of a +05:30 and a -05:00 location are put to the test.

const HOOK = '/webhooks';

let t: TestHub;
let posPartner: FakePartner;
let marketPartner: FakePartner;
let pos: TestApplication;
let m1: TestApplication;
let m2: TestApplication;
let posClient: HttpClient;
let m1Client: HttpClient;
let m2Client: HttpClient;
/** Asia/Kolkata (+05:30): its midnight is 18:30 UTC, inside a UTC hour. */
let kolkata: TestLocation;
/** A second location of the same account, America/New_York (-05:00 in November). */
let newYork: TestLocation;

/** One statement on a connection of its own (the embedded database serves one session: none is kept open). */
async function sql(text: string, params: unknown[]): Promise<any[]> {
  const client = new pg.Client({ connectionString: t.db.url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  [posPartner, marketPartner] = await Promise.all([FakePartner.start(), FakePartner.start()]);
  // The POS never takes a webhook: its ORDER_CREATED deliveries end FAILED after the (short) retry schedule.
  posPartner.always(HOOK, { status: 500 });
  t = await startTestHub();
  pos = await t.createApplication('POS', { webhookUrl: posPartner.urlFor(HOOK) });
  m1 = await t.createApplication('MARKETPLACE', { name: 'FoodNow', webhookUrl: marketPartner.urlFor(HOOK) });
  m2 = await t.createApplication('MARKETPLACE', { name: 'EatHere', webhookUrl: marketPartner.urlFor(HOOK) });
  kolkata = await t.createLocation(undefined, 'Kolkata');
  expect((await t.admin.patch(kolkata.path, { timezone: 'Asia/Kolkata', currency: 'EUR' })).status).toBe(200);
  const created = await t.admin.post(`/v1/accounts/${kolkata.accountId}/locations`, {
    name: 'New York',
    timezone: 'America/New_York',
    currency: 'EUR',
  });
  expect(created.status).toBe(201);
  newYork = {
    accountId: kolkata.accountId,
    locationId: created.body.data.id,
    path: `/v1/accounts/${kolkata.accountId}/locations/${created.body.data.id}`,
  };
  for (const location of [kolkata, newYork]) for (const app of [pos, m1, m2]) await t.connect(app, location);
  [posClient, m1Client, m2Client] = await Promise.all([
    t.applicationClient(pos),
    t.applicationClient(m1),
    t.applicationClient(m2),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([posPartner?.close(), marketPartner?.close()]);
  await t?.stop();
});

let sequence = 0;

interface Placed {
  id: string;
  location: TestLocation;
  marketplace: TestApplication;
}

async function place(
  location: TestLocation,
  client: HttpClient,
  marketplace: TestApplication,
  fields: Record<string, unknown> = {},
): Promise<Placed> {
  const res = await client.post(`${location.path}/orders`, {
    externalId: `report-${sequence++}`,
    fulfillmentType: 'PICKUP',
    items: [{ name: 'Thali', quantity: 1, price: 1000 }],
    ...fields,
  });
  expect(res.status).toBe(201);
  return { id: res.body.data.id, location, marketplace };
}

async function setStatus(order: Placed, client: HttpClient, status: string, cancellationReason?: string) {
  const res = await client.patch(`${order.location.path}/orders/${order.id}`, {
    status,
    ...(cancellationReason ? { cancellationReason } : {}),
  });
  expect(res.status).toBe(200);
}

/** Moves an order to a chosen instant, keeping how long its acceptance took (or setting it, in seconds). */
async function placedAt(order: Placed, at: string, acceptedAfterSeconds?: number) {
  await sql(
    `update orders set accepted_at = case when accepted_at is null then null
                                          else $2::timestamptz + coalesce($3 * interval '1 second', accepted_at - created_at) end,
                       created_at = $2::timestamptz
      where id = $1`,
    [order.id, at, acceptedAfterSeconds ?? null],
  );
}

async function report(client: HttpClient, path: string, query: string) {
  const res = await client.get(`${path}/reports/orders?${query}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

const accountPath = () => `/v1/accounts/${kolkata.accountId}`;

describe('figures of a location', () => {
  // Kolkata, in local time: 2026-11-20 23:59:59 and 2026-11-21 00:00:00 are 18:29:59Z and 18:30:00Z (the same
  // UTC hour); 2026-11-23 is a Monday, the first day of the next week.
  let orders: Record<string, Placed>;

  beforeAll(async () => {
    orders = {
      // FoodNow: accepted in 30 s, 60 s, 90 s, 300 s; one rejected (TOO_BUSY), one cancelled by the customer.
      a: await place(kolkata, m1Client, m1, { total: 1000 }),
      b: await place(kolkata, m1Client, m1, { total: 2000 }),
      c: await place(kolkata, m1Client, m1, {}), // no total: counted, but not in the average basket
      d: await place(kolkata, m1Client, m1, { total: 600, currency: 'USD' }),
      e: await place(kolkata, m1Client, m1, { total: 500 }),
      f: await place(kolkata, m1Client, m1, { total: 700 }),
      // EatHere: one accepted in 45 s, one rejected without a reason.
      g: await place(kolkata, m2Client, m2, { total: 1500 }),
      h: await place(kolkata, m2Client, m2, { total: 800 }),
    };
    for (const key of ['a', 'b', 'c', 'd', 'g']) await setStatus(orders[key], posClient, 'ACCEPTED');
    await setStatus(orders.b, posClient, 'PREPARING'); // moving on after acceptance changes no figure
    await setStatus(orders.e, posClient, 'REJECTED', 'TOO_BUSY');
    await setStatus(orders.f, m1Client, 'CANCELLED', 'CUSTOMER_CANCELLED');
    await setStatus(orders.h, posClient, 'REJECTED');
    await placedAt(orders.a, '2026-11-20T18:29:59Z', 30); // Friday 20th, 23:59:59 local
    await placedAt(orders.b, '2026-11-20T18:30:00Z', 60); // Saturday 21st, 00:00:00 local
    await placedAt(orders.c, '2026-11-21T06:00:00Z', 90); // Saturday 21st, 11:30 local
    await placedAt(orders.d, '2026-11-22T18:29:00Z', 300); // Sunday 22nd, 23:59 local
    await placedAt(orders.e, '2026-11-22T18:31:00Z'); // Monday 23rd, 00:01 local
    await placedAt(orders.f, '2026-11-21T10:00:00Z'); // Saturday 21st, 15:30 local
    await placedAt(orders.g, '2026-11-21T10:10:00Z', 45); // Saturday 21st, 15:40 local
    await placedAt(orders.h, '2026-11-21T10:20:00Z'); // Saturday 21st, 15:50 local
  }, 60_000);

  it('counts each order on its local day, and the range holds both its ends', async () => {
    const r = await report(t.admin, kolkata.path, 'from=2026-11-20&to=2026-11-23&granularity=day');
    expect(r).toMatchObject({ locationId: kolkata.locationId, timezone: 'Asia/Kolkata', granularity: 'DAY' });
    expect(r.periods.map((p: any) => [p.start, p.totals.orders])).toEqual([
      ['2026-11-20', 1],
      ['2026-11-21', 5],
      ['2026-11-22', 1],
      ['2026-11-23', 1],
    ]);
    // A range that stops on Saturday leaves Sunday's and Monday's orders out; one that starts on Saturday, Friday's.
    expect((await report(t.admin, kolkata.path, 'from=2026-11-21&to=2026-11-21')).totals.orders).toBe(5);
  });

  it('sums orders, revenue, average basket, outcomes with reasons and acceptance times over the range', async () => {
    const r = await report(t.admin, kolkata.path, 'from=2026-11-20&to=2026-11-23');
    expect(r.totals).toMatchObject({
      orders: 8,
      accepted: 5,
      // Revenue leaves out the rejected (500, 800) and the cancelled (700); c carried no total.
      revenue: [
        { currency: 'EUR', amount: 1000 + 2000 + 1500, averageBasket: 1500 },
        { currency: 'USD', amount: 600, averageBasket: 600 },
      ],
      rejected: {
        count: 2,
        reasons: expect.arrayContaining([
          { reason: 'TOO_BUSY', count: 1 },
          { reason: null, count: 1 },
        ]),
      },
      cancelled: { count: 1, reasons: [{ reason: 'CUSTOMER_CANCELLED', count: 1 }] },
    });
    // Acceptance times 30, 45, 60, 90, 300 s: the nearest-rank p50 is 60 s and p90 300 s, read within 2%.
    expectWithin(r.totals.acceptanceTime.p50Ms, 60_000);
    expectWithin(r.totals.acceptanceTime.p90Ms, 300_000);
    expect(r.marketplaces.map((m: any) => [m.name, m.figures.orders, m.figures.accepted])).toEqual([
      ['FoodNow', 6, 4],
      ['EatHere', 2, 1],
    ]);
    const eatHere = r.marketplaces[1].figures;
    expect(eatHere.revenue).toEqual([{ currency: 'EUR', amount: 1500, averageBasket: 1500 }]);
    expect(eatHere.rejected).toEqual({ count: 1, reasons: [{ reason: null, count: 1 }] });
    expectWithin(eatHere.acceptanceTime.p50Ms, 45_000);
  });

  it('by hour, splits the local hours of a +05:30 zone where a UTC hour would not', async () => {
    const r = await report(t.admin, kolkata.path, 'from=2026-11-20&to=2026-11-21&granularity=HOUR');
    expect(r.periods).toHaveLength(48);
    const busy = r.periods.filter((p: any) => p.totals.orders > 0).map((p: any) => [p.start, p.totals.orders]);
    expect(busy).toEqual([
      ['2026-11-20T23:00', 1],
      ['2026-11-21T00:00', 1],
      ['2026-11-21T11:00', 1],
      ['2026-11-21T15:00', 3],
    ]);
    const afternoon = r.periods.find((p: any) => p.start === '2026-11-21T15:00');
    expect(afternoon.marketplaces.map((m: any) => [m.name, m.figures.orders])).toEqual([
      ['FoodNow', 1],
      ['EatHere', 2],
    ]);
    expectWithin(afternoon.totals.acceptanceTime.p50Ms, 45_000);
  });

  it('by week, weeks start on Monday', async () => {
    const r = await report(t.admin, kolkata.path, 'from=2026-11-20&to=2026-11-23&granularity=week');
    expect(r.periods.map((p: any) => [p.start, p.totals.orders])).toEqual([
      ['2026-11-16', 7],
      ['2026-11-23', 1],
    ]);
  });

  it('never counts a test order', async () => {
    const sample = await place(kolkata, m1Client, m1, { total: 4000 });
    await setStatus(sample, posClient, 'ACCEPTED');
    await placedAt(sample, '2026-11-21T06:30:00Z', 10);
    expect((await report(t.admin, kolkata.path, 'from=2026-11-21&to=2026-11-21')).totals.orders).toBe(6);
    // Flagged as a test order (what the sandbox marketplace's orders are), it leaves every figure.
    await sql('update orders set test = true where id = $1', [sample.id]);
    const r = await report(t.admin, kolkata.path, 'from=2026-11-21&to=2026-11-21');
    expect(r.totals).toMatchObject({ orders: 5, accepted: 3 });
    expect(r.totals.revenue[0]).toEqual({ currency: 'EUR', amount: 2000 + 1500, averageBasket: 1750 });
  });

  it("a marketplace's report holds only its own orders", async () => {
    const own = await report(m2Client, kolkata.path, 'from=2026-11-20&to=2026-11-23');
    expect(own.totals).toMatchObject({ orders: 2, accepted: 1, rejected: { count: 1 }, cancelled: { count: 0 } });
    expect(own.totals.revenue).toEqual([{ currency: 'EUR', amount: 1500, averageBasket: 1500 }]);
    expect(own.marketplaces.map((m: any) => m.name)).toEqual(['EatHere']);
    expect(JSON.stringify(own)).not.toContain(m1.id);
    // The POS sees every order of the location.
    expect((await report(posClient, kolkata.path, 'from=2026-11-20&to=2026-11-23')).totals.orders).toBe(8);
  });

  it('GraphQL answers the same report', async () => {
    const rest = await report(t.admin, kolkata.path, 'from=2026-11-20&to=2026-11-23&granularity=DAY');
    const gql = await t.admin.graphql(
      `query ($a: ID!, $l: ID) {
        orderReport(accountId: $a, locationId: $l, from: "2026-11-20", to: "2026-11-23", granularity: DAY) {
          accountId locationId from to granularity timezone
          totals { ...F }
          marketplaces { applicationId name figures { ...F } }
          periods { start totals { ...F } marketplaces { applicationId name figures { ...F } } }
        }
      }
      fragment F on ReportFigures {
        orders accepted failedDeliveries
        revenue { currency amount averageBasket }
        acceptanceTime { p50Ms p90Ms }
        rejected { count reasons { reason count } }
        cancelled { count reasons { reason count } }
      }`,
      { a: kolkata.accountId, l: kolkata.locationId },
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.orderReport).toEqual(rest);
  });

  it("an account's report counts each location's days in its own timezone", async () => {
    // Placed in New York on Friday 20th at 23:30 local: Saturday 21st 04:30 in UTC.
    const late = await place(newYork, m1Client, m1, { total: 900 });
    await placedAt(late, '2026-11-21T04:30:00Z');
    const account = await report(t.admin, accountPath(), 'from=2026-11-20&to=2026-11-20');
    expect(account).toMatchObject({ locationId: null, timezone: null });
    expect(account.totals.orders).toBe(2); // Kolkata's a and New York's late order
    expect(account.totals.revenue).toEqual([{ currency: 'EUR', amount: 1900, averageBasket: 950 }]);

    // Moved to UTC, the New York location's order now falls on the 21st: its figures are rebuilt.
    expect((await t.admin.patch(newYork.path, { timezone: 'UTC' })).status).toBe(200);
    expect((await report(t.admin, accountPath(), 'from=2026-11-20&to=2026-11-20')).totals.orders).toBe(1);
    expect((await report(t.admin, newYork.path, 'from=2026-11-21&to=2026-11-21')).totals.orders).toBe(1);
    expect((await t.admin.patch(newYork.path, { timezone: 'America/New_York' })).status).toBe(200);
    expect((await report(t.admin, newYork.path, 'from=2026-11-20&to=2026-11-20')).totals.orders).toBe(1);
  });
});

describe('acceptance bins', () => {
  it('are computed by the database exactly as the report reads them', async () => {
    const values = [0, 1, 2, 17, 999, 1_000, 45_000, 60_000, 299_999, 3_600_000, 86_400_000];
    const rows = await sql(
      'select order_reports.bin(x) as bin from unnest($1::bigint[]) with ordinality u(x, n) order by n',
      [values],
    );
    expect(rows.map((row) => row.bin)).toEqual(values.map(binOf));
  });
});

describe('failed deliveries', () => {
  it('counts the deliveries given up on, to the caller when it is a partner', async () => {
    const order = await place(newYork, m2Client, m2, { total: 100 });
    // ORDER_CREATED to the POS fails three times (the schedule of tests) and is given up.
    const deliveryId = await waitForFailed(order.id);
    expect(deliveryId).toBeTruthy();
    const today = localDate('America/New_York');
    const operator = await report(t.admin, newYork.path, `from=${today}&to=${today}`);
    expect(operator.totals.failedDeliveries).toBeGreaterThanOrEqual(1);
    // Addressed to the POS: not the marketplace's, so not in its figures, nor in its report at all.
    expect(operator.marketplaces.find((m: any) => m.name === 'EatHere')?.figures.failedDeliveries).toBe(0);
    const marketplace = await report(m2Client, newYork.path, `from=${today}&to=${today}`);
    expect(marketplace.totals.failedDeliveries).toBe(0);
    const ownByPos = await report(posClient, newYork.path, `from=${today}&to=${today}`);
    expect(ownByPos.totals.failedDeliveries).toBe(operator.totals.failedDeliveries);
  });
});

describe('bad input', () => {
  it('is a 400 naming the parameter', async () => {
    const missing = await t.admin.get(`${kolkata.path}/reports/orders?to=2026-11-20`);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('from');
    const backwards = await t.admin.get(`${kolkata.path}/reports/orders?from=2026-11-20&to=2026-11-19`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([expect.objectContaining({ path: 'to' })]);
    const hourly = await t.admin.get(`${kolkata.path}/reports/orders?from=2026-11-01&to=2026-11-30&granularity=hour`);
    expect(hourly.status).toBe(400);
    expect(hourly.text).toContain('at most 7 days');
    const gql = await t.admin.graphql(
      `{ orderReport(accountId: "${kolkata.accountId}", from: "2026-02-30", to: "2026-03-01") { from } }`,
    );
    expect(gql.body.errors?.[0].extensions?.code).toBe('validation_failed');
  });

  it("is 404 for a location out of the caller's reach", async () => {
    const other = await t.createLocation(undefined, 'Elsewhere');
    expect((await m1Client.get(`${other.path}/reports/orders?from=2026-11-20&to=2026-11-20`)).status).toBe(404);
  });
});

function expectWithin(actual: number, exact: number) {
  expect(Math.abs(actual - exact)).toBeLessThanOrEqual(exact * 0.02 + 1);
}

function localDate(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

/** The id of the order's ORDER_CREATED delivery to the POS once it is FAILED (the hub's state, polled). */
async function waitForFailed(orderId: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await sql(
      `select id from deliveries where ordering_key = $1 and application_id = $2 and status = 'FAILED'`,
      [orderId, pos.id],
    );
    if (rows.length) return rows[0].id;
    if (Date.now() > deadline) throw new Error('the delivery to the POS was not given up');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
