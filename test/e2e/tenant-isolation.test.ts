import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ALL_SCOPES } from '../../src/common/principal.js';
import { OPENAPI_PATH } from '../../src/docs/openapi-document.js';
import { enqueue } from '../support/deliveries.js';
import type { HttpClient } from '../support/http.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

// Tenant isolation (CONTRACT sections 1 and 2): every /v1 route, called about another tenant's records by a
// caller that must not reach them, answers 404, never 200 (nor 403, which would confirm the id exists).
//
// TO ADD A ROUTE: add one row to ROUTES (or LISTS for a collection outside a location), and, if the path names
// a new kind of record, create one for the victim in `beforeAll` and put its id in `victim` under the path
// parameter's name. The last test fails for any route of openapi.yaml that has no row here.

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
  { route: `POST ${LOC}/orders`, body: () => ({ externalId: 'intruder-order', fulfillmentType: 'PICKUP', items: [{ name: 'Product', quantity: 1, price: 500 }] }) },
  { route: `GET ${LOC}/orders` },
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
  { route: `POST ${LOC}/menus/{menuId}/modifiers`, body: (v) => ({ modifierId: v.modifierId }) },
  { route: `PATCH ${LOC}/menus/{menuId}/modifiers/{menuModifierId}`, body: () => ({ price: 1 }) },
  { route: `POST ${LOC}/menus/{menuId}/publications`, body: (v) => ({ connectionId: v.connectionId }) },
  { route: `GET ${LOC}/menus/{menuId}/publications` },
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
  Object.assign(victim, { accountId: location.accountId, locationId: location.locationId, applicationId: application.id });
  victim.connectionId = await t.connect(application, location, { apiKey: 'victim-secret-key' });
  victim.merchantId = (await t.createUser('merchant', [location.accountId])).id;
  const catalog = await t.admin.put(`${location.path}/catalog/import`, {
    categories: [{ posReference: 'cat', name: 'Category' }],
    modifiers: [{ posReference: 'mod', name: 'Modifier', price: 50 }],
    modifierGroups: [{ posReference: 'grp', name: 'Group', modifiers: ['mod'] }],
    products: [{ posReference: 'prod', name: 'Product', price: 500, categories: ['cat'], modifierGroups: ['grp'], taxRateIds: ['vat'] }],
  });
  expect(catalog.status).toBe(200);
  victim.productId = (await t.admin.get(`${location.path}/catalog/products?posReference=prod`)).body.data[0].id;
  victim.modifierId = (await t.admin.get(`${location.path}/catalog/modifiers?posReference=mod`)).body.data[0].id;
  victim.categoryId = (await t.admin.get(`${location.path}/catalog/categories?posReference=cat`)).body.data[0].id;
  // A menu of the victim, built from its catalog.
  const menu = (await t.admin.post(`${location.path}/menus`, { name: 'Victim menu', productPosReferences: ['prod'] })).body.data;
  Object.assign(victim, { menuId: menu.id, itemId: menu.items[0].id, menuModifierId: menu.modifiers[0].id });
  victim.deliveryId = (
    await enqueue(t.hub.orm, { eventType: 'ORDER_CREATED', applicationId: application.id, accountId: location.accountId, locationId: location.locationId, url: 'http://127.0.0.1:9/webhooks', payload: { victim: true } })
  ).id;
  const marketplace = await t.createApplication('MARKETPLACE');
  await t.connect(marketplace, location);
  const order = await (await t.applicationClient(marketplace)).post(`${location.path}/orders`, { externalId: 'victim-order', fulfillmentType: 'DELIVERY', items: [{ posReference: 'prod', name: 'Product', quantity: 1, price: 500 }] });
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
});
afterAll(() => t.stop());

describe.each(Object.keys({
  'an application not connected to the location': 0,
  'an application disconnected from the location': 0,
  'a merchant of another account': 0,
  'a reseller that did not create the account': 0,
}))('%s', (caller) => {
  it.each(ROUTES.map((row) => [row.route, row] as const))('%s → 404', async (_route, row) => {
    const method = row.route.split(' ')[0];
    const res = await callers[caller].request(method, pathOf(row.route), row.body?.(victim));
    expect({ route: row.route, status: res.status, code: res.body?.code }).toEqual({ route: row.route, status: 404, code: 'not_found' });
  });

  it.each(LISTS.map((row) => [row.route, row] as const))('%s never lists the victim', async (_route, row) => {
    const res = await callers[caller].request('GET', `${pathOf(row.route)}?limit=200`);
    if (res.status === 200) expect(res.body.data.map((r: { id: string }) => r.id)).not.toContain(victim[row.victimId]);
    else expect([403, 404]).toContain(res.status);
  });
});

describe('control: the same requests are about real records', () => {
  it.each(ROUTES.filter((row) => row.route.startsWith('GET ')).map((row) => [row.route] as const))('%s is 200 for an admin', async (route) => {
    const res = await t.admin.request('GET', pathOf(route));
    expect(res.status).toBe(200);
  });

  it('left the victim untouched', async () => {
    const connection = await t.admin.get(pathOf(`GET ${LOC}/connections/{connectionId}`));
    expect(connection.body.data.status).toBe('ACTIVE');
    expect((await t.admin.get(pathOf(`GET ${LOC}`))).body.data.name).toBe('Victim location');
    expect((await t.admin.get(pathOf('GET /v1/applications/{applicationId}'))).body.data.name).toMatch(/^POS app/);
    expect((await t.admin.get(pathOf('GET /v1/accounts/{accountId}/locations'))).body.data).toHaveLength(1);
    const catalog = (await t.admin.get(pathOf(`GET ${LOC}/catalog`))).body.data;
    expect(catalog.products.map((p: { posReference: string; show_online: boolean; taxRateIds: string[] }) => [p.posReference, p.show_online, p.taxRateIds])).toEqual([['prod', true, ['vat']]]);
    expect(catalog.modifiers.map((m: { posReference: string; price: number }) => [m.posReference, m.price])).toEqual([['mod', 50]]);
    expect(catalog.categories).toHaveLength(1);
    expect(catalog.modifierGroups[0].modifiers).toEqual(['mod']);
  });
});

describe('the table', () => {
  it('has a row for every /v1 route of openapi.yaml', () => {
    const doc = parse(readFileSync(OPENAPI_PATH, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, item]) => Object.keys(item).filter((k) => ['get', 'post', 'put', 'patch', 'delete'].includes(k)).map((m) => `${m.toUpperCase()} ${path}`));
    const covered = new Set([...ROUTES.map((r) => r.route), ...LISTS.map((r) => r.route), ...NOT_TENANT_SCOPED]);
    expect(documented.filter((route) => !covered.has(route))).toEqual([]);
  });
});
