import { readFileSync } from 'node:fs';
import { buildSchema } from 'graphql';
import { parse } from 'yaml';
import { ALL_SCOPES } from '../../src/common/principal.js';
import { OPENAPI_PATH } from '../../src/docs/openapi-document.js';
import { enqueue } from '../support/deliveries.js';
import type { HttpClient } from '../support/http.js';
import { liveClient } from '../support/subscriber.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

// Tenant isolation (CONTRACT sections 1 and 2): every /v1 route and every GraphQL operation, called about
// another tenant's records by a caller that must not reach them, answers 404 (`not_found` in GraphQL), never
// 200 (nor 403, which would confirm the id exists).
//
// TO ADD A ROUTE: add one row to ROUTES (or LISTS for a collection outside a location), and, if the path names
// a new kind of record, create one for the victim in `beforeAll` and put its id in `victim` under the path
// parameter's name. TO ADD A GRAPHQL OPERATION: add one row to OPERATIONS (or GRAPHQL_LISTS); `$name` in the
// document is the victim's id of that name. The last tests fail for any route of openapi.yaml and any
// Query, Mutation or Subscription field of schema.graphql that has no row here.

interface Row {
  /** `METHOD /path/{param}` exactly as in openapi.yaml. */
  route: string;
  /** A valid body: the OpenAPI validator answers 400 before tenancy is looked at. */
  body?: (victim: Victim) => unknown;
}

type Victim = Record<string, string>;

const LOC = '/v1/accounts/{accountId}/locations/{locationId}';

