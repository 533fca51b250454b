import { FakePartner } from '../support/fake-partner.js';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';

// The request id and W3C trace of the request that causes an event follow it: stored on the delivery
// (shown in the delivery log) and sent to the partner with the attempt, as X-Request-Id and as a traceparent
// in the same trace with a span of the hub's own.

const HOOK = '/webhooks';
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

let t: TestHub;
let posPartner: FakePartner;
let marketPartner: FakePartner;

beforeAll(async () => {
  [posPartner, marketPartner] = await Promise.all([FakePartner.start(), FakePartner.start()]);
  t = await startTestHub();
}, HUB_START_TIMEOUT_MS);
afterAll(async () => {
  await t.stop();
  await Promise.all([posPartner.close(), marketPartner.close()]);
});

it('sends the causing request id and trace to the partner and keeps them in the delivery log', async () => {
  const pos = await t.createApplication('POS', { webhookUrl: posPartner.urlFor(HOOK) });
  const market = await t.createApplication('MARKETPLACE', { webhookUrl: marketPartner.urlFor(HOOK) });
  const loc = await t.createLocation();
  await t.connect(pos, loc);
  await t.connect(market, loc);
  const [marketClient, posClient] = await Promise.all([t.applicationClient(market), t.applicationClient(pos)]);

  const placed = await marketClient.post(
    `${loc.path}/orders`,
    {
      externalId: 'trace-1',
      fulfillmentType: 'PICKUP',
      items: [{ name: 'Soup', quantity: 1, price: 500 }],
      total: 500,
    },
    { headers: { 'x-request-id': 'marketplace-req-42', traceparent: `00-${TRACE_ID}-${PARENT}-01` } },
  );
  expect(placed.status).toBe(201);
  const [created] = await posPartner.waitForRequests(1, { path: HOOK });
  expect(created.headers['x-request-id']).toBe('marketplace-req-42');
  const traceparent = String(created.headers.traceparent);
  expect(traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
  expect(traceparent).not.toContain(PARENT);

  // A request without a traceparent starts a trace of its own; its generated request id goes along.
  const accepted = await posClient.patch(`${loc.path}/orders/${placed.body.data.id}`, { status: 'accepted' });
  expect(accepted.status).toBe(200);
  const [changed] = await marketPartner.waitForRequests(1, { path: HOOK });
  expect(changed.headers['x-request-id']).toBe(accepted.headers.get('x-request-id'));
  expect(String(changed.headers.traceparent)).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
  expect(String(changed.headers.traceparent)).not.toContain(TRACE_ID);

  const log = (await t.admin.get(`${loc.path}/deliveries`)).body.data as {
    eventType: string;
    requestId: string;
    traceId: string;
  }[];
  expect(log.find((d) => d.eventType === 'ORDER_CREATED')).toMatchObject({
    requestId: 'marketplace-req-42',
    traceId: TRACE_ID,
  });
  expect(log.find((d) => d.eventType === 'ORDER_STATUS_CHANGED')).toMatchObject({
    requestId: accepted.headers.get('x-request-id'),
    traceId: String(changed.headers.traceparent).split('-')[1],
  });
  const graphql = await t.admin.graphql(
    `{ delivery(id: "${(log.find((d) => d.eventType === 'ORDER_CREATED') as any).id}") { requestId traceId } }`,
  );
  expect(graphql.body.data).toEqual({ delivery: { requestId: 'marketplace-req-42', traceId: TRACE_ID } });
});
