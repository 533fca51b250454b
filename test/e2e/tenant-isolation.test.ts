import type { GraphQLObjectType } from 'graphql';
import { declaredOperations, isDeclared, type OperationRule } from '../../src/auth/operation.js';
import { ALL_SCOPES, type ApplicationKind } from '../../src/common/principal.js';
import { OPERATION_EXTENSION } from '../../src/graphql/granted.js';
import { buildHubSchema } from '../../src/graphql/schema.js';
import { documentedRoute } from '../../src/rest/operation-route.js';
import type { RestDeps } from '../../src/rest/rest-deps.js';
import { restRoutes } from '../../src/rest/router.js';
import { openApiDocument } from '../../src/shapes/openapi-source.js';
import { enqueue } from '../support/deliveries.js';
import type { HttpClient } from '../support/http.js';
import { liveClient } from '../support/subscriber.js';
import { startTestHub, type TestApplication, type TestHub } from '../support/test-hub.js';

// Tenant isolation (docs/contract.md "Conventions" and "Principals, scopes and tokens"): every /v1 route and every
// GraphQL operation, called about another tenant's records by a caller that must not reach them, answers 404
// (`not_found` in GraphQL), never 200 (nor 403, which would confirm the id exists).
//
// Every route and every GraphQL field is a declared operation (src/auth/operation.ts); the last tests fail for
// one served without a declaration, and they read off each declaration which table its row belongs in: an
// operation that names a record (`reaches` account, location, application, delivery, user) is in ROUTES or
// OPERATIONS, a list narrowed to the caller's reach in LISTS or GRAPHQL_LISTS; one that names nothing needs no
// row. TO ADD A ROUTE: declare its operation, add one row to ROUTES (or LISTS), and, if the path names a new
// kind of record, create one for the victim in `beforeAll` and put its id in `victim` under the path
// parameter's name. TO ADD A GRAPHQL OPERATION: add one row to OPERATIONS (or GRAPHQL_LISTS); `$name` in the
// document is the victim's id of that name.
//
// Every row also says what a partner application connected to the victim's location gets (`partners`): on
// its own token and acting for the victim's merchant (a token obtained through an application, which is that
// application), the partner rules decide, not tenancy.

interface Row {
  /** `METHOD /path/{param}` exactly as in openapi.yaml. */
  route: string;
  /** A valid body: the OpenAPI validator answers 400 before tenancy is looked at. */
  body?: (victim: Victim) => unknown;
  /** The query its required parameters need, for the same reason (pathOf adds it). */
  query?: string;
  partners: Partners;
}

type Victim = Record<string, string>;

/**
 * What a partner application connected to the victim's location gets for a row, the same on its own token and
 * acting for the victim's merchant:
 * - 'not_found': the row names what no other partner reaches (another partner's connection, application or
 *   deliveries; users);
 * - 'as_application': the row is about the location, its catalog, menus or orders as a whole, which the
 *   application reaches: acting for the merchant it answers exactly as on its own token (reads are compared;
 *   writes are not sent, since one that succeeds would change the victim for the other rows).
 */
type PartnerOutcome = 'not_found' | 'as_application';
type Partners = Readonly<Record<ApplicationKind, PartnerOutcome>>;

const NOT_FOUND: Partners = { MARKETPLACE: 'not_found', POS: 'not_found' };
const AS_APPLICATION: Partners = { MARKETPLACE: 'as_application', POS: 'as_application' };
/** The victim's order, placed by another marketplace: a marketplace sees only its own orders, a POS all of them. */
const ANOTHER_MARKETPLACES_ORDER: Partners = { MARKETPLACE: 'not_found', POS: 'as_application' };

const LOC = '/v1/accounts/{accountId}/locations/{locationId}';

