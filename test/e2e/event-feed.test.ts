import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { createLogger } from '../../src/common/logger.js';
import { housekeepingTasks } from '../../src/housekeeping.js';
import { runMaintenance } from '../../src/maintenance.js';
import { startChildHub, type ChildHub } from '../support/child-hub.js';
import { query } from '../support/database.js';
import { FakePartner } from '../support/fake-partner.js';
import type { HttpClient } from '../support/http.js';
import { itOnServer } from '../support/on-server.js';
import { startTestHub, testEnv, type TestApplication, type TestHub, type TestLocation } from '../support/test-hub.js';

// The event feed (GET /v1/events): every event the hub has for the calling application, the same body and eventId
// as its webhook, oldest first, with a cursor that holds across hub processes; an application without a webhook
// URL gets its events there only. A second hub process (a child on the same database) reads what the first wrote.

const HOOK = '/webhooks';
const DAY = 24 * 3600 * 1000;

let t: TestHub;
let other: ChildHub | undefined;
let partner: FakePartner;
let loc: TestLocation;
/** A POS with a webhook URL: its events come both ways. */
let hooked: TestApplication;
/** A POS without one: its events are in the feed only. */
let polling: TestApplication;
let market: TestApplication;
let clients: Record<'hooked' | 'polling' | 'market', HttpClient>;
const placed: string[] = [];
/** The orders the polling POS's events are about, in feed order. */
const pollingFeed: string[] = [];

beforeAll(async () => {
  partner = await FakePartner.start();
  t = await startTestHub();
  hooked = await t.createApplication('POS', { webhookUrl: partner.urlFor(HOOK) });
  polling = await t.createApplication('POS', { webhookUrl: undefined });
  market = await t.createApplication('MARKETPLACE', { webhookUrl: undefined });
  loc = await t.createLocation();
  for (const app of [hooked, polling, market]) await t.connect(app, loc);
  clients = {
    hooked: await t.applicationClient(hooked),
    polling: await t.applicationClient(polling),
    market: await t.applicationClient(market),
  };
  for (let i = 0; i < 3; i++) placed.push(await place(`feed-${i}`));
  // The kitchen accepts the first: every other party (the marketplace and the polling POS, neither with a
  // webhook URL) has an ORDER_STATUS_CHANGED for it.
  expect((await clients.hooked.patch(`${loc.path}/orders/${placed[0]}`, { status: 'ACCEPTED' })).status).toBe(200);
  pollingFeed.push(...placed, placed[0]);
  await partner.waitForRequests(3, { path: HOOK });
}, 60_000);

afterAll(async () => {
  if (other) {
    other.process.kill('SIGTERM');
    await other.exited;
  }
  await t?.stop();
  await partner?.close();
});

