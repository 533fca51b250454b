import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub, type TestLocation } from '../support/test-hub.js';

// An order's prices and totals are never negative (a discount is a line of its own and
// keeps any sign, as existing clients send it), through REST and GraphQL alike.

let t: TestHub;
let loc: TestLocation;
let marketplace: Awaited<ReturnType<TestHub['applicationClient']>>;
beforeAll(async () => {
  t = await startTestHub();
  loc = await t.createLocation();
  const app = await t.createApplication('MARKETPLACE');
  await t.connect(app, loc);
  marketplace = await t.applicationClient(app);
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

const order = (externalId: string, overrides: Record<string, unknown> = {}, price = 300, optionPrice = 50) => ({
  externalId,
  fulfillmentType: 'PICKUP',
  items: [{ name: 'Tea', quantity: 1, price, options: [{ name: 'Milk', price: optionPrice }] }],
  discounts: [{ name: 'promo', amount: -100 }],
  ...overrides,
});

it.each([
  ['/items/0/price', order('neg-item', {}, -300)],
  ['/items/0/options/0/price', order('neg-option', {}, 300, -50)],
  ['/total', order('neg-total', { total: -1 })],
  ['/subTotal', order('neg-subtotal', { subTotal: -250 })],
  ['/totalTax', order('neg-tax', { totalTax: -5 })],
])('refuses a negative %s with 400 naming it', async (path, body) => {
  const res = await marketplace.post(`${loc.path}/orders`, body);
  expect(res.status).toBe(400);
  expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
});

it('accepts zero prices and a negative discount line', async () => {
  expect((await marketplace.post(`${loc.path}/orders`, order('zero', { total: 0 }, 0, 0))).status).toBe(201);
});

it('refuses a negative price through GraphQL too', async () => {
  const res = await marketplace.graphql(
    `mutation($a: ID!, $l: ID!, $input: PlaceOrderInput!) { placeOrder(accountId: $a, locationId: $l, order: $input) { __typename } }`,
    {
      a: loc.accountId,
      l: loc.locationId,
      input: order('gql-neg', {}, -1),
    },
  );
  expect(res.body.errors![0].extensions).toMatchObject({ code: 'validation_failed' });
});