/** Routes about one record of the victim (its account, location, connection, application): always 404. */
const ROUTES: Row[] = [
  { route: 'GET /v1/accounts/{accountId}', partners: AS_APPLICATION },
  { route: 'PATCH /v1/accounts/{accountId}', body: () => ({ name: 'Taken over' }), partners: AS_APPLICATION },
  { route: 'GET /v1/accounts/{accountId}/locations', partners: AS_APPLICATION },
  {
    route: 'POST /v1/accounts/{accountId}/locations',
    body: () => ({ name: 'Intruder location' }),
    partners: AS_APPLICATION,
  },
  { route: `GET ${LOC}`, partners: AS_APPLICATION },
  { route: `PATCH ${LOC}`, body: () => ({ name: 'Taken over' }), partners: AS_APPLICATION },
  { route: `GET ${LOC}/applications`, partners: AS_APPLICATION },
  { route: `GET ${LOC}/connections`, partners: AS_APPLICATION },
  {
    route: `POST ${LOC}/connections`,
    body: (v) => ({ applicationId: v.intruderApplicationId }),
    partners: AS_APPLICATION,
  },
  { route: `GET ${LOC}/connections/{connectionId}`, partners: NOT_FOUND },
  {
    route: `PATCH ${LOC}/connections/{connectionId}`,
    body: () => ({ credentials: { apiKey: 'taken over' } }),
    partners: NOT_FOUND,
  },
  { route: `DELETE ${LOC}/connections/{connectionId}`, partners: NOT_FOUND },
  { route: `POST ${LOC}/connections/{connectionId}/pull`, partners: NOT_FOUND },
  { route: 'GET /v1/applications/{applicationId}', partners: NOT_FOUND },
  { route: 'PATCH /v1/applications/{applicationId}', body: () => ({ name: 'Taken over' }), partners: NOT_FOUND },
  { route: 'POST /v1/applications/{applicationId}/secret', partners: NOT_FOUND },
  {
    route: 'POST /v1/applications/{applicationId}/test-events',
    body: () => ({ eventType: 'ORDER_CREATED' }),
    partners: NOT_FOUND,
  },
  // Catalog
  { route: `PUT ${LOC}/catalog/import`, body: () => ({ products: [] }), partners: AS_APPLICATION },
  { route: `GET ${LOC}/catalog`, partners: AS_APPLICATION },
  { route: `GET ${LOC}/catalog/products`, partners: AS_APPLICATION },
  {
    route: `POST ${LOC}/catalog/products`,
    body: () => ({ posReference: 'intruder', name: 'Intruder', price: 1 }),
    partners: AS_APPLICATION,
  },
  { route: `GET ${LOC}/catalog/products/{productId}`, partners: AS_APPLICATION },
  {
    route: `PATCH ${LOC}/catalog/products/{productId}`,
    body: () => ({ show_online: false }),
    partners: AS_APPLICATION,
  },
  { route: `DELETE ${LOC}/catalog/products/{productId}`, partners: AS_APPLICATION },
  { route: `GET ${LOC}/catalog/modifiers`, partners: AS_APPLICATION },
  {
    route: `POST ${LOC}/catalog/modifiers`,
    body: () => ({ posReference: 'intruder', name: 'Intruder', price: 1 }),
    partners: AS_APPLICATION,
  },
  { route: `GET ${LOC}/catalog/modifiers/{modifierId}`, partners: AS_APPLICATION },
  { route: `PATCH ${LOC}/catalog/modifiers/{modifierId}`, body: () => ({ price: 1 }), partners: AS_APPLICATION },
  { route: `DELETE ${LOC}/catalog/modifiers/{modifierId}`, partners: AS_APPLICATION },
  { route: `GET ${LOC}/catalog/categories`, partners: AS_APPLICATION },
  { route: `DELETE ${LOC}/catalog/categories/{categoryId}`, partners: AS_APPLICATION },
  { route: `GET ${LOC}/catalog/modifier-groups`, partners: AS_APPLICATION },
  // Delivery log
  { route: `GET ${LOC}/deliveries`, partners: AS_APPLICATION },
  { route: `POST ${LOC}/deliveries/retry-failed`, partners: AS_APPLICATION },
  { route: `GET ${LOC}/delivery-alerts`, partners: AS_APPLICATION },
  { route: 'GET /v1/applications/{applicationId}/deliveries', partners: NOT_FOUND },
  { route: 'GET /v1/deliveries/{deliveryId}', partners: NOT_FOUND },
  { route: 'POST /v1/deliveries/{deliveryId}/retry', partners: NOT_FOUND },
  {
    route: `POST ${LOC}/orders`,
    partners: AS_APPLICATION,
    body: () => ({
      externalId: 'intruder-order',
      fulfillmentType: 'PICKUP',
      items: [{ name: 'Product', quantity: 1, price: 500 }],
    }),
  },
  { route: `GET ${LOC}/orders`, partners: AS_APPLICATION },
  { route: `GET ${LOC}/order-counts`, partners: AS_APPLICATION },
  { route: `POST ${LOC}/test-orders`, partners: AS_APPLICATION },
  { route: `GET ${LOC}/orders/{orderId}`, partners: ANOTHER_MARKETPLACES_ORDER },
  {
    route: `PATCH ${LOC}/orders/{orderId}`,
    body: () => ({ status: 'CANCELLED' }),
    partners: ANOTHER_MARKETPLACES_ORDER,
  },
  // Menus
  { route: `GET ${LOC}/menus`, partners: AS_APPLICATION },
  { route: `POST ${LOC}/menus`, body: () => ({ name: 'Intruder menu' }), partners: AS_APPLICATION },
  { route: `GET ${LOC}/menus/{menuId}`, partners: AS_APPLICATION },
  { route: `PATCH ${LOC}/menus/{menuId}`, body: () => ({ name: 'Taken over' }), partners: AS_APPLICATION },
  { route: `DELETE ${LOC}/menus/{menuId}`, partners: AS_APPLICATION },
  { route: `POST ${LOC}/menus/{menuId}/items`, body: (v) => ({ productId: v.productId }), partners: AS_APPLICATION },
  { route: `PATCH ${LOC}/menus/{menuId}/items/{itemId}`, body: () => ({ taxRateIds: [] }), partners: AS_APPLICATION },
  { route: `DELETE ${LOC}/menus/{menuId}/items/{itemId}`, partners: AS_APPLICATION },
  { route: `PUT ${LOC}/menus/{menuId}/item-order`, body: (v) => ({ itemIds: [v.itemId] }), partners: AS_APPLICATION },
  {
    route: `POST ${LOC}/menus/{menuId}/modifiers`,
    body: (v) => ({ modifierId: v.modifierId }),
    partners: AS_APPLICATION,
  },
  {
    route: `PATCH ${LOC}/menus/{menuId}/modifiers/{menuModifierId}`,
    body: () => ({ price: 1 }),
    partners: AS_APPLICATION,
  },
  {
    route: `POST ${LOC}/menus/{menuId}/publications`,
    body: (v) => ({ connectionId: v.connectionId }),
    partners: NOT_FOUND,
  },
  { route: `GET ${LOC}/menus/{menuId}/publications`, partners: AS_APPLICATION },
  { route: 'PATCH /v1/users/{userId}', body: (v) => ({ accountIds: [v.accountId] }), partners: NOT_FOUND },
  { route: 'POST /v1/users/{userId}/deactivate', partners: NOT_FOUND },
  { route: 'POST /v1/users/{userId}/reactivate', partners: NOT_FOUND },
  { route: `GET ${LOC}/store-status`, partners: AS_APPLICATION },
  { route: `PUT ${LOC}/store-status`, body: () => ({ storeStatus: 'OFFLINE' }), partners: AS_APPLICATION },
  {
    route: `GET ${LOC}/reports/orders`,
    query: 'from=2026-11-01&to=2026-11-07',
    partners: AS_APPLICATION,
  },
  {
    route: 'GET /v1/accounts/{accountId}/reports/orders',
    query: 'from=2026-11-01&to=2026-11-07',
    partners: AS_APPLICATION,
  },
  { route: `GET ${LOC}/exports/orders`, query: 'from=2026-11-01&to=2026-11-07', partners: AS_APPLICATION },
  { route: `GET ${LOC}/exports/order-lines`, query: 'from=2026-11-01&to=2026-11-07', partners: AS_APPLICATION },
  {
    route: `GET /v1/accounts/{accountId}/exports/orders`,
    query: 'from=2026-11-01&to=2026-11-07',
    partners: AS_APPLICATION,
  },
  {
    route: `GET /v1/accounts/{accountId}/exports/order-lines`,
    query: 'from=2026-11-01&to=2026-11-07',
    partners: AS_APPLICATION,
  },
  // Availability
  { route: `GET ${LOC}/opening-hours`, partners: AS_APPLICATION },
  { route: `PUT ${LOC}/opening-hours`, body: () => ({ openingHours: [] }), partners: AS_APPLICATION },
  {
    route: `PUT ${LOC}/busy-mode`,
    body: () => ({ extraMinutes: 5, until: '2099-01-01T00:00:00Z' }),
    partners: AS_APPLICATION,
  },
  { route: `DELETE ${LOC}/busy-mode`, partners: AS_APPLICATION },
  { route: `GET ${LOC}/order-settings`, partners: AS_APPLICATION },
  {
    route: `PUT ${LOC}/order-settings`,
    body: () => ({ acceptanceDeadlineMinutes: 5, afterDeadline: 'REJECT', deliveryAlertMinutes: 15 }),
    partners: AS_APPLICATION,
  },
  { route: `GET ${LOC}/catalog/snoozes`, partners: AS_APPLICATION },
  {
    route: `PUT ${LOC}/catalog/snoozes`,
    body: () => ({ items: [{ posReference: 'prod', kind: 'PRODUCT', until: '2099-01-01T00:00:00Z' }] }),
    partners: AS_APPLICATION,
  },
  { route: `DELETE ${LOC}/catalog/snoozes/{kind}/{posReference}`, partners: AS_APPLICATION },
];