/** Routes about one record of the victim (its account, location, connection, application): always 404. */
const ROUTES: Row[] = [
  { route: 'GET /v1/accounts/{accountId}' },
  { route: 'PATCH /v1/accounts/{accountId}', body: () => ({ name: 'Taken over' }) },
  { route: 'GET /v1/accounts/{accountId}/locations' },
  { route: 'POST /v1/accounts/{accountId}/locations', body: () => ({ name: 'Intruder location' }) },
  { route: `GET ${LOC}` },
  { route: `PATCH ${LOC}`, body: () => ({ name: 'Taken over' }) },
  { route: `GET ${LOC}/applications` },
  { route: `GET ${LOC}/connections` },
  { route: `POST ${LOC}/connections`, body: (v) => ({ applicationId: v.intruderApplicationId }) },
  { route: `GET ${LOC}/connections/{connectionId}` },
  { route: `DELETE ${LOC}/connections/{connectionId}` },
  { route: `POST ${LOC}/connections/{connectionId}/pull` },
  { route: 'GET /v1/applications/{applicationId}' },
  { route: 'PATCH /v1/applications/{applicationId}', body: () => ({ name: 'Taken over' }) },
  { route: 'POST /v1/applications/{applicationId}/secret' },
  // Catalog (issue 5)
  { route: `PUT ${LOC}/catalog/import`, body: () => ({ products: [] }) },
  { route: `GET ${LOC}/catalog` },
  { route: `GET ${LOC}/catalog/products` },
  { route: `POST ${LOC}/catalog/products`, body: () => ({ posReference: 'intruder', name: 'Intruder', price: 1 }) },
  { route: `GET ${LOC}/catalog/products/{productId}` },
  { route: `PATCH ${LOC}/catalog/products/{productId}`, body: () => ({ show_online: false }) },
  { route: `DELETE ${LOC}/catalog/products/{productId}` },
  { route: `GET ${LOC}/catalog/modifiers` },
  { route: `POST ${LOC}/catalog/modifiers`, body: () => ({ posReference: 'intruder', name: 'Intruder', price: 1 }) },
  { route: `GET ${LOC}/catalog/modifiers/{modifierId}` },
  { route: `PATCH ${LOC}/catalog/modifiers/{modifierId}`, body: () => ({ price: 1 }) },
  { route: `DELETE ${LOC}/catalog/modifiers/{modifierId}` },
  { route: `GET ${LOC}/catalog/categories` },
  { route: `DELETE ${LOC}/catalog/categories/{categoryId}` },
  { route: `GET ${LOC}/catalog/modifier-groups` },
  // Delivery log (issue 4)
  { route: `GET ${LOC}/deliveries` },
  { route: 'GET /v1/applications/{applicationId}/deliveries' },
  { route: 'GET /v1/deliveries/{deliveryId}' },
  { route: 'POST /v1/deliveries/{deliveryId}/retry' },
  {
    route: `POST ${LOC}/orders`,
    body: () => ({
      externalId: 'intruder-order',
      fulfillmentType: 'PICKUP',
      items: [{ name: 'Product', quantity: 1, price: 500 }],
    }),
  },
  { route: `GET ${LOC}/orders` },
  { route: `GET ${LOC}/order-counts` },
  { route: `GET ${LOC}/orders/{orderId}` },
  { route: `PATCH ${LOC}/orders/{orderId}`, body: () => ({ status: 'CANCELLED' }) },
  // Menus (issue 6)
  { route: `GET ${LOC}/menus` },
  { route: `POST ${LOC}/menus`, body: () => ({ name: 'Intruder menu' }) },
  { route: `GET ${LOC}/menus/{menuId}` },
  { route: `PATCH ${LOC}/menus/{menuId}`, body: () => ({ name: 'Taken over' }) },
  { route: `DELETE ${LOC}/menus/{menuId}` },
  { route: `POST ${LOC}/menus/{menuId}/items`, body: (v) => ({ productId: v.productId }) },
  { route: `PATCH ${LOC}/menus/{menuId}/items/{itemId}`, body: () => ({ taxRateIds: [] }) },
  { route: `DELETE ${LOC}/menus/{menuId}/items/{itemId}` },
  { route: `PUT ${LOC}/menus/{menuId}/item-order`, body: (v) => ({ itemIds: [v.itemId] }) },
  { route: `POST ${LOC}/menus/{menuId}/modifiers`, body: (v) => ({ modifierId: v.modifierId }) },
  { route: `PATCH ${LOC}/menus/{menuId}/modifiers/{menuModifierId}`, body: () => ({ price: 1 }) },
  { route: `POST ${LOC}/menus/{menuId}/publications`, body: (v) => ({ connectionId: v.connectionId }) },
  { route: `GET ${LOC}/menus/{menuId}/publications` },
  { route: 'PATCH /v1/users/{userId}', body: (v) => ({ accountIds: [v.accountId] }) },
  { route: 'POST /v1/users/{userId}/deactivate' },
  { route: 'POST /v1/users/{userId}/reactivate' },
  { route: `GET ${LOC}/store-status` },
  { route: `PUT ${LOC}/store-status`, body: () => ({ storeStatus: 'OFFLINE' }) },
];

/** Collections not under a location: never 200 with a victim's record in them. */
const LISTS: { route: string; victimId: string }[] = [
  { route: 'GET /v1/accounts', victimId: 'accountId' },
  { route: 'GET /v1/applications', victimId: 'applicationId' },
  { route: 'GET /v1/users', victimId: 'merchantId' },
];

/** Routes that create a new top-level record and so name no tenant. */
const NOT_TENANT_SCOPED = ['POST /v1/accounts', 'POST /v1/applications', 'POST /v1/users'];

/**
 * A GraphQL operation about one record of the victim: always `not_found`. `$name` is the victim's id `name`
 * (declared ID!); inputs are written inline, so a row is one line.
 */
interface Operation {
  /** `Query.field`, `Mutation.field` or `Subscription.field` exactly as in schema.graphql. */
  operation: string;
  /** The field with its arguments and selection. */
  call: string;
}

const L = 'accountId: $accountId, locationId: $locationId';

