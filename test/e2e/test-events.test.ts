import { Webhook } from 'standardwebhooks';
import { DELIVERY_EVENT_TYPES } from '../../src/delivery-engine/outbox.js';
import { eventTypesOf, RECEIVERS_OF } from '../../src/delivery-engine/webhook-event.js';
import { DocumentedShapes } from '../support/documented-shapes.js';
import { FakePartner } from '../support/fake-partner.js';
import { startTestHub, type TestApplication, type TestHub, type TestLocation } from '../support/test-hub.js';

// Test events (POST /v1/applications/{id}/test-events): a signed sample of every event type an application
// receives, sent to its URL for it at once, through the delivery engine; the answer is what the partner answered.
// Each sample must verify with the Standard Webhooks library against the application's secret and be exactly
// what the Webhooks section of openapi.yaml documents for its type.

const PATH_OF_URL = { webhookUrl: '/webhooks', menuPublicationUrl: '/menus', storeStatusUrl: '/store-status' };
const shapes = new DocumentedShapes();
const bodyPointer = (type: string) => `/webhooks/${type}/post/requestBody/content/application~1json/schema`;

let t: TestHub;
let partner: FakePartner;
let apps: Record<'POS' | 'MARKETPLACE', TestApplication>;
let location: TestLocation;

beforeAll(async () => {
  [t, partner] = await Promise.all([startTestHub({ DELIVERY_RETRY_SCHEDULE: '0.05,0.05' }), FakePartner.start()]);
  const urls = Object.fromEntries(Object.entries(PATH_OF_URL).map(([field, path]) => [field, partner.urlFor(path)]));
  apps = {
    POS: await t.createApplication('POS', { webhookUrl: urls.webhookUrl }),
    MARKETPLACE: await t.createApplication('MARKETPLACE', urls),
  };
  location = await t.createLocation();
  await t.connect(apps.MARKETPLACE, location, { storeId: 'store-7' });
}, 60_000);
afterAll(async () => {
  await t?.stop();
  await partner?.close();
});

it('covers every event type the hub sends: each is received by some kind of application', () => {
  expect(new Set([...eventTypesOf('POS'), ...eventTypesOf('MARKETPLACE')])).toEqual(new Set(DELIVERY_EVENT_TYPES));
});

describe.each(['POS', 'MARKETPLACE'] as const)('a %s application', (kind) => {
  it.each(eventTypesOf(kind))(
    '%s: sent now to its URL, signed, documented, test: true, with the answer',
    async (eventType) => {
      const app = apps[kind];
      const path = PATH_OF_URL[RECEIVERS_OF[eventType].url];
      partner.respondWhen(path, (r) => r.body.includes(`"eventType":"${eventType}"`), {
        status: 202,
        body: { thanks: eventType },
      });
      const before = partner.requestsTo(path).length;
      const res = await t.admin.post(`/v1/applications/${app.id}/test-events`, { eventType });
      expect(res.status).toBe(200);
      const result = res.body.data;
      expect(result).toMatchObject({
        eventType,
        url: partner.urlFor(path),
        status: 'DELIVERED',
        httpStatus: 202,
        responseExcerpt: JSON.stringify({ thanks: eventType }),
        error: null,
      });

      const [request] = partner.requestsTo(path).slice(before);
      const body = new Webhook(app.webhookSecret).verify(request.body, request.headers as Record<string, string>);
      expect(request.headers['webhook-id']).toBe(result.eventId);
      expect(body).toMatchObject({ eventType, test: true, eventId: result.eventId });
      expect({ eventType, problems: shapes.problems(bodyPointer(eventType), body) }).toEqual({
        eventType,
        problems: [],
      });

      const logged = (await t.admin.get(`/v1/deliveries/${result.deliveryId}`)).body.data;
      expect(logged).toMatchObject({ status: 'DELIVERED', eventType, applicationId: app.id });
      expect(logged.attempts.map((a: any) => a.httpStatus)).toEqual([202]);
    },
  );
});