/** Collections not under a location: never 200 with a victim's record in them (`field`: the rows' field holding it, default id). */
const LISTS: { route: string; victimId: string; field?: string }[] = [
  { route: 'GET /v1/accounts', victimId: 'accountId' },
  { route: 'GET /v1/activity', victimId: 'accountId', field: 'accountId' },
  { route: 'GET /v1/applications', victimId: 'applicationId' },
  { route: 'GET /v1/users', victimId: 'merchantId' },
];

/**
 * A GraphQL operation about one record of the victim: always `not_found`. `$name` is the victim's id `name`
 * (declared ID!); inputs are written inline, so a row is one line.
 */
interface Operation {
  /** `Query.field`, `Mutation.field` or `Subscription.field` exactly as in schema.graphql. */
  operation: string;
  /** The field with its arguments and selection. */
  call: string;
  partners: Partners;
}

const L = 'accountId: $accountId, locationId: $locationId';

const OPERATIONS: Operation[] = [
  { operation: 'Query.account', partners: AS_APPLICATION, call: 'account(id: $accountId) { id }' },
  { operation: 'Query.locations', partners: AS_APPLICATION, call: 'locations(accountId: $accountId) { data { id } }' },
  {
    operation: 'Query.location',
    partners: AS_APPLICATION,
    call: 'location(id: $locationId, accountId: $accountId) { id }',
  },
  { operation: 'Query.locationDeliveries', partners: AS_APPLICATION, call: `locationDeliveries(${L}) { data { id } }` },
  { operation: 'Query.deliveryAlerts', partners: AS_APPLICATION, call: `deliveryAlerts(${L}) { applicationId }` },
  {
    operation: 'Query.applicationDeliveries',
    partners: NOT_FOUND,
    call: 'applicationDeliveries(applicationId: $applicationId) { data { id } }',
  },
  { operation: 'Query.delivery', partners: NOT_FOUND, call: 'delivery(id: $deliveryId) { id }' },
  { operation: 'Query.application', partners: NOT_FOUND, call: 'application(id: $applicationId) { id }' },
  {
    operation: 'Query.availableApplications',
    partners: AS_APPLICATION,
    call: `availableApplications(${L}) { data { id } }`,
  },
  { operation: 'Query.connections', partners: AS_APPLICATION, call: `connections(${L}) { data { id } }` },
  { operation: 'Query.connection', partners: NOT_FOUND, call: `connection(id: $connectionId, ${L}) { id }` },
  { operation: 'Query.catalog', partners: AS_APPLICATION, call: `catalog(${L}) { __typename }` },
  { operation: 'Query.categories', partners: AS_APPLICATION, call: `categories(${L}) { data { id } }` },
  { operation: 'Query.modifierGroups', partners: AS_APPLICATION, call: `modifierGroups(${L}) { data { id } }` },
  { operation: 'Query.products', partners: AS_APPLICATION, call: `products(${L}) { data { id } }` },
  { operation: 'Query.product', partners: AS_APPLICATION, call: `product(id: $productId, ${L}) { id }` },
  { operation: 'Query.modifiers', partners: AS_APPLICATION, call: `modifiers(${L}) { data { id } }` },
  { operation: 'Query.modifier', partners: AS_APPLICATION, call: `modifier(id: $modifierId, ${L}) { id }` },
  { operation: 'Query.order', partners: ANOTHER_MARKETPLACES_ORDER, call: `order(id: $orderId, ${L}) { id }` },
  { operation: 'Query.orders', partners: AS_APPLICATION, call: `orders(${L}) { data { id } }` },
  { operation: 'Query.orderCounts', partners: AS_APPLICATION, call: `orderCounts(${L}) { status count }` },
  { operation: 'Query.sandboxReceipts', partners: AS_APPLICATION, call: `sandboxReceipts(${L}) { eventId }` },
  { operation: 'Mutation.sendTestOrder', partners: AS_APPLICATION, call: `sendTestOrder(${L}) { id }` },
  { operation: 'Query.menus', partners: AS_APPLICATION, call: `menus(${L}) { data { id } }` },
  { operation: 'Query.menu', partners: AS_APPLICATION, call: `menu(id: $menuId, ${L}) { id }` },
  {
    operation: 'Query.menuPublications',
    partners: AS_APPLICATION,
    call: `menuPublications(menuId: $menuId, ${L}) { data { id } }`,
  },
  { operation: 'Query.storeStatus', partners: AS_APPLICATION, call: `storeStatus(${L}) { storeStatus }` },
  {
    operation: 'Query.orderReport',
    partners: AS_APPLICATION,
    call: `orderReport(${L}, from: "2026-11-01", to: "2026-11-07") { from totals { orders } }`,
  },
  { operation: 'Mutation.retryDelivery', partners: NOT_FOUND, call: 'retryDelivery(id: $deliveryId) { id }' },
  {
    operation: 'Mutation.retryFailedDeliveries',
    partners: AS_APPLICATION,
    call: `retryFailedDeliveries(${L}) { retried }`,
  },
  {
    operation: 'Mutation.updateApplication',
    partners: NOT_FOUND,
    call: 'updateApplication(id: $applicationId, input: { name: "Taken over" }) { id }',
  },
  {
    operation: 'Mutation.rotateApplicationSecret',
    partners: NOT_FOUND,
    call: 'rotateApplicationSecret(id: $applicationId) { id }',
  },
  {
    operation: 'Mutation.sendTestEvent',
    partners: NOT_FOUND,
    call: 'sendTestEvent(applicationId: $applicationId, eventType: ORDER_CREATED) { deliveryId }',
  },
  {
    operation: 'Mutation.connect',
    partners: AS_APPLICATION,
    call: `connect(${L}, input: { applicationId: $intruderApplicationId }) { id }`,
  },
  {
    operation: 'Mutation.updateConnection',
    partners: NOT_FOUND,
    call: `updateConnection(id: $connectionId, ${L}, input: { credentials: { apiKey: "taken over" } }) { id }`,
  },
  { operation: 'Mutation.disconnect', partners: NOT_FOUND, call: `disconnect(id: $connectionId, ${L}) { id }` },
  {
    operation: 'Mutation.importCatalog',
    partners: AS_APPLICATION,
    call: `importCatalog(${L}, catalog: { products: [] }) { products }`,
  },
  {
    operation: 'Mutation.pullCatalog',
    partners: NOT_FOUND,
    call: `pullCatalog(connectionId: $connectionId, ${L}) { products }`,
  },
  { operation: 'Mutation.deleteCategory', partners: AS_APPLICATION, call: `deleteCategory(id: $categoryId, ${L})` },
  {
    operation: 'Mutation.createProduct',
    partners: AS_APPLICATION,
    call: `createProduct(${L}, input: { posReference: "intruder", name: "Intruder", price: 1 }) { id }`,
  },
  {
    operation: 'Mutation.updateProduct',
    partners: AS_APPLICATION,
    call: `updateProduct(id: $productId, ${L}, input: { show_online: false }) { id }`,
  },
  { operation: 'Mutation.deleteProduct', partners: AS_APPLICATION, call: `deleteProduct(id: $productId, ${L})` },
  {
    operation: 'Mutation.createModifier',
    partners: AS_APPLICATION,
    call: `createModifier(${L}, input: { posReference: "intruder", name: "Intruder", price: 1 }) { id }`,
  },
  {
    operation: 'Mutation.updateModifier',
    partners: AS_APPLICATION,
    call: `updateModifier(id: $modifierId, ${L}, input: { price: 1 }) { id }`,
  },
  { operation: 'Mutation.deleteModifier', partners: AS_APPLICATION, call: `deleteModifier(id: $modifierId, ${L})` },
  {
    operation: 'Mutation.updateAccount',
    partners: AS_APPLICATION,
    call: 'updateAccount(id: $accountId, input: { name: "Taken over" }) { id }',
  },
  {
    operation: 'Mutation.createLocation',
    partners: AS_APPLICATION,
    call: 'createLocation(accountId: $accountId, input: { name: "Intruder location" }) { id }',
  },
  {
    operation: 'Mutation.updateLocation',
    partners: AS_APPLICATION,
    call: 'updateLocation(id: $locationId, accountId: $accountId, input: { name: "Taken over" }) { id }',
  },
  {
    operation: 'Mutation.placeOrder',
    partners: AS_APPLICATION,
    call: `placeOrder(${L}, order: { externalId: "intruder-order", fulfillmentType: "PICKUP", items: [{ name: "Product", quantity: 1, price: 500 }] }) { created }`,
  },
  {
    operation: 'Mutation.updateOrderStatus',
    partners: ANOTHER_MARKETPLACES_ORDER,
    call: `updateOrderStatus(id: $orderId, ${L}, input: { status: "CANCELLED" }) { id }`,
  },
  {
    operation: 'Mutation.createMenu',
    partners: AS_APPLICATION,
    call: `createMenu(${L}, input: { name: "Intruder menu" }) { id }`,
  },
  {
    operation: 'Mutation.updateMenu',
    partners: AS_APPLICATION,
    call: `updateMenu(id: $menuId, ${L}, input: { name: "Taken over" }) { id }`,
  },
  { operation: 'Mutation.deleteMenu', partners: AS_APPLICATION, call: `deleteMenu(id: $menuId, ${L})` },
  {
    operation: 'Mutation.addMenuItem',
    partners: AS_APPLICATION,
    call: `addMenuItem(menuId: $menuId, ${L}, input: { productId: $productId }) { id }`,
  },
  {
    operation: 'Mutation.updateMenuItem',
    partners: AS_APPLICATION,
    call: `updateMenuItem(menuId: $menuId, id: $itemId, ${L}, input: { taxRateIds: [] }) { id }`,
  },
  {
    operation: 'Mutation.deleteMenuItem',
    partners: AS_APPLICATION,
    call: `deleteMenuItem(menuId: $menuId, id: $itemId, ${L})`,
  },
  {
    operation: 'Mutation.reorderMenuItems',
    partners: AS_APPLICATION,
    call: `reorderMenuItems(menuId: $menuId, ${L}, itemIds: [$itemId]) { id }`,
  },
  {
    operation: 'Mutation.addMenuModifier',
    partners: AS_APPLICATION,
    call: `addMenuModifier(menuId: $menuId, ${L}, input: { modifierId: $modifierId }) { id }`,
  },
  {
    operation: 'Mutation.updateMenuModifier',
    partners: AS_APPLICATION,
    call: `updateMenuModifier(menuId: $menuId, id: $menuModifierId, ${L}, input: { price: 1 }) { id }`,
  },
  {
    operation: 'Mutation.publishMenu',
    partners: NOT_FOUND,
    call: `publishMenu(connectionId: $connectionId, menuId: $menuId, ${L}) { id }`,
  },
  {
    operation: 'Mutation.updateUser',
    partners: NOT_FOUND,
    call: 'updateUser(id: $userId, input: { accountIds: [$accountId] }) { id }',
  },
  { operation: 'Mutation.deactivateUser', partners: NOT_FOUND, call: 'deactivateUser(id: $userId) { id }' },
  { operation: 'Mutation.reactivateUser', partners: NOT_FOUND, call: 'reactivateUser(id: $userId) { id }' },
  {
    operation: 'Mutation.setStoreStatus',
    partners: AS_APPLICATION,
    call: `setStoreStatus(${L}, input: { storeStatus: OFFLINE }) { storeStatus }`,
  },
  {
    operation: 'Query.openingHours',
    partners: AS_APPLICATION,
    call: `openingHours(${L}) { openingHours { dayOfWeek } }`,
  },
  {
    operation: 'Mutation.setOpeningHours',
    partners: AS_APPLICATION,
    call: `setOpeningHours(${L}, input: { openingHours: [] }) { openingHours { dayOfWeek } }`,
  },
  {
    operation: 'Mutation.setBusyMode',
    partners: AS_APPLICATION,
    call: `setBusyMode(${L}, input: { extraMinutes: 5, until: "2099-01-01T00:00:00Z" }) { storeStatus }`,
  },
  { operation: 'Mutation.endBusyMode', partners: AS_APPLICATION, call: `endBusyMode(${L}) { storeStatus }` },
  {
    operation: 'Query.orderSettings',
    partners: AS_APPLICATION,
    call: `orderSettings(${L}) { acceptanceDeadlineMinutes }`,
  },
  {
    operation: 'Mutation.setOrderSettings',
    partners: AS_APPLICATION,
    call: `setOrderSettings(${L}, input: { acceptanceDeadlineMinutes: 5, afterDeadline: "REJECT", deliveryAlertMinutes: 15 }) { afterDeadline }`,
  },
  { operation: 'Query.snoozes', partners: AS_APPLICATION, call: `snoozes(${L}) { posReference }` },
  { operation: 'Query.snoozeChoices', partners: AS_APPLICATION, call: `snoozeChoices(${L}) { untilTomorrow }` },
  {
    operation: 'Mutation.snoozeItems',
    partners: AS_APPLICATION,
    call: `snoozeItems(${L}, input: { items: [{ posReference: "prod", kind: PRODUCT, until: "2099-01-01T00:00:00Z" }] }) { posReference }`,
  },
  {
    operation: 'Mutation.unsnoozeItem',
    partners: AS_APPLICATION,
    call: `unsnoozeItem(${L}, kind: PRODUCT, posReference: "prod") { posReference }`,
  },
  // Subscriptions (over graphql-ws): refused with not_found when they start, as their queries are.
  { operation: 'Subscription.orderBoard', partners: AS_APPLICATION, call: `orderBoard(${L}) { kind }` },
  {
    operation: 'Subscription.locationDeliveryChanged',
    partners: AS_APPLICATION,
    call: `locationDeliveryChanged(${L}) { kind }`,
  },
  {
    operation: 'Subscription.applicationDeliveryChanged',
    partners: NOT_FOUND,
    call: 'applicationDeliveryChanged(applicationId: $applicationId) { kind }',
  },
  {
    operation: 'Subscription.menuChanged',
    partners: AS_APPLICATION,
    call: `menuChanged(menuId: $menuId, ${L}) { kind }`,
  },
  {
    operation: 'Subscription.menuPublicationChanged',
    partners: AS_APPLICATION,
    call: `menuPublicationChanged(menuId: $menuId, ${L}) { kind }`,
  },
  { operation: 'Subscription.storeStatusChanged', partners: AS_APPLICATION, call: `storeStatusChanged(${L}) { kind }` },
];