async function place(externalId: string): Promise<string> {
  const res = await clients.market.post(`${loc.path}/orders`, {
    externalId,
    fulfillmentType: 'PICKUP',
    items: [{ name: 'Soup', quantity: 1, price: 500 }],
    total: 500,
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/**
 * The feed's events for the client after `after`, page by page (alternating between the `via` hubs), until `count`
 * have come, and the last cursor. The feed holds back what a transaction still running anywhere on the database
 * server might precede (another test's, say), so the events of a commit may take a moment to be given out.
 */
async function readAll(
  via: HttpClient[],
  count: number,
  { limit = 2, after }: { limit?: number; after?: string } = {},
): Promise<{ events: any[]; cursor: string }> {
  const events: any[] = [];
  let cursor = after;
  const deadline = Date.now() + 20_000;
  for (let call = 0; ; call++) {
    const client = via[call % via.length];
    const res = await client.get(`/v1/events?limit=${limit}${cursor ? `&after=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    events.push(...res.body.data);
    cursor = res.body.cursor ?? undefined;
    if (!res.body.hasNextPage && (events.length >= count || Date.now() > deadline)) return { events, cursor: cursor! };
    if (!res.body.hasNextPage) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('gives an application with a webhook URL each event both ways: the same body and eventId', async () => {
  const { events } = await readAll([clients.hooked], placed.length);
  const received = partner.requestsTo(HOOK).map((request) => {
    const body = new Webhook(hooked.webhookSecret).verify(request.body, request.headers as Record<string, string>);
    expect(request.headers['webhook-id']).toBe((body as { eventId: string }).eventId);
    return body as { eventId: string };
  });
  // Each order's events are a chain of their own: two orders' webhooks may arrive in either order.
  const receivedById = new Map(received.map((body) => [body.eventId, body]));
  expect(received).toHaveLength(events.length);
  expect(events).toEqual(events.map((event) => receivedById.get(event.eventId)));
  expect(events.map((e) => [e.eventType, e.orderId, e.test])).toEqual(placed.map((id) => ['ORDER_CREATED', id, false]));
});

it('gives an application without a webhook URL its events in the feed only', async () => {
  const { events } = await readAll([clients.polling], pollingFeed.length, { limit: 50 });
  expect(events.map((e) => [e.eventType, e.orderId])).toEqual([
    ...placed.map((id) => ['ORDER_CREATED', id]),
    ['ORDER_STATUS_CHANGED', placed[0]],
  ]);
  expect(events[0]).toMatchObject({
    objectType: 'ORDER',
    accountId: loc.accountId,
    locationId: loc.locationId,
    newState: { id: placed[0], status: 'NEW' },
    previousState: null,
  });
  // Its own events only: each names its own connection.
  const own = (await t.admin.get(`${loc.path}/connections?limit=200`)).body.data.find(
    (c: { applicationId: string }) => c.applicationId === polling.id,
  ).id;
  expect(new Set(events.map((e) => e.connectionId))).toEqual(new Set([own]));
  // Nothing was sent: it has no delivery in the log.
  expect((await t.admin.get(`/v1/applications/${polling.id}/deliveries`)).body.data).toEqual([]);

  const marketplace = await readAll([clients.market], 1, { limit: 50 });
  expect(marketplace.events.map((e) => [e.eventType, e.orderId, e.newState.status, e.previousState.status])).toEqual([
    ['ORDER_STATUS_CHANGED', placed[0], 'ACCEPTED', 'NEW'],
  ]);
});

itOnServer(
  'pages with a cursor that holds across hub processes: oldest first, nothing twice, nothing missed',
  async () => {
    other = await startChildHub(testEnv(t.db.url));
    const elsewhere = other.client(clients.polling.token);
    // One page at a time, each call to the other process than the one before.
    const { events, cursor } = await readAll([clients.polling, elsewhere], pollingFeed.length, { limit: 1 });
    expect(events.map((e) => e.orderId)).toEqual(pollingFeed);

    // Nothing new: the same cursor comes back, with nothing.
    const idle = await elsewhere.get(`/v1/events?after=${cursor}`);
    expect(idle.body).toEqual({ data: [], hasNextPage: false, cursor });

    // An order placed through one process is next from the other, and only it.
    const later = await place('feed-later');
    const next = await readAll([elsewhere], 1, { limit: 50, after: cursor });
    expect(next.events.map((e) => [e.eventType, e.orderId])).toEqual([['ORDER_CREATED', later]]);
    pollingFeed.push(later);
  },
);

/** An event as a transaction that is slow to commit writes it (the envelope of every event). */
const SLOW_EVENT = {
  eventId: '01900000-0000-7000-8000-00000000510e',
  eventType: 'ORDER_UPDATED',
  objectType: 'ORDER',
  eventTime: '2026-11-26T12:00:00.000Z',
  accountId: '01900000-0000-7000-8000-000000000001',
  locationId: '01900000-0000-7000-8000-000000000002',
  connectionId: '01900000-0000-7000-8000-000000000003',
  test: false,
  orderId: '01900000-0000-7000-8000-000000000004',
};

itOnServer('never hands out a cursor past an event whose transaction is still running', async () => {
  const { cursor } = await readAll([clients.polling], pollingFeed.length, { limit: 50 });
  // A writer that began before the next order and commits after it: its event must not be skipped.
  const slow = new pg.Client({ connectionString: t.db.url });
  await slow.connect();
  try {
    await slow.query('begin');
    await slow.query(
      `insert into application_events (application_id, event_id, event_type, payload)
       values ($1, $2, 'ORDER_UPDATED', $3)`,
      [polling.id, SLOW_EVENT.eventId, JSON.stringify(SLOW_EVENT)],
    );
    const quick = await place('feed-quick');
    // Committed, but after a transaction still running: not given out yet, and the cursor does not move.
    const waiting = await clients.polling.get(`/v1/events?after=${cursor}`);
    expect(waiting.body).toEqual({ data: [], hasNextPage: false, cursor });
    await slow.query('commit');
    const { events } = await readAll([clients.polling], 2, { limit: 50, after: cursor });
    expect(events.map((e) => e.orderId)).toEqual([SLOW_EVENT.orderId, quick]);
    pollingFeed.push(SLOW_EVENT.orderId, quick);
  } finally {
    await slow.end();
  }
});

it('is the application’s own: an operator is refused, and so is a cursor the hub did not issue', async () => {
  const operator = await t.admin.get('/v1/events');
  expect(operator.status).toBe(403);
  expect(operator.body.code).toBe('insufficient_scope');
  const forged = await clients.polling.get('/v1/events?after=not-a-cursor');
  expect(forged.status).toBe(400);
  expect(forged.body.errors[0].path).toBe('after');
});

it('keeps events at least 7 days, then housekeeping deletes them; the cursor still answers', async () => {
  const { cursor } = await readAll([clients.polling], pollingFeed.length, { limit: 50 });
  // The feed's pass alone: the others would take the test's tokens with them.
  const task = 'events past the feed retention';
  const deps = {
    orm: t.hub.orm,
    databaseUrl: t.db.url,
    log: createLogger('silent'),
    tasks: {
      [task]: housekeepingTasks({ deliveryRetentionDays: 30, eventFeedRetentionDays: 7, activityRetentionDays: 365 })[
        task
      ],
    },
  };
  const stored = async () =>
    Number((await query<{ n: string }>(t.db.url, 'select count(*) as n from application_events'))[0].n);
  const before = await stored();
  expect(before).toBeGreaterThanOrEqual(pollingFeed.length);
  expect((await runMaintenance(deps, new Date(Date.now() + 6 * DAY)))?.[task]).toBe(0);
  expect((await readAll([clients.polling], pollingFeed.length, { limit: 50 })).events.length).toBe(pollingFeed.length);
  expect((await runMaintenance(deps, new Date(Date.now() + 8 * DAY)))?.[task]).toBe(before);
  expect(await stored()).toBe(0);
  expect((await clients.polling.get('/v1/events')).body).toEqual({ data: [], hasNextPage: false, cursor: null });
  expect((await clients.polling.get(`/v1/events?after=${cursor}`)).body).toEqual({
    data: [],
    hasNextPage: false,
    cursor,
  });
});
