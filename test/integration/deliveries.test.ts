import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { uuidv7 } from '../../src/common/ids.js';
import { enqueue, waitForDelivery } from '../support/deliveries.js';
import { FakePartner } from '../support/fake-partner.js';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';

// The delivery engine end to end: a real hub and database, events enqueued through the outbox the way
// services do, partners on loopback that record what they receive and fail on command.

// A real application (its webhook secret comes from the applications module) and a second one, so the
// log can be read per application.
let APP: string;
let SECRET: string;
let OTHER_APP: string;

let t: TestHub;
let partner: FakePartner;
let accountId: string;
let locationId: string;

beforeAll(async () => {
  partner = await FakePartner.start();
  t = await startTestHub({ DELIVERY_RETRY_SCHEDULE: '0.05,0.1' });
  const app = await t.createApplication('MARKETPLACE');
  APP = app.id;
  SECRET = app.webhookSecret;
  OTHER_APP = (await t.createApplication('POS')).id;
  accountId = (await t.admin.post('/v1/accounts', { name: 'Deliveries' })).body.data.id;
  locationId = (await t.admin.post(`/v1/accounts/${accountId}/locations`, { name: 'Kitchen' })).body.data.id;
}, HUB_START_TIMEOUT_MS);
afterAll(async () => {
  await partner.close();
  await t.stop();
});

let path: string;
beforeEach(() => {
  path = `/hooks/${uuidv7()}`;
});

/**
 * Enqueues an event for this test's path. A delivery goes to its application's current webhook URL (partner
 * URLs are read at each attempt), so the application is pointed at the path first, as a partner would register it.
 */
async function event(overrides: Partial<Parameters<typeof enqueue>[1]> = {}) {
  const applicationId = overrides.applicationId ?? APP;
  const pointed = await t.admin.patch(`/v1/applications/${applicationId}`, { webhookUrl: partner.urlFor(path) });
  expect(pointed.status).toBe(200);
  return enqueue(t.hub.orm, {
    eventType: 'ORDER_CREATED',
    applicationId: APP,
    accountId,
    locationId,
    url: partner.urlFor(path),
    payload: { order: { id: 'o-1', lines: [{ name: 'Pizma', qty: 2 }] }, zeta: 1, alpha: 'first key stays second' },
    ...overrides,
  });
}