/** Collections not under a location: never a victim's record in them (`ids` reads them from the field's value). */
const GRAPHQL_LISTS: { operation: string; call: string; victimId: string; ids?: (value: any) => string[] }[] = [
  { operation: 'Query.accounts', call: 'accounts(limit: 200) { data { id } }', victimId: 'accountId' },
  { operation: 'Query.applications', call: 'applications(limit: 200) { data { id } }', victimId: 'applicationId' },
  { operation: 'Query.users', call: 'users(limit: 200) { data { id } }', victimId: 'merchantId' },
  {
    operation: 'Query.activity',
    call: 'activity(limit: 200) { data { accountId } }',
    victimId: 'accountId',
    ids: (value) => value.data.map((entry: { accountId: string }) => entry.accountId),
  },
  {
    operation: 'Query.home',
    call: 'home { locationId }',
    victimId: 'locationId',
    ids: (value) => value.map((s: { locationId: string }) => s.locationId),
  },
  {
    operation: 'Query.gettingStarted',
    call: 'gettingStarted { locationId }',
    victimId: 'locationId',
    ids: (value) => (value.locationId ? [value.locationId] : []),
  },
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
/** Partner applications connected to the victim's location: each on its own token and acting for the victim's merchant. */
const partners = {} as Record<ApplicationKind, { app: TestApplication; own: HttpClient; delegated: HttpClient }>;
let victimMarketplace: TestApplication;

function pathOf(route: string): string {
  const query = ROUTES.find((row) => row.route === route)?.query;
  const path = route.slice(route.indexOf(' ') + 1).replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (!victim[name]) throw new Error(`the victim has no ${name}: create one in beforeAll and set victim.${name}`);
    return victim[name];
  });
  return query ? `${path}?${query}` : path;
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
  const victimMerchant = await t.createUser('merchant', [location.accountId]);
  victim.merchantId = victimMerchant.id;
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
  Object.assign(victim, { kind: 'PRODUCT', posReference: 'prod' });
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
  victimMarketplace = marketplace;
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

  const merchantElsewhere = await t.createUser('merchant', [elsewhere.accountId]);
  callers['a merchant of another account'] = await t.userClient(merchantElsewhere);
  // Applications connected to both locations, acting for that merchant: they reach only what both reach.
  for (const kind of ['MARKETPLACE', 'POS'] as const) {
    const both = await t.createApplication(kind, { scopes: [...ALL_SCOPES] });
    await t.connect(both, elsewhere);
    await t.connect(both, location);
    callers[`a ${kind} acting for a merchant of another account`] = await t.delegatedClient(
      both,
      merchantElsewhere,
      elsewhere,
    );
  }
  const reseller = await t.userClient(await t.createUser('reseller'));
  await t.createLocation(reseller, 'Reseller location');
  callers['a reseller that did not create the account'] = reseller;

  // Partners at the victim's location, with every scope its merchant can give, so that its token and theirs
  // hold the same scopes and only the partner rules tell them apart from an operator.
  for (const kind of ['MARKETPLACE', 'POS'] as const) {
    const app = await t.createApplication(kind, { scopes: ALL_SCOPES.filter((s) => s !== 'provisioning') });
    await t.connect(app, location);
    partners[kind] = {
      app,
      own: await t.applicationClient(app),
      delegated: await t.delegatedClient(app, victimMerchant, location),
    };
  }
  // A whole tenant and four intruders take a while on a loaded machine.
}, 120_000);
afterAll(() => t.stop());

