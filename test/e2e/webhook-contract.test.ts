import { Webhook } from 'standardwebhooks';
import { DELIVERY_EVENT_TYPES } from '../../src/delivery-engine/outbox.js';
import { DocumentedShapes, type HeaderParameter } from '../support/documented-shapes.js';
import { FakePartner, type RecordedRequest } from '../support/fake-partner.js';
import type { HttpClient } from '../support/http.js';
import { startTestHub, type TestApplication, type TestHub, type TestLocation } from '../support/test-hub.js';

// The `webhooks` section of openapi/openapi.yaml against what the hub really sends: every kind of call the hub
// makes reaches a real POS and a real marketplace on loopback, and each request's headers, signature and body
// must be exactly what the document says (no undocumented field either). A delivery event type without a
// `webhooks` entry, or one this file never captures, fails here: a new event type is documented and
// captured before it ships.

/** The one call that is not an event of the outbox: the hub asks the POS for its catalog. */
const CATALOG_PULL = 'CATALOG_PULL';
const KINDS = [...DELIVERY_EVENT_TYPES, CATALOG_PULL];

const shapes = new DocumentedShapes();
const bodyPointer = (kind: string) => `/webhooks/${kind}/post/requestBody/content/application~1json/schema`;

const CATALOG = {
  location: {
    taxRates: [
      { posReference: 'vat-9', name: 'VAT 9%', type: 'PERCENTAGE', rate: 90000, inclusive: true, isDefault: true },
      { posReference: 'deposit', name: 'Deposit', type: 'FIXED', rate: 15 },
    ],
  },
  categories: [{ posReference: 'pizza', name: 'Pizza', description: 'From the wood oven' }],
  modifiers: [{ posReference: 'extra-cheese', name: 'Extra cheese', price: 150, taxRateIds: ['vat-9'] }],
  modifierGroups: [{ posReference: 'extras', name: 'Extras', maxPermitted: 3, modifiers: ['extra-cheese'] }],
  products: [
    {
      posReference: 'margherita',
      name: 'Margherita',
      price: 1150,
      categories: ['pizza'],
      taxRateIds: ['vat-9'],
      modifierGroups: ['extras'],
    },
    { posReference: 'cola', name: 'Cola', price: 300, categories: ['pizza'], taxRateIds: ['vat-9', 'deposit'] },
  ],
};

let t: TestHub;
let posServer: FakePartner;
let marketplaceServer: FakePartner;
let pos: TestApplication;
let marketplace: TestApplication;
let location: TestLocation;
/** Every captured call, by kind, with the secret it must be signed with. */
const captured = new Map<string, { request: RecordedRequest; secret: string }[]>();

function capture(requests: RecordedRequest[], secret: string): void {
  for (const request of requests) {
    const kind =
      request.path === '/catalog' ? CATALOG_PULL : (JSON.parse(request.body) as { eventType: string }).eventType;
    captured.set(kind, [...(captured.get(kind) ?? []), { request, secret }]);
  }
}

