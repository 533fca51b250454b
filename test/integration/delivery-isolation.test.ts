import { uuidv7 } from '../../src/common/ids.js';
import { enqueue, enqueueMany, secretsFrom, waitForDelivery } from '../support/deliveries.js';
import { FakePartner } from '../support/fake-partner.js';
import { describeOnServer } from '../support/on-server.js';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';

// One partner never holds up another, and the events of one order arrive in order. The worker runs with 8
// slots and at most 2 in flight per endpoint, so a hanging partner can take 2 slots, never all of them.
// Needs a PostgreSQL server (TEST_DATABASE_URL, as in CI): on the embedded PGlite the worker runs 2 slots
// over one connection (pglite-socket interleaves concurrent connections' messages), which this load breaks.

describeOnServer('isolation between partners, order within an order', () => {
  const APP = uuidv7();
  let t: TestHub;
  let healthy: FakePartner;
  let hanging: FakePartner;

  beforeAll(async () => {
    healthy = await FakePartner.start();
    hanging = await FakePartner.start();
    hanging.hang('/hook');
    t = await startTestHub(
      {
        DELIVERY_CONCURRENCY: '8',
        DELIVERY_ENDPOINT_CONCURRENCY: '2',
        PARTNER_TIMEOUT_MS: '5000',
        DELIVERY_RETRY_SCHEDULE: '0.05,0.1,0.1',
      },
      { webhookSecrets: secretsFrom({ [APP]: 'whsec_dGVzdC1zZWNyZXQtZm9yLWlzb2xhdGlvbg==' }) },
    );
  }, HUB_START_TIMEOUT_MS);
  afterAll(async () => {
    await hanging.close();
    await healthy.close();
    await t.stop();
  });

  const toHanging = () => ({
    eventType: 'MENU_UPDATED' as const,
    applicationId: APP,
    url: hanging.urlFor('/hook'),
    payload: { menu: 'm' },
  });

  it('a hanging partner does not delay deliveries to a healthy one', async () => {
    await enqueueMany(t.hub.orm, Array.from({ length: 20 }, toHanging));
    await hanging.waitForRequests(2, { path: '/hook' });
    const started = Date.now();
    await enqueueMany(
      t.hub.orm,
      Array.from({ length: 20 }, (_, i) => ({
        eventType: 'ORDER_CREATED' as const,
        applicationId: APP,
        url: healthy.urlFor('/fast'),
        payload: { i },
      })),
    );
    await healthy.waitForRequests(20, { path: '/fast', timeoutMs: 4000 });
    // Far below the 5 s a hanging request holds its slot.
    expect(Date.now() - started).toBeLessThan(2000);
    // Per-endpoint concurrency: the hanging partner never had more than 2 requests open at once.
    expect(hanging.requestsTo('/hook')).toHaveLength(2);
  });

  it('keeps the events of one order in order through retries, while another partner hangs', async () => {
    await enqueueMany(t.hub.orm, Array.from({ length: 4 }, toHanging));
    const orderId = uuidv7();
    const otherOrder = uuidv7();
    // The first event fails twice, the first time asking for 2 s of quiet: every later event of the order must
    // wait for it, while the other order's events go meanwhile.
    // Both orders go to the same partner (one endpoint), each to its own webhook path.
    healthy.respond('/orders/a', { status: 503, headers: { 'retry-after': '2' } }, { status: 500 });
    const events: string[] = [];
    const others: string[] = [];
    for (let i = 0; i < 6; i++) {
      const base = {
        applicationId: APP,
        eventType: i === 0 ? ('ORDER_CREATED' as const) : ('ORDER_STATUS_CHANGED' as const),
      };
      events.push(
        (
          await enqueue(t.hub.orm, {
            ...base,
            url: healthy.urlFor('/orders/a'),
            orderingKey: orderId,
            payload: { orderId, step: i },
          })
        ).eventId,
      );
      others.push(
        (
          await enqueue(t.hub.orm, {
            ...base,
            url: healthy.urlFor('/orders/b'),
            orderingKey: otherOrder,
            payload: { orderId: otherOrder, step: i },
          })
        ).eventId,
      );
    }
    await healthy.waitForRequests(8, { path: '/orders/a' });
    await healthy.waitForRequests(6, { path: '/orders/b' });
    const received = healthy.requests
      .filter((r) => r.path.startsWith('/orders/'))
      .map((r) => r.headers['webhook-id'] as string);
    const ofOrder = received.filter((id) => events.includes(id));
    // e0 three times (two failures, then success), then e1..e5 once each, in order.
    expect(ofOrder).toEqual([events[0], events[0], events[0], ...events.slice(1)]);
    // The other order went its own way meanwhile, in its own order, not waiting for the first order's retries.
    expect(received.filter((id) => others.includes(id))).toEqual(others);
    expect(received.indexOf(others[5])).toBeLessThan(received.indexOf(events[0], received.indexOf(events[0]) + 1));
  });

  it('a replay or a FAILED delivery does not block the order for ever', async () => {
    const orderId = uuidv7();
    healthy.always('/gone', { status: 410 });
    const first = await enqueue(t.hub.orm, {
      eventType: 'ORDER_CREATED' as const,
      applicationId: APP,
      url: healthy.urlFor('/gone'),
      orderingKey: orderId,
      payload: { n: 1 },
    });
    const second = await enqueue(t.hub.orm, {
      eventType: 'ORDER_STATUS_CHANGED',
      applicationId: APP,
      url: healthy.urlFor('/gone'),
      orderingKey: orderId,
      payload: { n: 2 },
    });
    await waitForDelivery(t.admin, first.id, (d) => d.status === 'FAILED');
    // The FAILED one released the next of its order.
    await waitForDelivery(t.admin, second.id, (d) => d.status === 'FAILED');
    expect(healthy.requestsTo('/gone').map((r) => r.headers['webhook-id'])).toEqual([first.eventId, second.eventId]);
  });

  it('a replayed delivery on its way holds back the later ones of its order, and lets them go when it is done', async () => {
    const orderId = uuidv7();
    const path = '/replayed';
    const event = (n: number) => ({
      eventType: 'ORDER_STATUS_CHANGED' as const,
      applicationId: APP,
      url: healthy.urlFor(path),
      orderingKey: orderId,
      payload: { n },
    });
    // The partner answers the first at once, the second after 0.6 s, the replayed first after 1.2 s.
    healthy.respond(path, {}, { delayMs: 600 }, { delayMs: 1200 });
    const first = await enqueue(t.hub.orm, event(1));
    await waitForDelivery(t.admin, first.id, (d) => d.status === 'DELIVERED');
    // The second is on its way and a third waits behind it when an operator replays the first.
    const second = await enqueue(t.hub.orm, event(2));
    await healthy.waitForRequests(2, { path });
    const third = await enqueue(t.hub.orm, event(3));
    expect((await t.admin.post(`/v1/deliveries/${first.id}/retry`)).status).toBe(200);
    await healthy.waitForRequests(3, { path });
    // The second finishes first: the third must not overtake the replayed first, still on its way...
    await waitForDelivery(t.admin, second.id, (d) => d.status === 'DELIVERED');
    expect((await waitForDelivery(t.admin, third.id, () => true)).status).toBe('PENDING');
    // ...and goes once the replayed first is done.
    await waitForDelivery(t.admin, third.id, (d) => d.status === 'DELIVERED');
    expect(healthy.requestsTo(path).map((r) => r.headers['webhook-id'])).toEqual([
      first.eventId,
      second.eventId,
      first.eventId,
      third.eventId,
    ]);
  });
});