describe.each(
  Object.keys({
    'an application not connected to the location': 0,
    'an application disconnected from the location': 0,
    'a merchant of another account': 0,
    'a reseller that did not create the account': 0,
    'a MARKETPLACE acting for a merchant of another account': 0,
    'a POS acting for a merchant of another account': 0,
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
    if (res.status === 200)
      expect(res.body.data.map((r: Record<string, string>) => r[row.field ?? 'id'])).not.toContain(
        victim[row.victimId],
      );
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

/** What a call answered, with each record reduced to its id: two callers that see the same records agree. */
function digest(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(digest);
  if (value && typeof value === 'object') {
    if ('id' in value) return (value as { id: unknown }).id;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, digest(v)]));
  }
  return value;
}

async function restAnswer(client: HttpClient, method: string, path: string, body?: unknown) {
  const res = await client.request(method, path, body);
  return { status: res.status, code: res.body?.code, data: digest(res.body?.data) };
}

async function graphqlAnswer(client: HttpClient, row: { operation: string; call: string }) {
  const { query, variables } = documentOf(row);
  const res = await client.graphql(query, variables);
  const codes = (res.body.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code);
  return { status: res.status, codes, data: digest(res.body.data?.[row.operation.split('.')[1]]) };
}

/** The subscription's start: its first event (always a RESYNC) or the error that refused it. */
async function subscriptionStart(client: HttpClient, row: Operation) {
  const { query, variables } = documentOf(row);
  const live = liveClient(t.url, client.token);
  try {
    await live.connected;
    const subscription = live.subscribe(query, variables);
    await Promise.race([subscription.settled(15_000), subscription.waitFor(() => true, 15_000)]);
    return {
      codes: subscription.errors.map((e) => e.extensions?.code),
      first: subscription.events.map((e) => Object.values(e.data as Record<string, { kind: string }>)[0].kind),
    };
  } finally {
    await live.close();
  }
}