const OPERATIONS: Operation[] = [
  { operation: 'Query.account', call: 'account(id: $accountId) { id }' },
  { operation: 'Query.locations', call: 'locations(accountId: $accountId) { data { id } }' },
  { operation: 'Query.location', call: 'location(id: $locationId, accountId: $accountId) { id }' },
  { operation: 'Query.locationDeliveries', call: `locationDeliveries(${L}) { data { id } }` },
  {
    operation: 'Query.applicationDeliveries',
    call: 'applicationDeliveries(applicationId: $applicationId) { data { id } }',
  },
  { operation: 'Query.delivery', call: 'delivery(id: $deliveryId) { id }' },
  { operation: 'Query.application', call: 'application(id: $applicationId) { id }' },
  { operation: 'Query.availableApplications', call: `availableApplications(${L}) { data { id } }` },
  { operation: 'Query.connections', call: `connections(${L}) { data { id } }` },
  { operation: 'Query.connection', call: `connection(id: $connectionId, ${L}) { id }` },
  { operation: 'Query.catalog', call: `catalog(${L}) { __typename }` },
  { operation: 'Query.categories', call: `categories(${L}) { data { id } }` },
  { operation: 'Query.modifierGroups', call: `modifierGroups(${L}) { data { id } }` },
  { operation: 'Query.products', call: `products(${L}) { data { id } }` },
  { operation: 'Query.product', call: `product(id: $productId, ${L}) { id }` },
  { operation: 'Query.modifiers', call: `modifiers(${L}) { data { id } }` },
  { operation: 'Query.modifier', call: `modifier(id: $modifierId, ${L}) { id }` },
  { operation: 'Query.order', call: `order(id: $orderId, ${L}) { id }` },
  { operation: 'Query.orders', call: `orders(${L}) { data { id } }` },
  { operation: 'Query.orderCounts', call: `orderCounts(${L}) { status count }` },
  { operation: 'Query.menus', call: `menus(${L}) { data { id } }` },
  { operation: 'Query.menu', call: `menu(id: $menuId, ${L}) { id }` },
  { operation: 'Query.menuPublications', call: `menuPublications(menuId: $menuId, ${L}) { data { id } }` },
  { operation: 'Query.storeStatus', call: `storeStatus(${L}) { storeStatus }` },
  { operation: 'Mutation.retryDelivery', call: 'retryDelivery(id: $deliveryId) { id }' },
  {
    operation: 'Mutation.updateApplication',
    call: 'updateApplication(id: $applicationId, input: { name: "Taken over" }) { id }',
  },
  { operation: 'Mutation.rotateApplicationSecret', call: 'rotateApplicationSecret(id: $applicationId) { id }' },
  { operation: 'Mutation.connect', call: `connect(${L}, input: { applicationId: $intruderApplicationId }) { id }` },
  { operation: 'Mutation.disconnect', call: `disconnect(id: $connectionId, ${L}) { id }` },
  { operation: 'Mutation.importCatalog', call: `importCatalog(${L}, catalog: { products: [] }) { products }` },
  { operation: 'Mutation.pullCatalog', call: `pullCatalog(connectionId: $connectionId, ${L}) { products }` },
  { operation: 'Mutation.deleteCategory', call: `deleteCategory(id: $categoryId, ${L})` },
  {
    operation: 'Mutation.createProduct',
    call: `createProduct(${L}, input: { posReference: "intruder", name: "Intruder", price: 1 }) { id }`,
  },
  {
    operation: 'Mutation.updateProduct',
    call: `updateProduct(id: $productId, ${L}, input: { show_online: false }) { id }`,
  },
  { operation: 'Mutation.deleteProduct', call: `deleteProduct(id: $productId, ${L})` },
  {
    operation: 'Mutation.createModifier',
    call: `createModifier(${L}, input: { posReference: "intruder", name: "Intruder", price: 1 }) { id }`,
  },
  { operation: 'Mutation.updateModifier', call: `updateModifier(id: $modifierId, ${L}, input: { price: 1 }) { id }` },
  { operation: 'Mutation.deleteModifier', call: `deleteModifier(id: $modifierId, ${L})` },
  { operation: 'Mutation.updateAccount', call: 'updateAccount(id: $accountId, input: { name: "Taken over" }) { id }' },
  {
    operation: 'Mutation.createLocation',
    call: 'createLocation(accountId: $accountId, input: { name: "Intruder location" }) { id }',
  },
  {
    operation: 'Mutation.updateLocation',
    call: 'updateLocation(id: $locationId, accountId: $accountId, input: { name: "Taken over" }) { id }',
  },
  {
    operation: 'Mutation.placeOrder',
    call: `placeOrder(${L}, order: { externalId: "intruder-order", fulfillmentType: "PICKUP", items: [{ name: "Product", quantity: 1, price: 500 }] }) { created }`,
  },
  {
    operation: 'Mutation.updateOrderStatus',
    call: `updateOrderStatus(id: $orderId, ${L}, input: { status: "CANCELLED" }) { id }`,
  },
  { operation: 'Mutation.createMenu', call: `createMenu(${L}, input: { name: "Intruder menu" }) { id }` },
  { operation: 'Mutation.updateMenu', call: `updateMenu(id: $menuId, ${L}, input: { name: "Taken over" }) { id }` },
  { operation: 'Mutation.deleteMenu', call: `deleteMenu(id: $menuId, ${L})` },
  {
    operation: 'Mutation.addMenuItem',
    call: `addMenuItem(menuId: $menuId, ${L}, input: { productId: $productId }) { id }`,
  },
  {
    operation: 'Mutation.updateMenuItem',
    call: `updateMenuItem(menuId: $menuId, id: $itemId, ${L}, input: { taxRateIds: [] }) { id }`,
  },
  { operation: 'Mutation.deleteMenuItem', call: `deleteMenuItem(menuId: $menuId, id: $itemId, ${L})` },
  {
    operation: 'Mutation.reorderMenuItems',
    call: `reorderMenuItems(menuId: $menuId, ${L}, itemIds: [$itemId]) { id }`,
  },
  {
    operation: 'Mutation.addMenuModifier',
    call: `addMenuModifier(menuId: $menuId, ${L}, input: { modifierId: $modifierId }) { id }`,
  },
  {
    operation: 'Mutation.updateMenuModifier',
    call: `updateMenuModifier(menuId: $menuId, id: $menuModifierId, ${L}, input: { price: 1 }) { id }`,
  },
  { operation: 'Mutation.publishMenu', call: `publishMenu(connectionId: $connectionId, menuId: $menuId, ${L}) { id }` },
  { operation: 'Mutation.updateUser', call: 'updateUser(id: $userId, input: { accountIds: [$accountId] }) { id }' },
  { operation: 'Mutation.deactivateUser', call: 'deactivateUser(id: $userId) { id }' },
  { operation: 'Mutation.reactivateUser', call: 'reactivateUser(id: $userId) { id }' },
  {
    operation: 'Mutation.setStoreStatus',
    call: `setStoreStatus(${L}, input: { storeStatus: OFFLINE }) { storeStatus }`,
  },
  // Subscriptions (over graphql-ws): refused with not_found when they start, as their queries are.
  { operation: 'Subscription.orderBoard', call: `orderBoard(${L}) { kind }` },
  { operation: 'Subscription.locationDeliveryChanged', call: `locationDeliveryChanged(${L}) { kind }` },
  {
    operation: 'Subscription.applicationDeliveryChanged',
    call: 'applicationDeliveryChanged(applicationId: $applicationId) { kind }',
  },
  { operation: 'Subscription.menuChanged', call: `menuChanged(menuId: $menuId, ${L}) { kind }` },
  { operation: 'Subscription.menuPublicationChanged', call: `menuPublicationChanged(menuId: $menuId, ${L}) { kind }` },
  { operation: 'Subscription.storeStatusChanged', call: `storeStatusChanged(${L}) { kind }` },
];

