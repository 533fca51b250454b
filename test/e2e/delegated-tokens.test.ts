import { HttpClient } from '../support/http.js';
import {
  HUB_START_TIMEOUT_MS,
  startTestHub,
  type TestApplication,
  type TestHub,
  type TestLocation,
  type TestUser,
} from '../support/test-hub.js';

// A token obtained through a partner application is that application, whoever it acts for: a user's token
// from the authorization code flow, its refreshes, and the password grant through a partner's client (one an
// admin flagged first-party) carry the application's kind and identity, and every partner rule applies to
// them as to the application's own token. The user only narrows what the application reaches.
// (test/e2e/tenant-isolation.test.ts holds every route and operation to this; here is the whole story of one
// marketplace acting for a merchant, and the kind's own rules.)

let t: TestHub;
let location: TestLocation;
let merchant: TestUser;
let first: TestApplication; // the marketplace that placed the order
let second: TestApplication; // a marketplace the merchant authorizes
let pos: TestApplication;
let theirOrder: string;

const placement = (externalId: string) => ({
  externalId,
  fulfillmentType: 'DELIVERY',
  customer: { firstName: 'Ada', lastName: 'Lovelace', phone: '+31 20 555 0101' },
  items: [{ name: 'Margherita', quantity: 1, price: 1150 }],
});

