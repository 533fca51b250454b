import { itOnServer } from '../support/on-server.js';
import pg from 'pg';
import { RawQueryFragment } from '@mikro-orm/core';
import { Webhook } from 'standardwebhooks';
import { FakePartner, type RecordedRequest } from '../support/fake-partner.js';
import type { HttpClient } from '../support/http.js';
import {
  HUB_START_TIMEOUT_MS,
  startTestHub,
  type TestApplication,
  type TestHub,
  type TestLocation,
} from '../support/test-hub.js';

// Orders end to end: a marketplace places orders over HTTP with its own client_credentials token,
// a POS and a marketplace on loopback receive the signed OrderWebhookEvents, the POS moves the order through
// its statuses with its own token.

const HOOK = '/webhooks';

let t: TestHub;
let posPartner: FakePartner;
let marketPartner: FakePartner;
let pos: TestApplication;
let market: TestApplication;
let otherMarket: TestApplication;
let loc: TestLocation;
let posConnectionId: string;
let marketConnectionId: string;
let posClient: HttpClient;
let marketClient: HttpClient;
let otherMarketClient: HttpClient;
const catalogIds: Record<string, string> = {};

const TAX_RATES = [
  { posReference: 'vat-low', name: 'VAT 9%', type: 'PERCENTAGE', rate: 90000 },
  { posReference: 'vat-high', name: 'VAT 21%', type: 'PERCENTAGE', rate: 210000, inclusive: true, isDefault: true },
  { posReference: 'deposit', name: 'Deposit', type: 'FIXED', rate: 15 },
];

beforeAll(async () => {
  [posPartner, marketPartner] = await Promise.all([FakePartner.start(), FakePartner.start()]);
  t = await startTestHub();
  pos = await t.createApplication('POS', { webhookUrl: posPartner.urlFor(HOOK) });
  market = await t.createApplication('MARKETPLACE', { webhookUrl: marketPartner.urlFor(HOOK) });
  otherMarket = await t.createApplication('MARKETPLACE', { webhookUrl: marketPartner.urlFor('/other') });
  loc = await t.createLocation(undefined, 'Trattoria');
  expect((await t.admin.patch(loc.path, { taxRates: TAX_RATES })).status).toBe(200);
  posConnectionId = await t.connect(pos, loc);
  marketConnectionId = await t.connect(market, loc);
  await t.connect(otherMarket, loc);
  [posClient, marketClient, otherMarketClient] = await Promise.all([
    t.applicationClient(pos),
    t.applicationClient(market),
    t.applicationClient(otherMarket),
  ]);
  const imported = await t.admin.put(`${loc.path}/catalog/import`, {
    categories: [{ posReference: 'mains', name: 'Mains' }],
    products: [
      { posReference: 'burger', name: 'Burger', price: 950, categories: ['mains'], taxRateIds: ['vat-low'] },
      { posReference: 'water', name: 'Water', price: 250, categories: ['mains'], taxRateIds: [] },
      { posReference: 'fries', name: 'Fries', price: 350, categories: ['mains'], taxRateIds: ['vat-high', 'deposit'] },
    ],
    modifiers: [
      { posReference: 'cheese', name: 'Cheese', price: 100, taxRateIds: ['vat-high'] },
      { posReference: 'ice', name: 'Ice', price: 0, taxRateIds: [] },
      { posReference: 'bacon', name: 'Bacon', price: 150, taxRateIds: ['vat-low', 'deposit'] },
    ],
    modifierGroups: [],
  });
  expect(imported.status).toBe(200);
  const catalog = (await t.admin.get(`${loc.path}/catalog`)).body.data;
  for (const record of [...catalog.products, ...catalog.modifiers]) catalogIds[record.posReference] = record.id;
}, HUB_START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all([posPartner?.close(), marketPartner?.close()]);
  await t?.stop();
});

let sequence = 0;
const externalId = () => `mp-${Date.now()}-${sequence++}`;

function simpleOrder(overrides: Record<string, unknown> = {}) {
  return {
    externalId: externalId(),
    fulfillmentType: 'PICKUP',
    items: [{ name: 'Burger', posReference: 'burger', quantity: 1, price: 950 }],
    total: 950,
    ...overrides,
  };
}

async function place(body: Record<string, unknown>, client = marketClient, headers: Record<string, string> = {}) {
  return client.post(`${loc.path}/orders`, body, { headers });
}

/** The parsed webhook calls a partner received about one order, in arrival order. */
function eventsAbout(partner: FakePartner, orderId: string, path = HOOK): any[] {
  return partner
    .requestsTo(path)
    .map((r: RecordedRequest) => JSON.parse(r.body))
    .filter((event: any) => event.orderId === orderId);
}

/** Waits (on the partner's own arrivals, not a timer) until it holds n events about the order. */
async function waitForEvents(partner: FakePartner, orderId: string, n: number, path = HOOK): Promise<any[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const events = eventsAbout(partner, orderId, path);
    if (events.length >= n) return events;
    if (Date.now() > deadline) throw new Error(`expected ${n} events about ${orderId}, got ${events.length}`);
    await partner
      .waitForRequests(partner.requests.length + 1, { timeoutMs: Math.max(1, deadline - Date.now()) })
      .catch(() => undefined);
  }
}

/**
 * Matches the webhook calls about the order placed with `body`: the earlier tests' deliveries may still be
 * arriving at the same POS (slower on the embedded database, polled every 100 ms), and must not use up the
 * answers a test scripts for its own order.
 */