/** Collections not under a location: never a victim's record in them (`ids` reads them from the field's value). */
const GRAPHQL_LISTS: { operation: string; call: string; victimId: string; ids?: (value: any) => string[] }[] = [
  { operation: 'Query.accounts', call: 'accounts(limit: 200) { data { id } }', victimId: 'accountId' },
  { operation: 'Query.applications', call: 'applications(limit: 200) { data { id } }', victimId: 'applicationId' },
  { operation: 'Query.users', call: 'users(limit: 200) { data { id } }', victimId: 'merchantId' },
  {
    operation: 'Query.home',
    call: 'home { locationId }',
    victimId: 'locationId',
    ids: (value) => value.map((s: { locationId: string }) => s.locationId),
  },
];

/** Operations that create a new top-level record and so name no tenant. */
// The web UI's sign-in names no record: viewer is always the caller itself, signIn and signOut its session
// (test/e2e/ui-session.test.ts).
const GRAPHQL_NOT_TENANT_SCOPED = [
  'Mutation.createAccount',
  'Mutation.createApplication',
  'Mutation.createUser',
  'Query.viewer',
  'Mutation.signIn',
  'Mutation.signOut',
  'Query.orderCancellationReasons',
];

/** The operation's document with its `$variables` declared (ID!) and the victim's ids as their values. */
function documentOf(row: { operation: string; call: string }): { query: string; variables: Record<string, string> } {
  const names = [...new Set([...row.call.matchAll(/\$(\w+)/g)].map((m) => m[1]))];
  const variables = Object.fromEntries(
    names.map((name) => {
      if (!victim[name]) throw new Error(`the victim has no ${name}: create one in beforeAll and set victim.${name}`);
      return [name, victim[name]];
    }),
  );
  const declarations = names.length ? `(${names.map((n) => `$${n}: ID!`).join(', ')})` : '';
  const kind = row.operation.startsWith('Mutation.')
    ? 'mutation'
    : row.operation.startsWith('Subscription.')
      ? 'subscription'
      : 'query';
  return { query: `${kind}${declarations} { ${row.call} }`, variables };
}