beforeAll(async () => {
  t = await startTestHub();
  location = await t.createLocation(undefined, 'Shared place');
  merchant = await t.createUser('merchant', [location.accountId]);
  first = await t.createApplication('MARKETPLACE');
  second = await t.createApplication('MARKETPLACE');
  pos = await t.createApplication('POS', {
    scopes: ['locations.read', 'connections.read', 'orders.read', 'orders.write', 'deliveries.read'],
  });
  for (const app of [first, second, pos]) await t.connect(app, location);
  const placed = await (await t.applicationClient(first)).post(`${location.path}/orders`, placement('first-1'));
  expect(placed.status).toBe(201);
  theirOrder = placed.body.data.id;
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

/** What a marketplace may learn of another marketplace's order: nothing, on REST and GraphQL. */
async function expectNoneOfTheirOrder(client: HttpClient): Promise<void> {
  const list = await client.get(`${location.path}/orders?limit=200`);
  expect(list.status).toBe(200);
  expect(list.body.data.map((o: { id: string }) => o.id)).not.toContain(theirOrder);
  expect(list.text).not.toContain('+31 20 555 0101');
  expect((await client.get(`${location.path}/orders/${theirOrder}`)).status).toBe(404);
  const counts = (await client.get(`${location.path}/order-counts`)).body.data as { status: string; count: number }[];
  const own = list.body.data.filter((o: { status: string }) => o.status === 'NEW').length;
  expect(counts.find((c) => c.status === 'NEW')!.count).toBe(own);
  const rejected = await client.patch(`${location.path}/orders/${theirOrder}`, { status: 'REJECTED' });
  expect({ status: rejected.status, code: rejected.body.code }).toEqual({ status: 404, code: 'not_found' });
  const gql = await client.graphql(
    `query ($id: ID!, $a: ID!, $l: ID!) { order(id: $id, accountId: $a, locationId: $l) { id } }`,
    { id: theirOrder, a: location.accountId, l: location.locationId },
  );
  expect(gql.body.errors?.[0]?.extensions?.code).toBe('not_found');
}

describe('a marketplace acting for a merchant', () => {
  it("never reaches another marketplace's orders, as with its own token", async () => {
    const own = await t.applicationClient(second);
    await expectNoneOfTheirOrder(own);
    const delegated = await t.delegatedToken(second, merchant, location, 'orders.read orders.write');
    await expectNoneOfTheirOrder(new HttpClient(t.url, delegated.access_token));
    // A refresh of it is the same application acting for the same merchant.
    const refreshed = await t.token({
      grant_type: 'refresh_token',
      refresh_token: delegated.refresh_token,
      client_id: second.clientId,
      client_secret: second.clientSecret,
    });
    expect(refreshed.status).toBe(200);
    await expectNoneOfTheirOrder(new HttpClient(t.url, refreshed.body.access_token));
    // The other marketplace's order is as it was.
    const order = (await t.admin.get(`${location.path}/orders/${theirOrder}`)).body.data;
    expect(order.status).toBe('NEW');
  });

  it('places orders as that marketplace and may only cancel them', async () => {
    const delegated = await t.delegatedClient(second, merchant, location, 'orders.read orders.write');
    const placed = await delegated.post(`${location.path}/orders`, placement('second-1'));
    expect(placed.status).toBe(201);
    expect(placed.body.data.statusHistory).toEqual([
      expect.objectContaining({ status: 'NEW', by: 'MARKETPLACE', byId: second.id }),
    ]);
    const path = `${location.path}/orders/${placed.body.data.id}`;
    const allowed = await delegated.graphql(
      `query ($id: ID!, $a: ID!, $l: ID!) { order(id: $id, accountId: $a, locationId: $l) { allowedTransitions } }`,
      { id: placed.body.data.id, a: location.accountId, l: location.locationId },
    );
    expect(allowed.body.data.order.allowedTransitions).toEqual(['CANCELLED']);
    const rejected = await delegated.patch(path, { status: 'REJECTED' });
    expect({ status: rejected.status, code: rejected.body.code }).toEqual({ status: 409, code: 'invalid_transition' });
    const cancelled = await delegated.patch(path, { status: 'CANCELLED', cancellationReason: 'CUSTOMER_CANCELLED' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.statusHistory.at(-1)).toMatchObject({
      status: 'CANCELLED',
      by: 'MARKETPLACE',
      byId: second.id,
    });
  });

  it("through the password grant of a partner's first-party client is that marketplace too", async () => {
    const flagged = await t.createApplication('MARKETPLACE', { firstParty: true });
    await t.connect(flagged, location);
    const res = await t.token({
      grant_type: 'password',
      username: merchant.email,
      password: merchant.password,
      client_id: flagged.clientId,
      client_secret: flagged.clientSecret,
    });
    expect(res.status).toBe(200);
    const client = new HttpClient(t.url, res.body.access_token);
    await expectNoneOfTheirOrder(client);
    // Not an operator: the web UI's viewer is only for users acting as themselves.
    expect((await client.graphql('{ viewer { id } }')).body.errors?.[0]?.extensions?.code).toBe('not_found');
  });
});

describe('a POS acting for a merchant', () => {
  it('changes orders as that POS and sees only its own deliveries and connections', async () => {
    const delegated = await t.delegatedClient(pos, merchant, location);
    const accepted = await delegated.patch(`${location.path}/orders/${theirOrder}`, { status: 'ACCEPTED' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.statusHistory.at(-1)).toMatchObject({ status: 'ACCEPTED', by: 'POS', byId: pos.id });
    // The operator's e-mail is for operators; a partner sees the application's name.
    const history = await delegated.graphql(
      `query ($id: ID!, $a: ID!, $l: ID!) { order(id: $id, accountId: $a, locationId: $l) { statusHistory { by byName } } }`,
      { id: theirOrder, a: location.accountId, l: location.locationId },
    );
    expect(history.body.data.order.statusHistory.map((c: { byName: string }) => c.byName)).toEqual([
      first.data.name,
      pos.data.name,
    ]);
    const connections = (await delegated.get(`${location.path}/connections`)).body.data;
    expect(connections.map((c: { applicationId: string }) => c.applicationId)).toEqual([pos.id]);
    const deliveries = (await delegated.get(`${location.path}/deliveries?limit=200`)).body.data;
    expect(deliveries.length).toBeGreaterThan(0);
    expect(new Set(deliveries.map((d: { applicationId: string }) => d.applicationId))).toEqual(new Set([pos.id]));
  });
});