function about(body: { externalId: string }): (request: RecordedRequest) => boolean {
  return (request) => JSON.parse(request.body).newState?.externalId === body.externalId;
}

function requestsAbout(partner: FakePartner, orderId: string): RecordedRequest[] {
  return partner.requestsTo(HOOK).filter((r: RecordedRequest) => JSON.parse(r.body).orderId === orderId);
}

async function countRows(sql: string, params: unknown[]): Promise<number> {
  const client = new pg.Client({ connectionString: t.db.url });
  await client.connect();
  try {
    return Number((await client.query(sql, params)).rows[0].count);
  } finally {
    await client.end();
  }
}

describe('placing an order', () => {
  it('stores it NEW with taxRateIds resolved by all four rules on items and options, and sends the POS a signed ORDER_CREATED', async () => {
    const body = {
      externalId: externalId(),
      orderNumber: 'A-17',
      fulfillmentType: 'DELIVERY',
      customer: { firstName: 'Ada', phone: '+31 20 000' },
      delivery: { instructions: 'ring twice', address: { street: 'Canal 1', city: 'Amsterdam' } },
      items: [
        {
          // 1. catalog by productId: the product's rates win over the line's own
          productId: catalogIds.burger,
          name: 'Burger deluxe',
          quantity: 2,
          price: 950,
          taxRateIds: ['from-payload'],
          options: [
            { modifierId: catalogIds.cheese, name: 'Extra cheese', price: 100, taxRateIds: ['from-payload'] }, // 1. by modifierId
            { posReference: 'ice', name: 'Bacon', price: 0, taxRateIds: ['from-payload'] }, // 1. by posReference, empty even so
            { posReference: 'no-such', name: 'Sauce', price: 50, taxRateIds: ['vat-low'] }, // 2. the payload's
            { name: 'Bacon', price: 150 }, // 3. catalog map by exact name
            { name: 'bacon', price: 150, taxRateIds: [] }, // 4. nothing: names match exactly only
          ],
        },
        // 1. catalog by posReference, even when its rates are empty (the name would have matched Fries)
        { posReference: 'water', name: 'Fries', quantity: 1, price: 250, taxRateIds: ['vat-high'] },
        // 2. the payload's rates, stored and relayed even when they name no rate of the location
        { posReference: 'unknown', name: 'Burger', quantity: 1, price: 1200, taxRateIds: ['vat-high', 'not-a-rate'] },
        // 3. the catalog map: a product named exactly like the line
        { name: 'Fries', quantity: 3, price: 350 },
        // 4. nothing at all
        { name: 'Mystery box', quantity: 1, price: 500 },
      ],
      discounts: [{ name: 'promo', amount: -100 }],
      charges: [{ name: 'delivery', displayName: 'Delivery fee', amount: 299 }],
      tax: [{ name: 'VAT', amount: 321 }],
      payments: [{ name: 'card', amount: 5999.0 }],
      subTotal: 5450,
      totalTax: 321,
      total: 5999.0,
    };
    const res = await place(body);
    expect(res.status).toBe(201);
    const order = res.body.data;
    expect(order).toMatchObject({
      externalId: body.externalId,
      orderNumber: 'A-17',
      status: 'NEW',
      fulfillmentType: 'DELIVERY',
      currency: 'EUR',
      accountId: loc.accountId,
      locationId: loc.locationId,
      clientId: market.clientId,
      sourceName: market.data.name,
      test: false,
      cancellationReason: null,
      acceptedAt: null,
      total: 5999,
      payments: [{ name: 'card', amount: 5999 }],
      delivery: body.delivery,
    });
    expect(order.statusHistory).toEqual([{ status: 'NEW', at: order.createdAt, by: 'MARKETPLACE', byId: market.id }]);
    expect(order.items.map((i: any) => i.taxRateIds)).toEqual([
      ['vat-low'],
      [],
      ['vat-high', 'not-a-rate'],
      ['vat-high', 'deposit'],
      [],
    ]);
    expect(order.items[0].options.map((o: any) => o.taxRateIds)).toEqual([
      ['vat-high'],
      [],
      ['vat-low'],
      ['vat-low', 'deposit'],
      [],
    ]);
    expect(order.items[0].options[0].quantity).toBe(1);
    expect(order.location).toEqual({
      id: loc.locationId,
      name: 'Trattoria',
      currency: 'EUR',
      timezone: 'UTC',
      taxRates: [
        {
          posReference: 'vat-low',
          name: 'VAT 9%',
          type: 'PERCENTAGE',
          rate: 90000,
          inclusive: false,
          isDefault: false,
        },
        {
          posReference: 'vat-high',
          name: 'VAT 21%',
          type: 'PERCENTAGE',
          rate: 210000,
          inclusive: true,
          isDefault: true,
        },
        { posReference: 'deposit', name: 'Deposit', type: 'FIXED', rate: 15, inclusive: false, isDefault: false },
      ],
    });
    expect((await posClient.get(`${loc.path}/orders/${order.id}`)).body.data).toEqual(order);

    const [event] = await waitForEvents(posPartner, order.id, 1);
    const [request] = requestsAbout(posPartner, order.id);
    const verified = new Webhook(pos.webhookSecret).verify(request.body, request.headers as Record<string, string>);
    expect(verified).toEqual(event);
    expect(request.headers['webhook-id']).toBe(event.eventId);
    expect(event).toEqual({
      eventId: expect.any(String),
      eventType: 'ORDER_CREATED',
      objectType: 'ORDER',
      eventTime: expect.any(String),
      accountId: loc.accountId,
      locationId: loc.locationId,
      connectionId: posConnectionId,
      test: false,
      clientId: market.clientId,
      orderId: order.id,
      newState: order,
      previousState: null,
    });
    // The marketplace placed it: it hears nothing about its own placement.
    expect(eventsAbout(marketPartner, order.id)).toEqual([]);
  });

  it('returns the first order with 200 for the same externalId, and sends ORDER_CREATED once', async () => {
    const body = simpleOrder();
    const first = await place(body);
    const again = await place({ ...body, total: 1 });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.data).toEqual(first.body.data);
    expect(
      await countRows(
        `select count(*) from deliveries where event_type = 'ORDER_CREATED' and payload->>'orderId' = $1`,
        [first.body.data.id],
      ),
    ).toBe(1);
    // Another marketplace may use the same externalId: it is its own order.
    const other = await place(body, otherMarketClient);
    expect(other.status).toBe(201);
    expect(other.body.data.id).not.toBe(first.body.data.id);
  });

  it('replays an Idempotency-Key with the same body and refuses it with another (422)', async () => {
    const body = simpleOrder();
    const key = `key-${externalId()}`;
    const first = await place(body, marketClient, { 'idempotency-key': key });
    const replay = await place(body, marketClient, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const other = await place(simpleOrder(), marketClient, { 'idempotency-key': key });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');
  });

  // Concurrent transactions racing on the unique index: PostgreSQL only (see itOnServer).
  itOnServer('makes one order of 20 simultaneous identical placements', async () => {
    const body = simpleOrder();
    const results = await Promise.all(Array.from({ length: 20 }, () => place(body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 200)).toHaveLength(19);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    const orderId = results[0].body.data.id;
    expect(await countRows(`select count(*) from orders where external_id = $1`, [body.externalId])).toBe(1);
    expect(
      await countRows(
        `select count(*) from deliveries where event_type = 'ORDER_CREATED' and payload->>'orderId' = $1`,
        [orderId],
      ),
    ).toBe(1);
  });

  it('refuses a malformed order with 400 naming each problem', async () => {
    const res = await place({
      externalId: externalId(),
      fulfillmentType: 'DRONE',
      items: [{ name: 'Burger', quantity: 0, price: 9.5, colour: 'red' }],
      totl: 1,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    const paths = res.body.errors.map((e: any) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/fulfillmentType', '/items/0/quantity', '/items/0/price']));
    expect(res.body.detail).toMatch(/colour/);
    expect(res.body.detail).toMatch(/totl/);
    expect((await place({ ...simpleOrder(), items: [] })).status).toBe(400);
  });

  it('lets only a connected marketplace place orders', async () => {
    const byPos = await place(simpleOrder(), posClient);
    expect(byPos.status).toBe(403);
    expect(byPos.body.code).toBe('insufficient_scope');
    const stranger = await t.createApplication('MARKETPLACE');
    const res = await place(simpleOrder(), await t.applicationClient(stranger));
    expect(res.status).toBe(404);
    const readOnly = await place(simpleOrder(), await t.applicationClient(market, 'orders.read'));
    expect(readOnly.status).toBe(403);
  });

  it('still reaches a POS that fails twice', async () => {
    const body = simpleOrder();
    posPartner.respondWhen(HOOK, about(body), { status: 500 }, { status: 503, body: 'busy' });
    const order = (await place(body)).body.data;
    await waitForEvents(posPartner, order.id, 3);
    const requests = requestsAbout(posPartner, order.id);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(JSON.parse(requests[2].body).eventType).toBe('ORDER_CREATED');
  });

  it('holds a cancel that comes while ORDER_CREATED is still being retried until the POS has the order', async () => {
    const body = simpleOrder();
    posPartner.respondWhen(HOOK, about(body), { status: 500 }, { status: 500 });
    const order = (await place(body)).body.data;
    const cancelled = await marketClient.patch(`${loc.path}/orders/${order.id}`, {
      status: 'CANCELLED',
      cancellationReason: 'CUSTOMER_CANCELLED',
    });
    expect(cancelled.status).toBe(200);
    const events = await waitForEvents(posPartner, order.id, 4);
    expect(events.map((e) => e.eventType)).toEqual([
      'ORDER_CREATED',
      'ORDER_CREATED',
      'ORDER_CREATED',
      'ORDER_STATUS_CHANGED',
    ]);
    // The creation opened the order's chain at its first place; the cancel queued behind it.
    expect(
      await countRows(
        `select count(*) from deliveries where payload->>'orderId' = $1 and url = $2 and chain_position = 1 and event_type = 'ORDER_CREATED'`,
        [order.id, posPartner.urlFor(HOOK)],
      ),
    ).toBe(1);
    expect(
      await countRows(
        `select count(*) from deliveries where payload->>'orderId' = $1 and url = $2 and chain_position = 2 and event_type = 'ORDER_STATUS_CHANGED'`,
        [order.id, posPartner.urlFor(HOOK)],
      ),
    ).toBe(1);
  });
});

describe("the order's location", () => {
  it('holds the location as it was at placement, with every tax rate it had then, whatever changes later', async () => {
    const place2 = await t.createLocation(undefined, 'Harbour Bistro');
    const rates = [
      { posReference: 'vat-9', name: 'VAT 9%', type: 'PERCENTAGE', rate: 90000 },
      { posReference: 'vat-21', name: 'VAT 21%', type: 'PERCENTAGE', rate: 210000 },
    ];
    expect((await t.admin.patch(place2.path, { taxRates: rates, timezone: 'Europe/Amsterdam' })).status).toBe(200);
    await t.connect(market, place2);
    const placed = await marketClient.post(`${place2.path}/orders`, {
      externalId: externalId(),
      fulfillmentType: 'PICKUP',
      items: [{ name: 'Soup', quantity: 1, price: 600, taxRateIds: ['vat-9'] }],
    });
    expect(placed.status).toBe(201);
    const snapshot = {
      id: place2.locationId,
      name: 'Harbour Bistro',
      currency: 'EUR',
      timezone: 'Europe/Amsterdam',
      // Both rates, though the order names only vat-9: a reader resolves any of them as at placement.
      taxRates: rates.map((r) => ({ ...r, inclusive: false, isDefault: false })),
    };
    expect(placed.body.data.location).toEqual(snapshot);

    // The location changes afterwards; the order keeps what it was placed under.
    const changed = await t.admin.patch(place2.path, { name: 'Harbour Bistro & Bar', taxRates: [rates[1]] });
    expect(changed.status).toBe(200);
    const read = await marketClient.get(`${place2.path}/orders/${placed.body.data.id}`);
    expect(read.body.data.location).toEqual(snapshot);
  });
});

describe('the status round trip', () => {
  const patch = (client: HttpClient, orderId: string, body: Record<string, unknown>) =>
    client.patch(`${loc.path}/orders/${orderId}`, body);

  it('NEW → ACCEPTED → PREPARING → READY → COMPLETED, each change reaching the marketplace in order', async () => {
    const order = (await place(simpleOrder())).body.data;
    // Existing POS clients echo the whole order back with the new status, in any case.
    const accepted = await patch(posClient, order.id, {
      ...order,
      status: 'accepted',
      estimatedPickupTime: '2026-11-23T07:30:00Z',
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'ACCEPTED', estimatedPickupTime: '2026-11-23T07:30:00Z' });
    expect(accepted.body.data.acceptedAt).toEqual(expect.any(String));
    for (const status of ['PREPARING', 'Ready', 'COMPLETED'])
      expect((await patch(posClient, order.id, { status })).status).toBe(200);
    const done = (await marketClient.get(`${loc.path}/orders/${order.id}`)).body.data;
    expect(done.status).toBe('COMPLETED');
    expect(done.completedAt).toEqual(expect.any(String));
    expect(done.statusHistory.map((h: any) => `${h.status}:${h.by}`)).toEqual([
      'NEW:MARKETPLACE',
      'ACCEPTED:POS',
      'PREPARING:POS',
      'READY:POS',
      'COMPLETED:POS',
    ]);

    const events = await waitForEvents(marketPartner, order.id, 4);
    expect(events.map((e) => `${e.eventType}:${e.previousState.status}->${e.newState.status}`)).toEqual([
      'ORDER_STATUS_CHANGED:NEW->ACCEPTED',
      'ORDER_STATUS_CHANGED:ACCEPTED->PREPARING',
      'ORDER_STATUS_CHANGED:PREPARING->READY',
      'ORDER_STATUS_CHANGED:READY->COMPLETED',
    ]);
    expect(events[3].newState).toEqual(done);
    expect(events.every((e) => e.connectionId === marketConnectionId)).toBe(true);
    const [request] = requestsAbout(marketPartner, order.id);
    expect(new Webhook(market.webhookSecret).verify(request.body, request.headers as Record<string, string>)).toEqual(
      events[0],
    );
    // The POS made the changes: it hears only the creation.
    expect(eventsAbout(posPartner, order.id).map((e) => e.eventType)).toEqual(['ORDER_CREATED']);
  });

  it('takes the whole order a POS Hub client echoes, with the fields this hub does not model, and acts only on the status', async () => {
    const order = (await place(simpleOrder())).body.data;
    // As such a client sends it (docs/contract.md "Shapes existing clients send"): the order it knows, its own fields
    // included.
    const echo = {
      ...order,
      status: 'accepted',
      sourceDeviceType: 'KIOSK',
      driverStatus: 'ASSIGNED',
      timezone: 'Europe/Amsterdam',
      tableId: 't-12',
      partnerId: 'partner-9',
      driver: { name: 'Sam', phone: '+31600000000' },
      externalId: 'changed-by-echo',
      total: 1,
    };
    const accepted = await patch(posClient, order.id, echo);
    expect(accepted.status).toBe(200);
    const { status, acceptedAt, updatedAt, statusHistory, ...rest } = accepted.body.data;
    const { status: _s, acceptedAt: _a, updatedAt: _u, statusHistory: _h, ...before } = order;
    expect(status).toBe('ACCEPTED');
    // Nothing else moved, and nothing the hub does not model was stored.
    expect(rest).toEqual(before);
    for (const field of ['sourceDeviceType', 'driverStatus', 'tableId', 'partnerId', 'driver'])
      expect(accepted.body.data).not.toHaveProperty(field);

    // A property that is no field of an order is still refused, here and on the other endpoints.
    const unknown = await patch(posClient, order.id, { status: 'PREPARING', kitchenMood: 'happy' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('kitchenMood');
    expect((await place(simpleOrder({ driverStatus: 'ASSIGNED' }))).status).toBe(400);
    expect((await t.admin.patch(loc.path, { driverStatus: 'ASSIGNED' })).status).toBe(400);
  });

  it('answers the current status again with 200 and no event', async () => {
    const order = (await place(simpleOrder())).body.data;
    expect((await patch(posClient, order.id, { status: 'ACCEPTED' })).status).toBe(200);
    const same = await patch(posClient, order.id, { status: 'accepted' });
    expect(same.status).toBe(200);
    expect(same.body.data.statusHistory).toHaveLength(2);
    expect((await patch(posClient, order.id, { status: 'PREPARING' })).status).toBe(200);
    const events = await waitForEvents(marketPartner, order.id, 2);
    expect(events.map((e) => e.newState.status)).toEqual(['ACCEPTED', 'PREPARING']);
  });

  it('refuses transitions outside the status graph with 409 invalid_transition, and bad bodies with 400', async () => {
    const order = (await place(simpleOrder())).body.data;
    const skip = await patch(posClient, order.id, { status: 'COMPLETED' });
    expect(skip.status).toBe(409);
    expect(skip.body.code).toBe('invalid_transition');
    expect(
      (await patch(posClient, order.id, { status: 'REJECTED', cancellationReason: 'too_busy' })).body.data,
    ).toMatchObject({ status: 'REJECTED', cancellationReason: 'TOO_BUSY' });
    const fromFinal = await patch(posClient, order.id, { status: 'ACCEPTED' });
    expect(fromFinal.status).toBe(409);
    expect(fromFinal.body.code).toBe('invalid_transition');
    expect((await patch(posClient, order.id, { status: 'DONE' })).status).toBe(400);
    expect((await patch(posClient, order.id, { status: 'CANCELLED', cancellationReason: 'BORED' })).status).toBe(400);
    expect((await patch(posClient, order.id, { status: 'CANCELLED', notAField: 1 })).status).toBe(400);
  });

  it('tells the POS and the marketplace when an operator changes the order', async () => {
    const order = (await place(simpleOrder())).body.data;
    expect((await patch(t.admin, order.id, { status: 'ACCEPTED' })).status).toBe(200);
    expect((await patch(t.admin, order.id, { status: 'CANCELLED', cancellationReason: 'OTHER' })).status).toBe(200);
    for (const [partner, connectionId, first] of [
      [posPartner, posConnectionId, ['ORDER_CREATED']],
      [marketPartner, marketConnectionId, []],
    ] as const) {
      const events = await waitForEvents(partner, order.id, first.length + 2);
      expect(events.map((e) => `${e.eventType}:${e.newState.status}`)).toEqual([
        ...first.map((type) => `${type}:NEW`),
        'ORDER_STATUS_CHANGED:ACCEPTED',
        'ORDER_STATUS_CHANGED:CANCELLED',
      ]);
      expect(events.at(-1)).toMatchObject({ connectionId, newState: { cancelledBy: 'OPERATOR' } });
    }
  });

  it('lets the marketplace cancel a NEW order (the POS hears it) but not accept one', async () => {
    const order = (await place(simpleOrder())).body.data;
    const refused = await patch(marketClient, order.id, { status: 'ACCEPTED' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('invalid_transition');
    const cancelled = await patch(marketClient, order.id, {
      status: 'cancelled',
      cancellationReason: 'CUSTOMER_CANCELLED',
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: 'MARKETPLACE',
      cancellationReason: 'CUSTOMER_CANCELLED',
    });
    expect(cancelled.body.data.cancelledAt).toEqual(expect.any(String));
    const events = await waitForEvents(posPartner, order.id, 2);
    expect(events.map((e) => e.eventType)).toEqual(['ORDER_CREATED', 'ORDER_STATUS_CHANGED']);
    expect(events[1]).toMatchObject({
      connectionId: posConnectionId,
      previousState: { status: 'NEW' },
      newState: { status: 'CANCELLED', cancelledBy: 'MARKETPLACE' },
    });
  });

  it('refuses the marketplace a cancel once the order is READY', async () => {
    const order = (await place(simpleOrder())).body.data;
    for (const status of ['ACCEPTED', 'READY']) await patch(posClient, order.id, { status });
    const late = await patch(marketClient, order.id, { status: 'CANCELLED' });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('invalid_transition');
  });
});

describe('reading orders', () => {
  it('lists by status and since, page by page, and a marketplace sees only its own orders', async () => {
    const since = new Date().toISOString();
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push((await place(simpleOrder())).body.data);
    const theirs = (await place(simpleOrder(), otherMarketClient)).body.data;
    await posClient.patch(`${loc.path}/orders/${mine[1].id}`, { status: 'ACCEPTED' });

    const first = await posClient.get(`${loc.path}/orders?since=${encodeURIComponent(since)}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((o: any) => o.id)).toEqual([mine[0].id, mine[1].id]);
    expect(first.body.hasNextPage).toBe(true);
    const second = await posClient.get(
      `${loc.path}/orders?since=${encodeURIComponent(since)}&limit=2&nextPageKey=${first.body.nextPageKey}`,
    );
    expect(second.body.data.map((o: any) => o.id)).toEqual([mine[2].id, theirs.id]);
    expect(second.body).toMatchObject({ hasNextPage: false, nextPageKey: null });

    const accepted = await posClient.get(`${loc.path}/orders?status=accepted&since=${encodeURIComponent(since)}`);
    expect(accepted.body.data.map((o: any) => o.id)).toEqual([mine[1].id]);

    const marketView = await marketClient.get(`${loc.path}/orders?since=${encodeURIComponent(since)}`);
    expect(marketView.body.data.map((o: any) => o.id)).toEqual(mine.map((o) => o.id));
    expect((await otherMarketClient.get(`${loc.path}/orders/${mine[0].id}`)).status).toBe(404);
    expect((await otherMarketClient.patch(`${loc.path}/orders/${mine[0].id}`, { status: 'CANCELLED' })).status).toBe(
      404,
    );
    expect((await posClient.get(`${loc.path}/orders?status=DONE`)).status).toBe(400);

    // None of these is a test order: test=false keeps them all, test=true none (test orders: sandbox.test.ts).
    const sinceQuery = `since=${encodeURIComponent(since)}`;
    const real = await posClient.get(`${loc.path}/orders?${sinceQuery}&test=false`);
    expect(real.body.data.map((o: any) => o.id)).toEqual([...mine, theirs].map((o) => o.id));
    expect((await posClient.get(`${loc.path}/orders?${sinceQuery}&test=true`)).body.data).toEqual([]);
    expect((await posClient.get(`${loc.path}/orders?test=maybe`)).status).toBe(400);
  });

  it('tells a board what changed since its last look, and how many orders each status has', async () => {
    const since = new Date().toISOString();
    const first = (await place(simpleOrder())).body.data;
    const second = (await place(simpleOrder())).body.data;
    const theirs = (await place(simpleOrder(), otherMarketClient)).body.data;
    const accepted = await posClient.patch(`${loc.path}/orders/${first.id}`, { status: 'ACCEPTED' });
    expect(accepted.status).toBe(200);
    // The board looks for changes from the moment of this one on: the placements were stamped before it.
    const lastLook = accepted.body.data.updatedAt;
    expect(Math.max(...[first, second, theirs].map((o) => Date.parse(o.updatedAt)))).toBeLessThan(Date.parse(lastLook));

    const changed = await posClient.get(`${loc.path}/orders?updatedSince=${encodeURIComponent(lastLook)}`);
    expect(changed.status).toBe(200);
    expect(changed.body.data.map((o: any) => [o.id, o.status])).toEqual([[first.id, 'ACCEPTED']]);
    expect((await posClient.get(`${loc.path}/orders?updatedSince=yesterday`)).status).toBe(400);
    // The time as clients write it, its colons not percent-encoded.
    expect(lastLook).toContain(':');
    const unencoded = await posClient.get(`${loc.path}/orders?updatedSince=${lastLook}&since=${since}`);
    expect(unencoded.status).toBe(200);
    expect(unencoded.body.data.map((o: any) => o.id)).toEqual([first.id]);

    const vars = { a: loc.accountId, l: loc.locationId, since, lastLook };
    const board = await posClient.graphql(
      `query($a: ID!, $l: ID!, $since: String!, $lastLook: String!) {
         changed: orders(accountId: $a, locationId: $l, updatedSince: $lastLook) { data { id status } }
         today: orderCounts(accountId: $a, locationId: $l, since: $since) { status count }
         sinceLastLook: orderCounts(accountId: $a, locationId: $l, updatedSince: $lastLook) { status count } }`,
      vars,
    );
    expect(board.body.errors).toBeUndefined();
    const counts = (rows: { status: string; count: number }[]) =>
      Object.fromEntries(rows.filter((r) => r.count > 0).map((r) => [r.status, r.count]));
    expect(board.body.data.changed.data).toEqual([{ id: first.id, status: 'ACCEPTED' }]);
    expect(board.body.data.today.map((r: any) => r.status)).toEqual([
      'NEW',
      'ACCEPTED',
      'REJECTED',
      'PREPARING',
      'READY',
      'COMPLETED',
      'CANCELLED',
    ]);
    expect(counts(board.body.data.today)).toEqual({ NEW: 2, ACCEPTED: 1 });
    expect(counts(board.body.data.sinceLastLook)).toEqual({ ACCEPTED: 1 });

    // A marketplace counts only the orders it placed.
    const marketCounts = await marketClient.graphql(
      `query($a: ID!, $l: ID!, $since: String!) { orderCounts(accountId: $a, locationId: $l, since: $since) { status count } }`,
      vars,
    );
    expect(counts(marketCounts.body.data.orderCounts)).toEqual({ NEW: 1, ACCEPTED: 1 });
    expect(second.status).toBe('NEW');
  });

  it('serves the same board over REST: several statuses, newest first, and the counts per status', async () => {
    const since = new Date().toISOString();
    const older = (await place(simpleOrder())).body.data;
    const newer = (await place(simpleOrder())).body.data;
    const accepted = (await place(simpleOrder())).body.data;
    expect((await posClient.patch(`${loc.path}/orders/${accepted.id}`, { status: 'ACCEPTED' })).status).toBe(200);

    const board = await posClient.get(
      `${loc.path}/orders?status=new,ACCEPTED&newestFirst=true&since=${encodeURIComponent(since)}`,
    );
    expect(board.status).toBe(200);
    expect(board.body.data.map((o: any) => o.id)).toEqual([accepted.id, newer.id, older.id]);
    const oldestFirst = await posClient.get(`${loc.path}/orders?status=NEW&since=${encodeURIComponent(since)}`);
    expect(oldestFirst.body.data.map((o: any) => o.id)).toEqual([older.id, newer.id]);
    expect((await posClient.get(`${loc.path}/orders?status=NEW,DONE`)).status).toBe(400);

    const counts = await posClient.get(`${loc.path}/order-counts?since=${encodeURIComponent(since)}`);
    expect(counts.status).toBe(200);
    const graphql = await posClient.graphql(
      `query($a: ID!, $l: ID!, $since: String!) { orderCounts(accountId: $a, locationId: $l, since: $since) { status count } }`,
      {
        a: loc.accountId,
        l: loc.locationId,
        since,
      },
    );
    expect(counts.body.data).toEqual(graphql.body.data.orderCounts);
    expect(
      Object.fromEntries(counts.body.data.filter((r: any) => r.count > 0).map((r: any) => [r.status, r.count])),
    ).toEqual({ NEW: 2, ACCEPTED: 1 });
  });

  it('finds an order by its reference, its number or its customer, among the orders the caller sees', async () => {
    const tag = `find-${Date.now()}`;
    const byReference = (await place(simpleOrder({ externalId: `${tag}-ref` }))).body.data;
    const byNumber = (await place(simpleOrder({ orderNumber: `${tag}-A17` }))).body.data;
    const byFriendlyId = (await place(simpleOrder({ friendlyId: `${tag}-F9` }))).body.data;
    const byCustomer = (await place(simpleOrder({ customer: { firstName: 'Ann', lastName: `de Vries ${tag}` } }))).body
      .data;
    // Another marketplace's order matches the text too: its own client finds it, this marketplace does not.
    const theirs = (await place(simpleOrder({ orderNumber: `${tag}-theirs` }), otherMarketClient)).body.data;
    // LIKE's own characters are matched as typed, never as "anything".
    const literal = (await place(simpleOrder({ orderNumber: `${tag}-50%_off` }))).body.data;

    // The search's raw SQL fragments are let go once its statement is built (MikroORM keeps each raw() until used).
    const fragmentsBefore = RawQueryFragment.checkCacheSize();
    const found = async (client: HttpClient, text: string) => {
      const res = await client.get(`${loc.path}/orders?newestFirst=true&search=${encodeURIComponent(text)}`);
      expect(res.status).toBe(200);
      return res.body.data.map((o: any) => o.id);
    };
    expect(await found(posClient, `${tag}-REF`)).toEqual([byReference.id]);
    expect(await found(posClient, `${tag}-a17`)).toEqual([byNumber.id]);
    expect(await found(posClient, `${tag}-F9`)).toEqual([byFriendlyId.id]);
    expect(await found(posClient, `ann de vries ${tag}`)).toEqual([byCustomer.id]);
    expect(await found(posClient, tag)).toEqual([
      literal.id,
      theirs.id,
      byCustomer.id,
      byFriendlyId.id,
      byNumber.id,
      byReference.id,
    ]);
    expect(await found(marketClient, tag)).toEqual([
      literal.id,
      byCustomer.id,
      byFriendlyId.id,
      byNumber.id,
      byReference.id,
    ]);
    expect(await found(otherMarketClient, tag)).toEqual([theirs.id]);
    expect(await found(posClient, `${tag}-50%_off`)).toEqual([literal.id]);
    expect(await found(posClient, `${tag}-5_%off`)).toEqual([]);
    // With a status, only those in it; paged like the whole list.
    expect((await posClient.patch(`${loc.path}/orders/${byNumber.id}`, { status: 'ACCEPTED' })).status).toBe(200);
    const accepted = await posClient.get(`${loc.path}/orders?status=ACCEPTED&search=${encodeURIComponent(tag)}`);
    expect(accepted.body.data.map((o: any) => o.id)).toEqual([byNumber.id]);
    const first = await posClient.get(`${loc.path}/orders?limit=4&search=${encodeURIComponent(tag)}`);
    const second = await posClient.get(
      `${loc.path}/orders?limit=4&search=${encodeURIComponent(tag)}&nextPageKey=${encodeURIComponent(first.body.nextPageKey)}`,
    );
    expect([...first.body.data, ...second.body.data].map((o: any) => o.id)).toEqual([
      byReference.id,
      byNumber.id,
      byFriendlyId.id,
      byCustomer.id,
      theirs.id,
      literal.id,
    ]);
    expect(second.body.nextPageKey).toBeNull();

    // GraphQL: the same service, the same answers, and the same refusal of an empty search.
    const query = `query($a: ID!, $l: ID!, $s: String) { orders(accountId: $a, locationId: $l, search: $s, newestFirst: true) { data { id } } }`;
    const graphql = await posClient.graphql(query, { a: loc.accountId, l: loc.locationId, s: `${tag}-a17` });
    expect(graphql.body.data.orders.data.map((o: any) => o.id)).toEqual([byNumber.id]);
    const empty = await posClient.graphql(query, { a: loc.accountId, l: loc.locationId, s: '' });
    expect(empty.body.errors?.[0]?.extensions?.code).toBe('validation_failed');
    expect((await posClient.get(`${loc.path}/orders?search=`)).status).toBe(400);
    expect((await posClient.get(`${loc.path}/orders?search=${'x'.repeat(256)}`)).status).toBe(400);
    expect(RawQueryFragment.checkCacheSize()).toBe(fragmentsBefore);
  });

  it('answers a marketplace asking whether its order arrived, by exactly its externalId', async () => {
    const shared = `arrived-${Date.now()}`;
    const mine = (await place(simpleOrder({ externalId: shared }))).body.data;
    // Another marketplace chose the same externalId for an order of its own; a longer one is not the same.
    const theirs = (await place(simpleOrder({ externalId: shared }), otherMarketClient)).body.data;
    await place(simpleOrder({ externalId: `${shared}-2` }));
    const lookup = async (client: HttpClient, externalId: string) => {
      const res = await client.get(`${loc.path}/orders?externalId=${encodeURIComponent(externalId)}`);
      expect(res.status).toBe(200);
      return res.body.data.map((o: any) => o.id);
    };
    expect(await lookup(marketClient, shared)).toEqual([mine.id]);
    expect(await lookup(otherMarketClient, shared)).toEqual([theirs.id]);
    expect(await lookup(posClient, shared)).toEqual([mine.id, theirs.id]);
    expect(await lookup(marketClient, `never-${shared}`)).toEqual([]);
    expect(await lookup(marketClient, shared.toUpperCase())).toEqual([]);
    expect((await marketClient.get(`${loc.path}/orders?externalId=${'x'.repeat(256)}`)).status).toBe(400);
    const graphql = await marketClient.graphql(
      `query($a: ID!, $l: ID!, $e: String) { orders(accountId: $a, locationId: $l, externalId: $e) { data { id } } }`,
      { a: loc.accountId, l: loc.locationId, e: shared },
    );
    expect(graphql.body.data.orders.data.map((o: any) => o.id)).toEqual([mine.id]);
    const empty = await marketClient.graphql(
      `query($a: ID!, $l: ID!, $e: String) { orders(accountId: $a, locationId: $l, externalId: $e) { data { id } } }`,
      { a: loc.accountId, l: loc.locationId, e: '' },
    );
    expect(empty.body.errors?.[0]?.extensions?.code).toBe('validation_failed');
  });

  it("hints at URL-encoding when a time's '+' arrived as a space", async () => {
    const raw = await marketClient.get(`${loc.path}/orders?updatedSince=2026-11-23T12:00:00+01:00`);
    expect(raw.status).toBe(400);
    expect(raw.body.errors).toEqual([
      { path: 'updatedSince', message: expect.stringContaining("URL-encode the value, '+' as %2B") },
    ]);
    expect(raw.body.detail).toContain('%2B');
    expect((await marketClient.get(`${loc.path}/orders?updatedSince=2026-11-23T12:00:00%2B01:00`)).status).toBe(200);
    // Other bad times get no such hint.
    const other = await marketClient.get(`${loc.path}/orders?since=yesterday`);
    expect(other.status).toBe(400);
    expect(other.text).not.toContain('%2B');
  });

  it('serves the live order board and the status change over GraphQL', async () => {
    const order = (await place(simpleOrder())).body.data;
    const newer = (await place(simpleOrder())).body.data;
    const board = await posClient.graphql(
      `query($a: ID!, $l: ID!) { orders(accountId: $a, locationId: $l, status: [NEW], newestFirst: true, limit: 2) {
         data { id status externalId items { name taxRateIds options { name } } location { taxRates { posReference } } } hasNextPage } }`,
      { a: loc.accountId, l: loc.locationId },
    );
    expect(board.body.errors).toBeUndefined();
    expect(board.body.data.orders.data.map((o: any) => o.id)).toEqual([newer.id, order.id]);
    expect(board.body.data.orders.data[0].items[0].taxRateIds).toEqual(['vat-low']);

    const changed = await posClient.graphql(
      `mutation($a: ID!, $l: ID!, $id: ID!) { updateOrderStatus(accountId: $a, locationId: $l, id: $id, input: { status: "accepted" }) { status acceptedAt statusHistory { status by } } }`,
      { a: loc.accountId, l: loc.locationId, id: order.id },
    );
    expect(changed.body.errors).toBeUndefined();
    expect(changed.body.data.updateOrderStatus).toMatchObject({
      status: 'ACCEPTED',
      statusHistory: [
        { status: 'NEW', by: 'MARKETPLACE' },
        { status: 'ACCEPTED', by: 'POS' },
      ],
    });
    const invalid = await posClient.graphql(
      `mutation($a: ID!, $l: ID!, $id: ID!) { updateOrderStatus(accountId: $a, locationId: $l, id: $id, input: { status: "NEW" }) { status } }`,
      { a: loc.accountId, l: loc.locationId, id: order.id },
    );
    expect(invalid.body.errors?.[0]?.extensions?.code).toBe('invalid_transition');

    const placed = await marketClient.graphql(
      `mutation($a: ID!, $l: ID!, $o: PlaceOrderInput!) { placeOrder(accountId: $a, locationId: $l, order: $o) { created order { id status items { taxRateIds } } } }`,
      { a: loc.accountId, l: loc.locationId, o: simpleOrder() },
    );
    expect(placed.body.errors).toBeUndefined();
    expect(placed.body.data.placeOrder).toMatchObject({
      created: true,
      order: { status: 'NEW', items: [{ taxRateIds: ['vat-low'] }] },
    });
  });

  it('refuses a malformed order over GraphQL with the problems REST names, by the same JSON paths', async () => {
    const malformed = {
      ...simpleOrder(),
      externalId: '',
      fulfillmentType: 'DRONE',
      currency: 'eur',
      items: [{ name: 'Burger', quantity: 0, price: -1, options: [{ name: '', price: 100 }] }],
    };
    const rest = await place(malformed);
    expect(rest.status).toBe(400);
    const graphql = await marketClient.graphql(
      `mutation($a: ID!, $l: ID!, $o: PlaceOrderInput!) { placeOrder(accountId: $a, locationId: $l, order: $o) { created } }`,
      { a: loc.accountId, l: loc.locationId, o: malformed },
    );
    expect(graphql.body.errors?.[0]?.extensions?.code).toBe('validation_failed');
    expect(graphql.body.errors?.[0]?.extensions?.errors).toEqual(rest.body.errors);
    expect(rest.body.errors.map((e: { path: string }) => e.path)).toEqual([
      '/externalId',
      '/fulfillmentType',
      '/currency',
      '/items/0/quantity',
      '/items/0/price',
      '/items/0/options/0/name',
    ]);
  });
});