let t: TestHub;
const victim: Victim = {};
const callers: Record<string, HttpClient> = {};

function pathOf(route: string): string {
  return route.slice(route.indexOf(' ') + 1).replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (!victim[name]) throw new Error(`the victim has no ${name}: create one in beforeAll and set victim.${name}`);
    return victim[name];
  });
}

beforeAll(async () => {
  t = await startTestHub();
  // The victim: an account with a location, an application connected to it, a merchant of the account.
  const location = await t.createLocation(undefined, 'Victim location');
  const application = await t.createApplication('POS');
  Object.assign(victim, {
    accountId: location.accountId,
    locationId: location.locationId,
    applicationId: application.id,
  });
  victim.connectionId = await t.connect(application, location, { apiKey: 'victim-secret-key' });
  victim.merchantId = (await t.createUser('merchant', [location.accountId])).id;
  victim.userId = victim.merchantId;
  const catalog = await t.admin.put(`${location.path}/catalog/import`, {
    categories: [{ posReference: 'cat', name: 'Category' }],
    modifiers: [{ posReference: 'mod', name: 'Modifier', price: 50 }],
    modifierGroups: [{ posReference: 'grp', name: 'Group', modifiers: ['mod'] }],
    products: [
      {
        posReference: 'prod',
        name: 'Product',
        price: 500,
        categories: ['cat'],
        modifierGroups: ['grp'],
        taxRateIds: ['vat'],
      },
    ],
  });
  expect(catalog.status).toBe(200);
  victim.productId = (await t.admin.get(`${location.path}/catalog/products?posReference=prod`)).body.data[0].id;
  victim.modifierId = (await t.admin.get(`${location.path}/catalog/modifiers?posReference=mod`)).body.data[0].id;
  victim.categoryId = (await t.admin.get(`${location.path}/catalog/categories?posReference=cat`)).body.data[0].id;
  // A menu of the victim, built from its catalog.
  const menu = (await t.admin.post(`${location.path}/menus`, { name: 'Victim menu', productPosReferences: ['prod'] }))
    .body.data;
  Object.assign(victim, { menuId: menu.id, itemId: menu.items[0].id, menuModifierId: menu.modifiers[0].id });
  victim.deliveryId = (
    await enqueue(t.hub.orm, {
      eventType: 'ORDER_CREATED',
      applicationId: application.id,
      accountId: location.accountId,
      locationId: location.locationId,
      url: 'http://127.0.0.1:9/webhooks',
      payload: { victim: true },
    })
  ).id;
  const marketplace = await t.createApplication('MARKETPLACE');
  await t.connect(marketplace, location);
  const order = await (
    await t.applicationClient(marketplace)
  ).post(`${location.path}/orders`, {
    externalId: 'victim-order',
    fulfillmentType: 'DELIVERY',
    items: [{ posReference: 'prod', name: 'Product', quantity: 1, price: 500 }],
  });
  expect(order.status).toBe(201);
  victim.orderId = order.body.data.id;

  // Intruders, each with every scope its kind of principal can hold, so that only tenancy can stop them.
  const elsewhere = await t.createLocation(undefined, 'Intruder location');
  const intruderApp = await t.createApplication('MARKETPLACE', { scopes: [...ALL_SCOPES] });
  await t.connect(intruderApp, elsewhere);
  victim.intruderApplicationId = intruderApp.id;
  callers['an application not connected to the location'] = await t.applicationClient(intruderApp);

  const formerApp = await t.createApplication('MARKETPLACE', { scopes: [...ALL_SCOPES] });
  const former = await t.connect(formerApp, location);
  await t.admin.delete(`${location.path}/connections/${former}`);
  callers['an application disconnected from the location'] = await t.applicationClient(formerApp);

  callers['a merchant of another account'] = await t.userClient(await t.createUser('merchant', [elsewhere.accountId]));
  const reseller = await t.userClient(await t.createUser('reseller'));
  await t.createLocation(reseller, 'Reseller location');
  callers['a reseller that did not create the account'] = reseller;
  // A whole tenant and four intruders take a while on a loaded machine.
}, 120_000);
afterAll(() => t.stop());