beforeAll(async () => {
  [t, posServer, marketplaceServer] = await Promise.all([
    // A minute of an acceptance deadline lasts 50 ms: the overdue order below is due at once.
    startTestHub({ DELIVERY_RETRY_SCHEDULE: '0.05', DELIVERY_POLL_INTERVAL_MS: '50', CLOCK_MINUTE_MS: '50' }),
    FakePartner.start(),
    FakePartner.start(),
  ]);
  pos = await t.createApplication('POS', {
    webhookUrl: posServer.urlFor('/webhooks'),
    catalogPullUrl: posServer.urlFor('/catalog'),
  });
  marketplace = await t.createApplication('MARKETPLACE', {
    webhookUrl: marketplaceServer.urlFor('/webhooks'),
    menuPublicationUrl: marketplaceServer.urlFor('/menus'),
    storeStatusUrl: marketplaceServer.urlFor('/store-status'),
  });
  location = await t.createLocation();
  await t.connect(pos, location, { posStoreId: 'pos-store-7' });
  const marketplaceConnection = await t.connect(marketplace, location, { storeId: 'fn-store-7', apiKey: 'fn-key' });
  const posClient: HttpClient = await t.applicationClient(pos);
  const marketplaceClient: HttpClient = await t.applicationClient(marketplace);
  const ok = async (call: Promise<{ status: number; text: string; body: any }>, status = 200) => {
    const res = await call;
    expect({ status: res.status, text: res.text }).toEqual({ status, text: res.text });
    return res.body;
  };

  // The catalog pull, answered wrapped in `data` (a bare answer is covered by catalog-pull.test.ts).
  posServer.respond('/catalog', { body: { data: CATALOG } });
  const connections = await ok(posClient.get(`${location.path}/connections`));
  const posConnection = connections.data.find((c: { kind: string }) => c.kind === 'POS').id;
  await ok(posClient.post(`${location.path}/connections/${posConnection}/pull`));

  // A menu, published; then a product goes out of stock (MENU_UPDATED); the store closes for an hour.
  const menu = (
    await ok(
      t.admin.post(`${location.path}/menus`, {
        name: 'All day',
        description: 'Pizza and drinks',
        productPosReferences: ['margherita', 'cola'],
      }),
      201,
    )
  ).data;
  await ok(
    t.admin.post(`${location.path}/menus/${menu.id}/publications`, { connectionId: marketplaceConnection }),
    201,
  );
  await marketplaceServer.waitForRequests(1, { path: '/menus' });
  const cola = (await ok(posClient.get(`${location.path}/catalog/products?posReference=cola`))).data[0];
  await ok(
    posClient.patch(`${location.path}/catalog/products/${cola.id}`, {
      show_online: false,
      taxRateIds: ['vat-9', 'deposit'],
    }),
  );
  await ok(
    t.admin.put(`${location.path}/store-status`, {
      storeStatus: 'OFFLINE',
      closedUntil: new Date(Date.now() + 3600_000).toISOString(),
      closedReason: 'TOO_BUSY',
      closedReasonNotes: 'Back in an hour',
    }),
  );
  // Busy mode (with the store status again), opening hours with a holiday, and a snooze ended early.
  await ok(
    t.admin.put(`${location.path}/busy-mode`, {
      extraMinutes: 15,
      until: new Date(Date.now() + 3600_000).toISOString(),
    }),
  );
  await ok(
    t.admin.put(`${location.path}/opening-hours`, {
      openingHours: [
        { dayOfWeek: 1, start: '11:30', end: '14:00' },
        { dayOfWeek: 1, start: '17:00', end: '22:00' },
      ],
      holidays: [{ from: '2099-12-25T00:00:00+01:00', to: '2099-12-26T00:00:00+01:00', reason: 'Christmas' }],
    }),
  );
  await ok(
    posClient.put(`${location.path}/catalog/snoozes`, {
      items: [{ posReference: 'margherita', kind: 'PRODUCT', until: new Date(Date.now() + 3600_000).toISOString() }],
    }),
  );
  await ok(posClient.delete(`${location.path}/catalog/snoozes/PRODUCT/margherita`), 204);

  // An order with every optional part, accepted with a pickup time, given a new one, then cancelled.
  const order = (
    await ok(
      marketplaceClient.post(`${location.path}/orders`, {
        externalId: 'fn-1001',
        orderNumber: 1001,
        friendlyId: 'A-17',
        fulfillmentType: 'DELIVERY',
        currency: 'EUR',
        placedOn: '2026-11-23T11:56:00Z',
        isPaid: true,
        isScheduledOrder: false,
        estimatedDeliveryTime: '2026-11-23T12:40:00Z',
        notes: 'Ring twice',
        customer: { firstName: 'Anna', lastName: 'de Vries', phone: '+31 20 555 0100', email: 'anna@example.com' },
        delivery: { instructions: 'Third floor', deliveryType: 'COURIER', address: { street: 'Damrak 1' } },
        items: [
          {
            posReference: 'margherita',
            name: 'Margherita',
            quantity: 2,
            price: 1150,
            customerNotes: 'Well done',
            options: [{ posReference: 'extra-cheese', name: 'Extra cheese', price: 150, modifierGroupName: 'Extras' }],
          },
          { name: 'Lemonade', quantity: 1, price: 350, taxRateIds: ['vat-9'] },
        ],
        discounts: [{ name: 'WELCOME', displayName: 'Welcome discount', amount: 200 }],
        charges: [{ name: 'delivery', amount: 250 }],
        tax: [{ name: 'VAT 9%', amount: 230 }],
        payments: [{ name: 'card', amount: 2850 }],
        subTotal: 2800,
        totalTax: 230,
        total: 2850,
      }),
      201,
    )
  ).data;
  const orderPath = `${location.path}/orders/${order.id}`;
  await ok(posClient.patch(orderPath, { status: 'accepted', estimatedPickupTime: '2026-11-23T12:15:00Z' }));
  await ok(posClient.patch(orderPath, { status: 'ACCEPTED', estimatedPickupTime: '2026-11-23T12:20:00Z' }));
  await ok(marketplaceClient.patch(orderPath, { status: 'CANCELLED', cancellationReason: 'CUSTOMER_CANCELLED' }));

  // With an acceptance deadline, an order no one accepts: ORDER_OVERDUE to both sides, and nothing else.
  await ok(
    t.admin.put(`${location.path}/order-settings`, {
      acceptanceDeadlineMinutes: 1,
      afterDeadline: 'NOTHING',
      deliveryAlertMinutes: 15,
    }),
  );
  await ok(
    marketplaceClient.post(`${location.path}/orders`, {
      externalId: 'fn-1002',
      fulfillmentType: 'PICKUP',
      items: [{ posReference: 'margherita', name: 'Margherita', quantity: 1, price: 1150 }],
    }),
    201,
  );

  capture(await posServer.waitForRequests(1, { path: '/catalog' }), pos.webhookSecret);
  // ORDER_CREATED and the marketplace's cancellation; the second order's ORDER_CREATED and ORDER_OVERDUE.
  capture(await posServer.waitForRequests(4, { path: '/webhooks' }), pos.webhookSecret);
  capture(await marketplaceServer.waitForRequests(1, { path: '/menus' }), marketplace.webhookSecret);
  capture(await marketplaceServer.waitForRequests(2, { path: '/store-status' }), marketplace.webhookSecret);
  // MENU_UPDATED, OPENING_HOURS_CHANGED, ITEMS_SNOOZED, ITEMS_UNSNOOZED, ORDER_STATUS_CHANGED (accepted),
  // ORDER_UPDATED (the new pickup time) and ORDER_OVERDUE.
  capture(await marketplaceServer.waitForRequests(7, { path: '/webhooks' }), marketplace.webhookSecret);
}, 60_000);

