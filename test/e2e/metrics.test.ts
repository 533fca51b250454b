import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/common/logger.js';
import { FakePartner } from '../support/fake-partner.js';
import { HttpClient } from '../support/http.js';
import { sample } from '../support/metrics.js';
import { uiGraphql } from '../support/ui-session.js';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub, type TestLocation } from '../support/test-hub.js';

// GET /metrics (prom-client) behind METRICS_TOKEN, scraped after a flow: a marketplace gets a token, places
// an order that is delivered to the POS, an operator runs a named GraphQL query. The counters moved, and
// the access log line of each request carries its full path and route template.

const TOKEN = 'metrics-token-0123456789abcdef';
const HOOK = '/webhooks';

let t: TestHub;
let pos: FakePartner;
let loc: TestLocation;
const logLines: Record<string, any>[] = [];

beforeAll(async () => {
  pos = await FakePartner.start();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  t = await startTestHub({ METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' }, {}, { log: createLogger('info', sink) });
  loc = await t.createLocation();
}, HUB_START_TIMEOUT_MS);
afterAll(async () => {
  await t.stop();
  await pos.close();
});

const scrape = async () => (await new HttpClient(t.url, TOKEN).get('/metrics')).text;

it('needs the bearer token of METRICS_TOKEN', async () => {
  const none = await t.anonymous.get('/metrics');
  expect(none.status).toBe(401);
  expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
  expect((await new HttpClient(t.url, 'not-the-metrics-token-at-all').get('/metrics')).status).toBe(401);
  // An API token is not a metrics token.
  expect((await t.admin.get('/metrics')).status).toBe(401);
  const ok = await new HttpClient(t.url, TOKEN).get('/metrics');
  expect(ok.status).toBe(200);
  expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
});

it('counts requests, GraphQL operations, placements, token grants and deliveries after a flow', async () => {
  const posApp = await t.createApplication('POS', { webhookUrl: pos.urlFor(HOOK) });
  const marketApp = await t.createApplication('MARKETPLACE');
  await t.connect(posApp, loc);
  await t.connect(marketApp, loc);
  const market = await t.applicationClient(marketApp);
  const placed = await market.post(`${loc.path}/orders`, {
    externalId: 'm-1',
    fulfillmentType: 'PICKUP',
    items: [{ name: 'Soup', quantity: 1, price: 500 }],
    total: 500,
  });
  expect(placed.status).toBe(201);
  expect(
    (
      await t.admin.post('/graphql', {
        query: 'query AccountNames { accounts { data { name } } }',
        operationName: 'AccountNames',
      })
    ).status,
  ).toBe(200);
  await pos.waitForRequests(1, { path: HOOK });

  // The attempt is recorded just after the partner answered: scrape until it shows.
  let text = await scrape();
  for (
    let i = 0;
    i < 100 && !sample(text, 'orderhub_deliveries_total', { event_type: 'ORDER_CREATED', outcome: 'delivered' });
    i++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    text = await scrape();
  }
  const ordersRoute = '/v1/accounts/{accountId}/locations/{locationId}/orders';
  expect(sample(text, 'orderhub_http_requests_total', { method: 'POST', route: ordersRoute, status: '201' })).toBe(1);
  expect(
    sample(text, 'orderhub_http_request_duration_seconds_count', { method: 'POST', route: ordersRoute, status: '201' }),
  ).toBe(1);
  expect(sample(text, 'orderhub_order_placements_total')).toBe(1);
  // Counted by the field it asks for; the name the operator gave it is its own.
  expect(sample(text, 'orderhub_graphql_operations_total', { operation: 'Query.accounts', outcome: 'ok' })).toBe(1);
  expect(sample(text, 'orderhub_token_grants_total', { grant_type: 'client_credentials', outcome: 'ok' })).toBe(1);
  expect(sample(text, 'orderhub_token_grants_total', { grant_type: 'password', outcome: 'ok' })).toBeGreaterThanOrEqual(
    1,
  );
  expect(sample(text, 'orderhub_deliveries_total', { event_type: 'ORDER_CREATED', outcome: 'delivered' })).toBe(1);
  expect(sample(text, 'orderhub_delivery_attempts_total', { event_type: 'ORDER_CREATED', outcome: 'delivered' })).toBe(
    1,
  );
  expect(sample(text, 'orderhub_delivery_latency_seconds_count', { event_type: 'ORDER_CREATED' })).toBe(1);
  expect(sample(text, 'orderhub_delivery_queue_depth')).toBe(0);
  expect(sample(text, 'orderhub_delivery_oldest_pending_seconds')).toBe(0);
  expect(sample(text, 'orderhub_db_pool_connections_in_use', { pool: 'orm' })).toBeGreaterThanOrEqual(0);
  expect(sample(text, 'orderhub_db_pool_waiting', { pool: 'worker' })).toBe(0);
  expect(sample(text, 'orderhub_process_cpu_seconds_total')).toBeGreaterThan(0);

  // A failed grant is counted by its OAuth error.
  await t.token({ grant_type: 'client_credentials', client_id: marketApp.clientId, client_secret: 'wrong' });
  expect(
    sample(await scrape(), 'orderhub_token_grants_total', {
      grant_type: 'client_credentials',
      outcome: 'invalid_client',
    }),
  ).toBe(1);

  // One JSON line per request: full path, route template, status, request id.
  const line = logLines.find((l) => l.msg === 'request' && l.method === 'POST' && l.route === ordersRoute);
  expect(line).toMatchObject({
    path: `${loc.path}/orders`,
    status: 201,
    requestId: placed.headers.get('x-request-id'),
  });
});

it('takes label values from closed sets: what an anonymous client names is counted as other, adding no series', async () => {
  const series = (text: string) =>
    text.split('\n').filter((line) => /^orderhub_(graphql_operations|token_grants)_total\{/.test(line));
  const before = series(await scrape()).length;
  // Before sign-in, on the web UI's path, with a name of the client's choosing each time; and at the token
  // endpoint, a grant type of its choosing each time.
  for (let i = 0; i < 40; i++) {
    const res = await uiGraphql(t.url, `query Probe${i} { viewer { id } }`);
    expect(res.body).toEqual({ data: { viewer: null } });
    expect((await t.token({ grant_type: `made-up-${i}` })).status).toBe(400);
  }
  expect((await uiGraphql(t.url, '{ noSuchField }')).body.errors[0].extensions.code).toBe('validation_failed');
  const text = await scrape();
  expect(text).not.toMatch(/Probe\d|made-up-/);
  expect(sample(text, 'orderhub_graphql_operations_total', { operation: 'Query.viewer', outcome: 'ok' })).toBe(40);
  expect(sample(text, 'orderhub_graphql_operations_total', { operation: 'other', outcome: 'validation_failed' })).toBe(
    1,
  );
  expect(sample(text, 'orderhub_token_grants_total', { grant_type: 'other', outcome: 'invalid_request' })).toBe(40);
  // At most three new series: viewer's, the unknown field's, and the unknown grant types'.
  expect(series(text).length - before).toBeLessThanOrEqual(3);
});

it('exports every metric the Grafana dashboard in deploy/grafana charts, and the dashboard charts every metric of the hub', async () => {
  const dashboard = readFileSync(new URL('../../../deploy/grafana/order-hub-dashboard.json', import.meta.url), 'utf8');
  const charted = new Set(
    [...dashboard.matchAll(/orderhub_[a-z0-9_]+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, '')),
  );
  const exported = new Set([...(await scrape()).matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]));
  expect([...charted].filter((name) => !exported.has(name))).toEqual([]);
  // And every metric of the hub's own is charted (prom-client's process and Node.js defaults as chosen).
  const own = [...exported].filter((name) => name.startsWith('orderhub_') && !/^orderhub_(process|nodejs)_/.test(name));
  expect(own.filter((name) => !charted.has(name))).toEqual([]);
  expect(charted.size).toBeGreaterThan(10);
});
