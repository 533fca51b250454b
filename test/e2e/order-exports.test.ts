import pg from 'pg';
import { csvRecords } from '../support/csv.js';
import type { HttpClient } from '../support/http.js';
import { startTestHub, type TestApplication, type TestHub, type TestLocation } from '../support/test-hub.js';

// Order exports (docs/reports.md "Exports") against a hub on a real database: orders placed over HTTP by real
// marketplace tokens, moved by SQL to instants around a Kolkata midnight (placement stamps the hub's clock),
// then each CSV read back with a parser of its own and compared with the orders as the API answers them.

let t: TestHub;
let pos: TestApplication;
let m1: TestApplication;
let m2: TestApplication;
let m1Client: HttpClient;
let m2Client: HttpClient;
/** Asia/Kolkata (+05:30): its midnight is 18:30 UTC. */
let kolkata: TestLocation;
let newYork: TestLocation;

async function sql(text: string, params: unknown[] = []): Promise<any[]> {
  const client = new pg.Client({ connectionString: t.db.url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

let sequence = 0;
async function place(location: TestLocation, client: HttpClient, fields: Record<string, unknown>): Promise<string> {
  const res = await client.post(`${location.path}/orders`, {
    externalId: `export-${sequence++}`,
    fulfillmentType: 'DELIVERY',
    items: [{ name: 'Thali', quantity: 1, price: 1000 }],
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

const placedAt = (id: string, at: string) => sql('update orders set created_at = $2 where id = $1', [id, at]);

async function csv(client: HttpClient, path: string) {
  const res = await client.get(path);
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
  return { records: csvRecords(res.text), disposition: res.headers.get('content-disposition') };
}

const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestHub();
  pos = await t.createApplication('POS');
  m1 = await t.createApplication('MARKETPLACE', { name: 'FoodNow' });
  // Its name is in every line of its orders: a comma and quotes to quote.
  m2 = await t.createApplication('MARKETPLACE', { name: 'Eat, "Here"' });
  kolkata = await t.createLocation(undefined, 'Kolkata');
  expect((await t.admin.patch(kolkata.path, { timezone: 'Asia/Kolkata', currency: 'INR' })).status).toBe(200);
  const created = await t.admin.post(`/v1/accounts/${kolkata.accountId}/locations`, {
    name: 'New York',
    timezone: 'America/New_York',
    currency: 'USD',
  });
  newYork = {
    accountId: kolkata.accountId,
    locationId: created.body.data.id,
    path: `/v1/accounts/${kolkata.accountId}/locations/${created.body.data.id}`,
  };
  for (const location of [kolkata, newYork]) for (const app of [pos, m1, m2]) await t.connect(app, location);
  [m1Client, m2Client] = await Promise.all([t.applicationClient(m1), t.applicationClient(m2)]);

  ids.lastOfFriday = await place(kolkata, m1Client, { orderNumber: 'A-1', total: 1000 });
  ids.quoted = await place(kolkata, m1Client, {
    orderNumber: 'A-2',
    customer: { firstName: 'Anna, "Annie"', lastName: 'Line\nBreak' },
    subTotal: 2300,
    totalTax: 200,
    total: 2500,
    items: [
      {
        name: 'Dosa, masala',
        quantity: 2,
        price: 800,
        posReference: 'dosa',
        customerNotes: 'no "chili"',
        options: [
          { name: 'Extra chutney', quantity: 2, price: 50 },
          { name: 'Ghee', price: 100 },
        ],
      },
      { name: '=SUM(A1:A9)', quantity: 1, price: 700 },
    ],
  });
  ids.eatHere = await place(kolkata, m2Client, { orderNumber: 'B-1', total: 900, currency: 'EUR' });
  ids.sample = await place(kolkata, m1Client, { orderNumber: 'T-1', total: 100 });
  ids.newYork = await place(newYork, m1Client, { orderNumber: 'N-1', total: 1200 });
  expect((await t.admin.patch(`${kolkata.path}/orders/${ids.eatHere}`, { status: 'ACCEPTED' })).status).toBe(200);
  // Friday 20th 23:59:59 in Kolkata; the others on Saturday 21st from 00:00:00 on.
  await placedAt(ids.lastOfFriday, '2026-11-20T18:29:59Z');
  await placedAt(ids.quoted, '2026-11-20T18:30:00Z');
  await placedAt(ids.eatHere, '2026-11-21T10:00:00Z');
  await placedAt(ids.sample, '2026-11-21T11:00:00Z');
  // Saturday 21st, 19:00 in New York: already Sunday in UTC (and in Kolkata).
  await placedAt(ids.newYork, '2026-11-22T00:00:00Z');
  // What the sandbox marketplace's orders are: a test order.
  await sql('update orders set test = true where id = $1', [ids.sample]);
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe("a location's orders", () => {
  it('are one line per order of the local days asked, in placement order, and read back as the API answers them', async () => {
    const { records, disposition } = await csv(t.admin, `${kolkata.path}/exports/orders?from=2026-11-21&to=2026-11-21`);
    expect(disposition).toBe('attachment; filename="orders-2026-11-21-to-2026-11-21.csv"');
    // Friday's last order stays out; the test order too.
    expect(records.map((r) => r.orderId)).toEqual([ids.quoted, ids.eatHere]);
    for (const record of records) {
      const order = (await t.admin.get(`${kolkata.path}/orders/${record.orderId}`)).body.data;
      expect(record).toMatchObject({
        externalId: order.externalId,
        orderNumber: order.orderNumber,
        locationId: kolkata.locationId,
        locationName: 'Kolkata',
        marketplaceId: order.sourceName === 'FoodNow' ? m1.id : m2.id,
        marketplace: order.sourceName,
        placedAt: order.createdAt,
        status: order.status,
        fulfillmentType: 'DELIVERY',
        currency: order.currency,
        total: String(order.total),
        lines: String(order.items.length),
        acceptedAt: order.acceptedAt ?? '',
        test: 'false',
      });
    }
    expect(records[0]).toMatchObject({
      placedLocal: '2026-11-21 00:00:00',
      customer: 'Anna, "Annie" Line\nBreak',
      currency: 'INR',
      subTotal: '2300',
      totalTax: '200',
      total: '2500',
      lines: '2',
      cancellationReason: '',
    });
    expect(records[1]).toMatchObject({
      marketplace: 'Eat, "Here"',
      currency: 'EUR',
      placedLocal: '2026-11-21 15:30:00',
    });
  });

  it('hold both ends of the range in local days', async () => {
    const { records } = await csv(t.admin, `${kolkata.path}/exports/orders?from=2026-11-20&to=2026-11-20`);
    expect(records.map((r) => [r.orderId, r.placedLocal])).toEqual([[ids.lastOfFriday, '2026-11-20 23:59:59']]);
  });

  it('leave test orders out unless asked for', async () => {
    const { records } = await csv(
      t.admin,
      `${kolkata.path}/exports/orders?from=2026-11-21&to=2026-11-21&includeTest=true`,
    );
    expect(records.map((r) => [r.orderId, r.test])).toEqual([
      [ids.quoted, 'false'],
      [ids.eatHere, 'false'],
      [ids.sample, 'true'],
    ]);
  });

  it('are one line per order line, with options in one cell and a formula written as text', async () => {
    const { records, disposition } = await csv(
      t.admin,
      `${kolkata.path}/exports/order-lines?from=2026-11-21&to=2026-11-21`,
    );
    expect(disposition).toBe('attachment; filename="order-lines-2026-11-21-to-2026-11-21.csv"');
    expect(records.map((r) => [r.orderId, r.line, r.name, r.quantity, r.price])).toEqual([
      [ids.quoted, '1', 'Dosa, masala', '2', '800'],
      [ids.quoted, '2', "'=SUM(A1:A9)", '1', '700'],
      [ids.eatHere, '1', 'Thali', '1', '1000'],
    ]);
    expect(records[0]).toMatchObject({
      orderNumber: 'A-2',
      placedLocal: '2026-11-21 00:00:00',
      posReference: 'dosa',
      options: '2 x Extra chutney (50); 1 x Ghee (100)',
      customerNotes: 'no "chili"',
      currency: 'INR',
      marketplace: 'FoodNow',
    });
  });

  it("hold only a marketplace's own orders for that marketplace", async () => {
    const { records } = await csv(m2Client, `${kolkata.path}/exports/orders?from=2026-11-01&to=2026-11-30`);
    expect(records.map((r) => r.orderId)).toEqual([ids.eatHere]);
  });

  it('refuse a range that is not one', async () => {
    const res = await t.admin.get(`${kolkata.path}/exports/orders?from=2026-11-21&to=2026-11-20`);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: 'to' })]);
  });
});

describe("an account's orders", () => {
  it("are each location's orders on its own local days", async () => {
    // Saturday 21st: in Kolkata from 18:30Z on the 20th, in New York until 05:00Z on the 22nd.
    const { records } = await csv(
      t.admin,
      `/v1/accounts/${kolkata.accountId}/exports/orders?from=2026-11-21&to=2026-11-21`,
    );
    expect(records.map((r) => [r.locationName, r.orderId, r.placedLocal])).toEqual([
      ['Kolkata', ids.quoted, '2026-11-21 00:00:00'],
      ['Kolkata', ids.eatHere, '2026-11-21 15:30:00'],
      ['New York', ids.newYork, '2026-11-21 19:00:00'],
    ]);
  });
});

describe('a location with more orders than a batch', () => {
  it('has each of them once, in placement order, orders placed at the same instant included', async () => {
    const many = await t.createLocation(undefined, 'Busy');
    await t.connect(m1, many);
    const first = await place(many, m1Client, { total: 100 });
    // 2,500 copies, every ten at the same instant: batches of 1,000 end among orders of equal time.
    await sql(
      `insert into orders (id, location_id, account_id, application_id, connection_id, client_id, source_name, external_id,
                           test, status, status_history, details, location_snapshot, created_at, updated_at)
       select gen_random_uuid(), location_id, account_id, application_id, connection_id, client_id, source_name,
              'copy-' || n, test, status, status_history, details, location_snapshot,
              '2026-11-21T06:00:00Z'::timestamptz + (n / 10) * interval '1 second', now()
         from orders, generate_series(1, 2500) n where id = $1`,
      [first],
    );
    const { records } = await csv(t.admin, `${many.path}/exports/orders?from=2026-11-21&to=2026-11-21`);
    expect(records).toHaveLength(2500);
    expect(new Set(records.map((r) => r.orderId)).size).toBe(2500);
    const expected = await sql(
      `select id from orders where location_id = $1 and external_id like 'copy-%' order by created_at, id`,
      [many.locationId],
    );
    expect(records.map((r) => r.orderId)).toEqual(expected.map((row) => row.id));
  });
});