const isRead = (row: Row) => row.route.startsWith('GET ');

describe.each(['MARKETPLACE', 'POS'] as const)(
  "a %s connected to the victim's location, on its own token and acting for the victim's merchant",
  (kind) => {
    const both = () => [partners[kind].own, partners[kind].delegated];

    it.each(ROUTES.filter((row) => row.partners[kind] === 'not_found').map((row) => [row.route, row] as const))(
      '%s → 404 on both',
      async (_route, row) => {
        const method = row.route.split(' ')[0];
        for (const client of both()) {
          const res = await client.request(method, pathOf(row.route), row.body?.(victim));
          expect({ route: row.route, status: res.status, code: res.body?.code }).toEqual({
            route: row.route,
            status: 404,
            code: 'not_found',
          });
        }
      },
    );

    it.each(
      [
        ...ROUTES.filter((row) => row.partners[kind] === 'as_application' && isRead(row)).map((row) => row.route),
        ...LISTS.map((row) => row.route),
      ].map((route) => [route] as const),
    )('%s answers acting for the merchant as on its own token', async (route) => {
      const path = pathOf(route) + (LISTS.some((row) => row.route === route) ? '?limit=200' : '');
      const own = await restAnswer(partners[kind].own, 'GET', path);
      const delegated = await restAnswer(partners[kind].delegated, 'GET', path);
      expect({ route, ...delegated }).toEqual({ route, ...own });
    });

    it.each(
      OPERATIONS.filter((row) => !row.operation.startsWith('Subscription.') && row.partners[kind] === 'not_found').map(
        (row) => [row.operation, row] as const,
      ),
    )('GraphQL %s → not_found on both', async (_operation, row) => {
      for (const client of both()) {
        const { status, codes } = await graphqlAnswer(client, row);
        expect({ operation: row.operation, status, codes }).toEqual({
          operation: row.operation,
          status: 200,
          codes: ['not_found'],
        });
      }
    });

    it.each(
      [
        ...OPERATIONS.filter((row) => row.operation.startsWith('Query.') && row.partners[kind] === 'as_application'),
        ...GRAPHQL_LISTS,
      ].map((row) => [row.operation, row] as const),
    )('GraphQL %s answers acting for the merchant as on its own token', async (_operation, row) => {
      const own = await graphqlAnswer(partners[kind].own, row);
      const delegated = await graphqlAnswer(partners[kind].delegated, row);
      expect({ operation: row.operation, ...delegated }).toEqual({ operation: row.operation, ...own });
    });

    it.each(
      OPERATIONS.filter((row) => row.operation.startsWith('Subscription.')).map((row) => [row.operation, row] as const),
    )('GraphQL %s starts acting for the merchant as on its own token', async (_operation, row) => {
      const expected =
        row.partners[kind] === 'not_found' ? { codes: ['not_found'], first: [] } : { codes: [], first: ['RESYNC'] };
      for (const client of both())
        expect({ operation: row.operation, ...(await subscriptionStart(client, row)) }).toEqual({
          operation: row.operation,
          ...expected,
        });
    });
  },
);