afterAll(async () => {
  await t?.stop();
  await posServer?.close();
  await marketplaceServer?.close();
});

it('documents every call the hub makes, and nothing it does not make', () => {
  expect(KINDS.filter((kind) => !shapes.doc.webhooks[kind])).toEqual([]);
  expect(Object.keys(shapes.doc.webhooks).filter((kind) => !KINDS.includes(kind))).toEqual([]);
});

it('captured every kind of call from the partners', () => {
  expect(KINDS.filter((kind) => !captured.has(kind))).toEqual([]);
});

describe.each(KINDS)('%s', (kind) => {
  const calls = () => captured.get(kind) ?? [];

  it('sends a body that is exactly what its webhooks entry documents', () => {
    expect(calls().length).toBeGreaterThan(0);
    for (const { request } of calls()) {
      expect(request.method).toBe('POST');
      expect(request.headers['content-type']).toBe('application/json');
      expect({ kind, problems: shapes.problems(bodyPointer(kind), JSON.parse(request.body)) }).toEqual({
        kind,
        problems: [],
      });
    }
  });

  it('sends the documented headers and parameters, signed with the receiving application’s webhook secret', () => {
    const declared = shapes.doc.webhooks[kind].post.parameters;
    const parameters = declared.map((p) => shapes.resolve<HeaderParameter>(p));
    // Where each parameter's schema is in the document: in components when the entry refers to it.
    const pointers = new Map(
      declared.map((p, i) => [
        parameters[i],
        '$ref' in p ? `${p.$ref.slice(1)}/schema` : `/webhooks/${kind}/post/parameters/${i}/schema`,
      ]),
    );
    expect(parameters.filter((p) => p.in === 'header' && p.required).map((p) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    for (const { request, secret } of calls()) {
      for (const parameter of parameters) {
        const value = parameter.in === 'header' ? request.headers[parameter.name] : request.query.get(parameter.name);
        if (value === undefined || value === null) {
          expect({ parameter: parameter.name, missing: parameter.required === true }).toEqual({
            parameter: parameter.name,
            missing: false,
          });
          continue;
        }
        expect({ parameter: parameter.name, problems: shapes.problems(pointers.get(parameter)!, value) }).toEqual({
          parameter: parameter.name,
          problems: [],
        });
      }
      // Standard Webhooks: the signature over id, timestamp and the raw body verifies with the secret.
      expect(() => new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).not.toThrow();
      expect(() => new Webhook(secret).verify(`${request.body} `, request.headers as Record<string, string>)).toThrow();
      const body = JSON.parse(request.body) as { eventId?: string };
      if (kind !== CATALOG_PULL) expect(request.headers['webhook-id']).toBe(body.eventId);
    }
  });
});

it('has examples that are what their schemas document', () => {
  const checked: string[] = [];
  for (const [kind, { post }] of Object.entries(shapes.doc.webhooks)) {
    const bodies = [
      { pointer: bodyPointer(kind), examples: post.requestBody.content['application/json'].examples },
      ...Object.entries(post.responses).map(([status, response]) => ({
        pointer: `/webhooks/${kind}/post/responses/${status}/content/application~1json/schema`,
        examples: response.content?.['application/json'].examples,
      })),
    ];
    for (const { pointer, examples } of bodies) {
      for (const [name, example] of Object.entries(examples ?? {})) {
        const { value } = shapes.resolve<{ value: unknown }>(example as { $ref: string });
        expect({ example: `${kind} ${name}`, problems: shapes.problems(pointer, value) }).toEqual({
          example: `${kind} ${name}`,
          problems: [],
        });
        checked.push(`${kind} ${name}`);
      }
    }
  }
  expect(checked.length).toBeGreaterThanOrEqual(KINDS.length);
});

it('answers a catalog pull in the documented shape, bare or wrapped, and the hub applies both', async () => {
  const answerPointer = '/webhooks/CATALOG_PULL/post/responses/200/content/application~1json/schema';
  expect(shapes.problems(answerPointer, CATALOG)).toEqual([]);
  expect(shapes.problems(answerPointer, { data: CATALOG })).toEqual([]);
  // The document refuses what the hub refuses: a catalog with a field the import does not know.
  expect(shapes.problems(answerPointer, { ...CATALOG, menus: [] })).not.toEqual([]);
  const catalog = await t.admin.get(`${location.path}/catalog`);
  expect(catalog.body.data.products.map((p: { posReference: string }) => p.posReference).sort()).toEqual([
    'cola',
    'margherita',
  ]);
});