describe('delivering an event', () => {
  it('delivers on the first try, signed (Standard Webhooks), with the exact body, and logs the attempt', async () => {
    const { id, eventId } = await event();
    const [request] = await partner.waitForRequests(1, { path });
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toBe(
      '{"order":{"id":"o-1","lines":[{"name":"Pizma","qty":2}]},"zeta":1,"alpha":"first key stays second"}',
    );
    expect(request.headers['webhook-id']).toBe(eventId);
    // An independent implementation verifies the signature (and the timestamp's freshness).
    const verified = new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>);
    expect(verified).toEqual(JSON.parse(request.body));
    expect(() =>
      new Webhook(`whsec_${randomBytes(24).toString('base64')}`).verify(
        request.body,
        request.headers as Record<string, string>,
      ),
    ).toThrow();

    const delivery = await waitForDelivery(t.admin, id, (d) => d.status === 'DELIVERED');
    expect(delivery).toMatchObject({
      eventId,
      eventType: 'ORDER_CREATED',
      applicationId: APP,
      accountId,
      locationId,
      attemptCount: 1,
      lastError: null,
    });
    expect(delivery.payload).toEqual(JSON.parse(request.body));
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]).toMatchObject({
      attemptNumber: 1,
      httpStatus: 200,
      error: null,
      responseExcerpt: '{}',
    });
    expect(delivery.attempts[0].latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("signs with each application's own secret", async () => {
    await event({ applicationId: OTHER_APP });
    const [request] = await partner.waitForRequests(1, { path });
    expect(() => new Webhook(SECRET).verify(request.body, request.headers as Record<string, string>)).toThrow();
  });

  it('retries after 2 failures and succeeds, every attempt with the same webhook-id, all recorded', async () => {
    partner.respond(path, { status: 500, body: 'boom' }, { status: 502, body: { error: 'bad gateway' } });
    const { id, eventId } = await event();
    const requests = await partner.waitForRequests(3, { path });
    expect(requests.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId, eventId]);
    const delivery = await waitForDelivery(t.admin, id, (d) => d.status === 'DELIVERED');
    expect(delivery.attempts.map((a: { httpStatus: number }) => a.httpStatus)).toEqual([500, 502, 200]);
    expect(delivery.attempts[0].responseExcerpt).toBe('boom');
    expect(delivery.attemptCount).toBe(3);
    expect(partner.requestsTo(path)).toHaveLength(3);
  });

  it('stops at once on 410 Gone', async () => {
    partner.always(path, { status: 410 });
    const { id } = await event();
    const delivery = await waitForDelivery(t.admin, id, (d) => d.status === 'FAILED');
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.lastError).toMatch(/410/);
    expect(partner.requestsTo(path)).toHaveLength(1);
  });

  it('is FAILED after the schedule, kept, and a manual retry then delivers it with the same webhook-id', async () => {
    partner.always(path, { status: 500 });
    const { id, eventId } = await event();
    const failed = await waitForDelivery(t.admin, id, (d) => d.status === 'FAILED');
    // DELIVERY_RETRY_SCHEDULE 0.05,0.1: the first attempt and two retries.
    expect(failed.attempts.map((a: { httpStatus: number }) => a.httpStatus)).toEqual([500, 500, 500]);
    expect(failed.lastError).toMatch(/HTTP 500/);
    const listed = await t.admin.get(`/v1/accounts/${accountId}/locations/${locationId}/deliveries?status=FAILED`);
    expect(listed.body.data.map((d: { id: string }) => d.id)).toContain(id);

    partner.always(path, { status: 204 });
    const retried = await t.admin.post(`/v1/deliveries/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.data.status).toBe('PENDING');
    const delivered = await waitForDelivery(t.admin, id, (d) => d.status === 'DELIVERED');
    expect(delivered.attempts.map((a: { httpStatus: number }) => a.httpStatus)).toEqual([500, 500, 500, 204]);
    expect(partner.requestsTo(path).map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId, eventId, eventId]);
    // Retrying a delivery that is on its way is a conflict.
    partner.hang(path);
    await t.admin.post(`/v1/deliveries/${id}/retry`);
    // On its way once a worker has claimed it (at once on PostgreSQL, at the next poll on the embedded database).
    await waitForDelivery(t.admin, id, (d) => d.status === 'DELIVERING');
    const again = await t.admin.post(`/v1/deliveries/${id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invalid_transition');
  });

  it('honours Retry-After on 503', async () => {
    partner.respond(path, { status: 503, headers: { 'retry-after': '1' } });
    const { id } = await event();
    const [first, second] = await partner.waitForRequests(2, { path });
    // The schedule alone would retry after about 50 ms.
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(950);
    await waitForDelivery(t.admin, id, (d) => d.status === 'DELIVERED');
  });

  it('refuses enqueueing outside a transaction', async () => {
    const { enqueueDelivery } = await import('../../src/delivery-engine/outbox.js');
    await expect(
      enqueueDelivery(t.hub.orm.em.fork(), {
        eventType: 'ORDER_CREATED',
        applicationId: APP,
        url: partner.urlFor(path),
        payload: {},
      }),
    ).rejects.toThrow(/inside the transaction/);
  });

  it('writes nothing when the transaction of the change rolls back', async () => {
    const eventId = uuidv7();
    await expect(
      t.hub.orm.em.fork().transactional(async (em) => {
        const { enqueueDelivery } = await import('../../src/delivery-engine/outbox.js');
        await enqueueDelivery(em, {
          eventId,
          eventType: 'ORDER_CREATED',
          applicationId: APP,
          url: partner.urlFor(path),
          payload: {},
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await t.hub.orm.em
      .fork()
      .getConnection()
      .execute('select count(*)::int as n from deliveries where event_id = ?', [eventId]);
    expect(rows[0].n).toBe(0);
  });
});

describe('the delivery log', () => {
  it("pages a location's deliveries and an application's, and answers 404 outside reach", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await event({ eventType: 'MENU_UPDATED' })).id);
    await partner.waitForRequests(3, { path });
    const first = await t.admin.get(`/v1/applications/${OTHER_APP}/deliveries?limit=1`);
    expect(first.status).toBe(200);
    const page = await t.admin.get(`/v1/accounts/${accountId}/locations/${locationId}/deliveries?limit=2`);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.hasNextPage).toBe(true);
    const next = await t.admin.get(
      `/v1/accounts/${accountId}/locations/${locationId}/deliveries?limit=200&nextPageKey=${encodeURIComponent(page.body.nextPageKey)}`,
    );
    const all = [...page.body.data, ...next.body.data].map((d: { id: string }) => d.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining(ids));
    expect((await t.admin.get(`/v1/accounts/${accountId}/locations/${locationId}/deliveries?status=LOST`)).status).toBe(
      400,
    );
    expect((await t.admin.get(`/v1/deliveries/${uuidv7()}`)).status).toBe(404);
    expect((await t.admin.get(`/v1/accounts/${uuidv7()}/locations/${locationId}/deliveries`)).status).toBe(404);
    expect((await t.anonymous.get(`/v1/deliveries/${ids[0]}`)).status).toBe(401);
  });

  it('shows the same through GraphQL, and retries there too', async () => {
    partner.always(path, { status: 410 });
    const { id } = await event();
    await waitForDelivery(t.admin, id, (d) => d.status === 'FAILED');
    const read = await t.admin.graphql(
      `query($a: ID!, $l: ID!, $id: ID!) {
        locationDeliveries(accountId: $a, locationId: $l, status: FAILED, limit: 200) { data { id status } hasNextPage }
        delivery(id: $id) { id status eventId attempts { attemptNumber httpStatus latencyMs } payload }
      }`,
      { a: accountId, l: locationId, id },
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.locationDeliveries.data.map((d: { id: string }) => d.id)).toContain(id);
    expect(read.body.data.delivery.attempts).toEqual([
      { attemptNumber: 1, httpStatus: 410, latencyMs: expect.any(Number) },
    ]);
    expect(read.body.data.delivery.payload.order.id).toBe('o-1');
    partner.always(path, { status: 200 });
    const retried = await t.admin.graphql(`mutation($id: ID!) { retryDelivery(id: $id) { status } }`, { id });
    expect(retried.body.data.retryDelivery.status).toBe('PENDING');
    await waitForDelivery(t.admin, id, (d) => d.status === 'DELIVERED');
  });
});

describe('/readyz', () => {
  it('reports the worker', async () => {
    const res = await t.anonymous.get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.checks.worker).toBe(true);
  });
});