describe("partners at the victim's location, live", () => {
  const BOARD = `subscription ($accountId: ID!, $locationId: ID!) {
    orderBoard(accountId: $accountId, locationId: $locationId) { kind order { id status } } }`;
  const DELIVERIES = `subscription ($accountId: ID!, $locationId: ID!) {
    locationDeliveryChanged(accountId: $accountId, locationId: $locationId) {
      kind delivery { id applicationId eventType orderingKey } } }`;

  /** Until every delivery of the order has been attempted: its live signals have been sent by then. */
  async function attempted(orderId: string): Promise<void> {
    for (let tries = 0; ; tries++) {
      const res = await t.admin.get(`${pathOf(`GET ${LOC}/deliveries`)}?orderId=${orderId}`);
      const deliveries = res.body.data as { attemptCount: number }[];
      if (deliveries.length > 0 && deliveries.every((d) => d.attemptCount > 0)) return;
      if (tries > 500) throw new Error(`the deliveries of order ${orderId} were not attempted`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const placement = (externalId: string) => ({
    externalId,
    fulfillmentType: 'PICKUP',
    items: [{ posReference: 'prod', name: 'Product', quantity: 1, price: 500 }],
  });

  it("pushes a partner acting for the merchant what it pushes its own token: a marketplace never sees another marketplace's orders, a partner never another's deliveries", async () => {
    const variables = { accountId: victim.accountId, locationId: victim.locationId };
    const watchers = (['MARKETPLACE', 'POS'] as const).flatMap((kind) =>
      (['own', 'delegated'] as const).map((token) => {
        const live = liveClient(t.url, partners[kind][token].token);
        return {
          kind,
          token,
          live,
          board: live.subscribe(BOARD, variables),
          deliveries: live.subscribe(DELIVERIES, variables),
        };
      }),
    );
    try {
      for (const w of watchers) {
        await w.board.waitFor((d) => d.orderBoard.kind === 'RESYNC');
        await w.deliveries.waitFor((d) => d.locationDeliveryChanged.kind === 'RESYNC');
      }
      // Another marketplace's order, sent to both POS applications of the location; then the partners' own.
      const theirs = await (
        await t.applicationClient(victimMarketplace)
      ).post(pathOf(`POST ${LOC}/orders`), placement('live-theirs'));
      expect(theirs.status).toBe(201);
      await attempted(theirs.body.data.id);
      const ours = await partners.MARKETPLACE.own.post(pathOf(`POST ${LOC}/orders`), placement('live-ours'));
      expect(ours.status).toBe(201);
      await attempted(ours.body.data.id);
      const accepted = await partners.POS.own.patch(`${pathOf(`GET ${LOC}/orders`)}/${ours.body.data.id}`, {
        status: 'ACCEPTED',
      });
      expect(accepted.status).toBe(200);

      const seen = new Map<string, unknown>();
      for (const w of watchers) {
        // What each saw up to the last change it must see: the same signals reach every watcher in one order.
        const boardEnd = await w.board.waitFor(
          (d) => d.orderBoard.order?.id === ours.body.data.id && d.orderBoard.order.status === 'ACCEPTED',
          10_000,
          'the accepted order',
        );
        const deliveriesEnd = await w.deliveries.waitFor(
          (d) =>
            d.locationDeliveryChanged.delivery?.applicationId === partners[w.kind].app.id &&
            d.locationDeliveryChanged.delivery.orderingKey === ours.body.data.id,
          10_000,
          "a delivery of the partner's own about the second order",
        );
        const board = w.board.events
          .slice(0, w.board.events.indexOf(boardEnd) + 1)
          .map((e) => e.data.orderBoard.order?.id ?? 'RESYNC');
        const deliveries = w.deliveries.events
          .slice(0, w.deliveries.events.indexOf(deliveriesEnd) + 1)
          .map((e) => e.data.locationDeliveryChanged.delivery)
          .filter(Boolean);
        seen.set(`${w.kind} ${w.token}`, {
          board: [...new Set(board)],
          deliveries: [...new Set(deliveries.map((d: { id: string }) => d.id))],
        });
        // Only the partner's own deliveries, whoever it acts for.
        expect(deliveries.map((d: { applicationId: string }) => d.applicationId)).toEqual(
          deliveries.map(() => partners[w.kind].app.id),
        );
        // A marketplace sees only its own orders; a POS all of the location's.
        expect(board.includes(theirs.body.data.id)).toBe(w.kind === 'POS');
      }
      expect(seen.get('MARKETPLACE delegated')).toEqual(seen.get('MARKETPLACE own'));
      expect(seen.get('POS delegated')).toEqual(seen.get('POS own'));
    } finally {
      await Promise.all(watchers.map((w) => w.live.close()));
    }
  });
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
    expect((await t.admin.get(pathOf(`GET ${LOC}/orders/{orderId}`))).body.data.status).toBe('NEW');
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

/** The declaration each REST route is served with, by `METHOD /v1/path` as openapi.yaml names it. */
function restDeclarations(): Map<string, unknown> {
  const routes = restRoutes({ services: {} } as unknown as RestDeps);
  return new Map(routes.map((route) => [documentedRoute(route), route.operation]));
}

/** The declarations each Query, Mutation and Subscription field is marked with (none when it has none). */
async function graphqlDeclarations(): Promise<Map<string, OperationRule[]>> {
  const schema = await buildHubSchema();
  const byName = new Map(declaredOperations().map((rule) => [rule.name, rule]));
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  return new Map(
    roots
      .filter((type): type is GraphQLObjectType => Boolean(type))
      .flatMap((type) =>
        Object.values(type.getFields()).map((field) => {
          const marked = field.extensions?.[OPERATION_EXTENSION];
          const names: unknown[] = Array.isArray(marked) ? marked : marked === undefined ? [] : [marked];
          const rules = names.map((name) => byName.get(name as string));
          const declared = rules.length > 0 && rules.every((rule) => isDeclared(rule));
          return [`${type.name}.${field.name}`, declared ? (rules as OperationRule[]) : []] as const;
        }),
      ),
  );
}

/** Which table an operation's row belongs in, by what its declaration reaches. */
function tableOf(rule: OperationRule): 'records' | 'lists' | 'none' {
  if (rule.reaches === 'reachable') return 'lists';
  return rule.reaches === 'nothing' ? 'none' : 'records';
}

describe('the table', () => {
  it('is checked against a declared operation for every Query, Mutation and Subscription field', async () => {
    const fields = await graphqlDeclarations();
    const undeclared = [...fields].filter(([, rules]) => rules.length === 0).map(([field]) => field);
    expect(undeclared).toEqual([]);
    const misplaced = [...fields].filter(([field, rules]) =>
      rules.some((rule) => {
        const table = tableOf(rule);
        const inRecords = OPERATIONS.some((row) => row.operation === field);
        const inLists = GRAPHQL_LISTS.some((row) => row.operation === field);
        return table === 'records' ? !inRecords : table === 'lists' ? !inLists : inRecords || inLists;
      }),
    );
    expect(misplaced.map(([field, rules]) => `${field} (${rules.map((r) => r.reaches).join(', ')})`)).toEqual([]);
  });

  it('is checked against a declared operation for every /v1 route of openapi.yaml', () => {
    const doc = openApiDocument();
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((k) => ['get', 'post', 'put', 'patch', 'delete'].includes(k))
          .map((m) => `${m.toUpperCase()} ${path}`),
      );
    const served = restDeclarations();
    expect(documented.filter((route) => !isDeclared(served.get(route)))).toEqual([]);
    const misplaced = documented.filter((route) => {
      const table = tableOf(served.get(route) as OperationRule);
      const inRecords = ROUTES.some((row) => row.route === route);
      const inLists = LISTS.some((row) => row.route === route);
      return table === 'records' ? !inRecords : table === 'lists' ? !inLists : inRecords || inLists;
    });
    expect(misplaced.map((route) => `${route} (${(served.get(route) as OperationRule).reaches})`)).toEqual([]);
  });
});