describe.each(
  Object.keys({
    'an application not connected to the location': 0,
    'an application disconnected from the location': 0,
    'a merchant of another account': 0,
    'a reseller that did not create the account': 0,
  }),
)('%s', (caller) => {
  it.each(ROUTES.map((row) => [row.route, row] as const))('%s → 404', async (_route, row) => {
    const method = row.route.split(' ')[0];
    const res = await callers[caller].request(method, pathOf(row.route), row.body?.(victim));
    expect({ route: row.route, status: res.status, code: res.body?.code }).toEqual({
      route: row.route,
      status: 404,
      code: 'not_found',
    });
  });

  it.each(LISTS.map((row) => [row.route, row] as const))('%s never lists the victim', async (_route, row) => {
    const res = await callers[caller].request('GET', `${pathOf(row.route)}?limit=200`);
    if (res.status === 200) expect(res.body.data.map((r: { id: string }) => r.id)).not.toContain(victim[row.victimId]);
    else expect([403, 404]).toContain(res.status);
  });

  it.each(
    OPERATIONS.filter((row) => row.operation.startsWith('Subscription.')).map((row) => [row.operation, row] as const),
  )('GraphQL %s → not_found', async (_operation, row) => {
    const { query, variables } = documentOf(row);
    const live = liveClient(t.url, callers[caller].token);
    try {
      await live.connected;
      const subscription = live.subscribe(query, variables);
      await subscription.settled(15_000);
      expect({
        operation: row.operation,
        codes: subscription.errors.map((e) => e.extensions?.code),
        events: subscription.events,
      }).toEqual({ operation: row.operation, codes: ['not_found'], events: [] });
    } finally {
      await live.close();
    }
  });

  it.each(
    OPERATIONS.filter((row) => !row.operation.startsWith('Subscription.')).map((row) => [row.operation, row] as const),
  )('GraphQL %s → not_found', async (_operation, row) => {
    const { query, variables } = documentOf(row);
    const res = await callers[caller].graphql(query, variables);
    const codes = (res.body.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code);
    expect({ operation: row.operation, status: res.status, codes }).toEqual({
      operation: row.operation,
      status: 200,
      codes: ['not_found'],
    });
  });

  it.each(GRAPHQL_LISTS.map((row) => [row.operation, row] as const))(
    'GraphQL %s never lists the victim',
    async (_operation, row) => {
      const { query, variables } = documentOf(row);
      const res = await callers[caller].graphql(query, variables);
      const field = row.operation.split('.')[1];
      const ids = row.ids ?? ((value: { data: { id: string }[] }) => value.data.map((r) => r.id));
      if (!res.body.errors) expect(ids(res.body.data[field])).not.toContain(victim[row.victimId]);
      else expect(['insufficient_scope', 'not_found']).toContain(res.body.errors[0].extensions?.code);
    },
  );
});