it("names the application's own connection and location when it has one the caller reaches", async () => {
  const res = await t.admin.post(`/v1/applications/${apps.MARKETPLACE.id}/test-events`, {
    eventType: 'STORE_STATUS_CHANGED',
  });
  const [request] = partner
    .requestsTo('/store-status')
    .filter((r) => r.headers['webhook-id'] === res.body.data.eventId);
  const body = JSON.parse(request.body);
  expect(body).toMatchObject({ accountId: location.accountId, locationId: location.locationId, test: true });
  // The connection's credentials travel in the body, as in a real one.
  expect(body.connection.credentials).toEqual({ storeId: 'store-7' });
  // Logged at that location too.
  const atLocation = (await t.admin.get(`${location.path}/deliveries?eventType=STORE_STATUS_CHANGED`)).body.data;
  expect(atLocation.map((d: any) => d.id)).toContain(res.body.data.deliveryId);
});

it('says what a failing partner answered, once (no retries), and Retry now sends it again', async () => {
  partner.respondWhen('/webhooks', (r) => r.body.includes('"eventType":"ORDER_UPDATED"'), {
    status: 500,
    body: 'the kitchen printer is on fire',
  });
  const res = await t.admin.post(`/v1/applications/${apps.POS.id}/test-events`, { eventType: 'ORDER_UPDATED' });
  expect(res.body.data).toMatchObject({
    status: 'FAILED',
    httpStatus: 500,
    responseExcerpt: 'the kitchen printer is on fire',
  });
  const logged = (await t.admin.get(`/v1/deliveries/${res.body.data.deliveryId}`)).body.data;
  expect(logged).toMatchObject({ status: 'FAILED', attemptCount: 1 });
  expect((await t.admin.post(`/v1/deliveries/${res.body.data.deliveryId}/retry`)).status).toBe(200);
});

it('is for the application itself and the operators who manage it', async () => {
  const own = await t.applicationClient(apps.POS);
  const mine = await own.post(`/v1/applications/${apps.POS.id}/test-events`, { eventType: 'ORDER_CREATED' });
  expect(mine.body.data.status).toBe('DELIVERED');
  // Another application, and an operator who did not register it, do not see it.
  const other = await t.applicationClient(apps.MARKETPLACE);
  expect((await other.post(`/v1/applications/${apps.POS.id}/test-events`, { eventType: 'ORDER_CREATED' })).status).toBe(
    404,
  );
  const reseller = await t.userClient(await t.createUser('reseller'));
  expect(
    (await reseller.post(`/v1/applications/${apps.POS.id}/test-events`, { eventType: 'ORDER_CREATED' })).status,
  ).toBe(404);
  // One it registered, it manages.
  const its = await t.createApplication('POS', { webhookUrl: partner.urlFor('/webhooks') }, reseller);
  expect((await reseller.post(`/v1/applications/${its.id}/test-events`, { eventType: 'ORDER_CREATED' })).status).toBe(
    200,
  );
});

it('refuses an event type the application does not receive, and one it has no URL for', async () => {
  const wrong = await t.admin.post(`/v1/applications/${apps.POS.id}/test-events`, { eventType: 'MENU_PUBLISHED' });
  expect(wrong.status).toBe(400);
  expect(wrong.body.errors[0]).toMatchObject({ path: '/eventType', message: expect.stringContaining('ORDER_CREATED') });
  const polling = await t.createApplication('POS', { webhookUrl: undefined });
  const noUrl = await t.admin.post(`/v1/applications/${polling.id}/test-events`, { eventType: 'ORDER_CREATED' });
  expect(noUrl.status).toBe(409);
  expect(noUrl.body.detail).toContain('GET /v1/events');
});

it('is the same over GraphQL, which also says what each application receives at which URL', async () => {
  const read = await t.admin.graphql(
    'query($id: ID!) { application(id: $id) { receivesEvents { eventType urlField } } }',
    {
      id: apps.MARKETPLACE.id,
    },
  );
  expect(read.body.data.application.receivesEvents).toEqual(
    eventTypesOf('MARKETPLACE').map((eventType) => ({ eventType, urlField: RECEIVERS_OF[eventType].url })),
  );
  const sent = await t.admin.graphql(
    'mutation($id: ID!) { sendTestEvent(applicationId: $id, eventType: MENU_PUBLISHED) { status httpStatus url deliveryId } }',
    { id: apps.MARKETPLACE.id },
  );
  expect(sent.body.data.sendTestEvent).toMatchObject({ status: 'DELIVERED', url: partner.urlFor('/menus') });
});