describe('control: the same requests are about real records', () => {
  it.each(ROUTES.filter((row) => row.route.startsWith('GET ')).map((row) => [row.route] as const))(
    '%s is 200 for an admin',
    async (route) => {
      const res = await t.admin.request('GET', pathOf(route));
      expect(res.status).toBe(200);
    },
  );

  it('left the victim untouched', async () => {
    const connection = await t.admin.get(pathOf(`GET ${LOC}/connections/{connectionId}`));
    expect(connection.body.data.status).toBe('ACTIVE');
    expect((await t.admin.get(pathOf(`GET ${LOC}`))).body.data.name).toBe('Victim location');
    expect((await t.admin.get(pathOf('GET /v1/accounts/{accountId}'))).body.data.name).not.toBe('Taken over');
    const merchant = (await t.admin.get('/v1/users?limit=200')).body.data.find(
      (u: { id: string }) => u.id === victim.merchantId,
    );
    expect(merchant.deactivatedAt).toBeNull();
    expect(merchant.accountIds).toEqual([victim.accountId]);
    expect((await t.admin.get(pathOf('GET /v1/applications/{applicationId}'))).body.data.name).toMatch(/^POS app/);
    expect((await t.admin.get(pathOf('GET /v1/accounts/{accountId}/locations'))).body.data).toHaveLength(1);
    const catalog = (await t.admin.get(pathOf(`GET ${LOC}/catalog`))).body.data;
    expect(
      catalog.products.map((p: { posReference: string; show_online: boolean; taxRateIds: string[] }) => [
        p.posReference,
        p.show_online,
        p.taxRateIds,
      ]),
    ).toEqual([['prod', true, ['vat']]]);
    expect(catalog.modifiers.map((m: { posReference: string; price: number }) => [m.posReference, m.price])).toEqual([
      ['mod', 50],
    ]);
    expect(catalog.categories).toHaveLength(1);
    expect(catalog.modifierGroups[0].modifiers).toEqual(['mod']);
  });
});

describe('control: the same GraphQL operations are about real records', () => {
  it.each(OPERATIONS.filter((row) => row.operation.startsWith('Query.')).map((row) => [row.operation, row] as const))(
    '%s answers an admin',
    async (_operation, row) => {
      const { query, variables } = documentOf(row);
      const res = await t.admin.graphql(query, variables);
      expect(res.body.errors).toBeUndefined();
    },
  );
});

describe('the table', () => {
  it('has a row for every Query, Mutation and Subscription field of schema.graphql', () => {
    const schema = buildSchema(readFileSync(new URL('../../../schema/schema.graphql', import.meta.url), 'utf8'));
    const operations = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap(
      (type) => (type ? Object.keys(type.getFields()).map((field) => `${type.name}.${field}`) : []),
    );
    const covered = new Set([
      ...OPERATIONS.map((r) => r.operation),
      ...GRAPHQL_LISTS.map((r) => r.operation),
      ...GRAPHQL_NOT_TENANT_SCOPED,
    ]);
    expect(operations.filter((operation) => !covered.has(operation))).toEqual([]);
  });

  it('has a row for every /v1 route of openapi.yaml', () => {
    const doc = parse(readFileSync(OPENAPI_PATH, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((k) => ['get', 'post', 'put', 'patch', 'delete'].includes(k))
          .map((m) => `${m.toUpperCase()} ${path}`),
      );
    const covered = new Set([...ROUTES.map((r) => r.route), ...LISTS.map((r) => r.route), ...NOT_TENANT_SCOPED]);
    expect(documented.filter((route) => !covered.has(route))).toEqual([]);
  });
});
