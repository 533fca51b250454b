import { Webhook } from 'standardwebhooks';
import { query } from '../support/database.js';
import { FakePartner, type RecordedRequest } from '../support/fake-partner.js';
import type { HttpClient } from '../support/http.js';
import {
  HUB_START_TIMEOUT_MS,
  startTestHub,
  type TestApplication,
  type TestHub,
  type TestLocation,
} from '../support/test-hub.js';

// Opening hours, holidays, overrides, busy mode and snoozes end to end: through /v1 and /graphql against a
// hub on PostgreSQL, with marketplaces and a POS on loopback receiving the signed events. The hub's clock is
// set by configuration (CLOCK_OFFSET_MS) to Saturday 27 March 2027, 20:00 in Amsterdam, the evening before
// the clocks go forward; what ends by itself ends a second or so after it is set, and the test waits for
// that outcome, never for a guessed time.

const HUB_NOW = Date.parse('2027-03-27T19:00:00.000Z');
let offset: number;
let t: TestHub;
let api: HttpClient;
let partner: FakePartner;

beforeAll(async () => {
  partner = await FakePartner.start();
  offset = HUB_NOW - Date.now();
  t = await startTestHub({
    CLOCK_OFFSET_MS: String(offset),
    DELIVERY_RETRY_SCHEDULE: '0.05,0.05,0.05',
    DELIVERY_POLL_INTERVAL_MS: '50',
  });
  api = t.admin;
}, HUB_START_TIMEOUT_MS);
afterAll(async () => {
  await t.stop();
  await partner.close();
});

/** An instant `ms` from the hub's time now (its clock runs from HUB_NOW as the machine's does). */
const inHubTime = (ms: number) => new Date(Date.now() + offset + ms).toISOString();

const everyDay = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, start, end }));

const catalog = {
  location: { taxRates: [{ posReference: 'vat-9', name: 'VAT 9%', type: 'PERCENTAGE', rate: 90000 }] },
  categories: [{ posReference: 'mains', name: 'Mains' }],
  modifiers: [{ posReference: 'extra-burrata', name: 'Extra burrata', price: 300, taxRateIds: ['vat-9'] }],
  modifierGroups: [{ posReference: 'extras', name: 'Extras', modifiers: ['extra-burrata'] }],
  products: [
    {
      posReference: 'burrata',
      name: 'Burrata',
      price: 1250,
      categories: ['mains'],
      taxRateIds: ['vat-9'],
      modifierGroups: ['extras'],
    },
    { posReference: 'margherita', name: 'Margherita', price: 1150, categories: ['mains'], taxRateIds: ['vat-9'] },
  ],
};

let seq = 0;

interface Setup {
  location: TestLocation;
  m1: TestApplication;
  m2: TestApplication;
  pos: TestApplication;
  c1: string;
  c2: string;
  paths: { m1: string; m2: string; m1Store: string; m2Store: string; m1Menus: string; pos: string };
}

/** A location in Europe/Amsterdam with a catalog, two marketplaces and a POS connected, each on its own paths. */
async function setup(): Promise<Setup> {
  const n = ++seq;
  const paths = {
    m1: `/a${n}/m1/webhooks`,
    m2: `/a${n}/m2/webhooks`,
    m1Store: `/a${n}/m1/store-status`,
    m2Store: `/a${n}/m2/store-status`,
    m1Menus: `/a${n}/m1/menus`,
    pos: `/a${n}/pos/webhooks`,
  };
  const location = await t.createLocation(undefined, `Trattoria ${n}`);
  expect((await api.patch(location.path, { timezone: 'Europe/Amsterdam' })).status).toBe(200);
  expect((await api.put(`${location.path}/catalog/import`, catalog)).status).toBe(200);
  const marketplace = (webhooks: string, store: string, menus: string) =>
    t.createApplication('MARKETPLACE', {
      webhookUrl: partner.urlFor(webhooks),
      storeStatusUrl: partner.urlFor(store),
      menuPublicationUrl: partner.urlFor(menus),
    });
  const m1 = await marketplace(paths.m1, paths.m1Store, paths.m1Menus);
  const m2 = await marketplace(paths.m2, paths.m2Store, `/a${n}/m2/menus`);
  const pos = await t.createApplication('POS', { webhookUrl: partner.urlFor(paths.pos) });
  const c1 = await t.connect(m1, location, { storeId: `m1-store-${n}` });
  const c2 = await t.connect(m2, location);
  await t.connect(pos, location);
  return { location, m1, m2, pos, c1, c2, paths };
}

function verified(app: TestApplication, request: RecordedRequest): any {
  return new Webhook(app.webhookSecret).verify(request.body, request.headers as Record<string, string>);
}

async function deliveriesOf(s: Setup, eventType: string): Promise<{ connection_id: string; status: string }[]> {
  return query(
    t.db.url,
    `select connection_id, status from deliveries where location_id = $1 and event_type = $2 order by created_at`,
    [s.location.locationId, eventType],
  );
}

describe('opening hours', () => {
  it('round-trips in the location’s time zone, and the store status reads them across the last Sunday of March', async () => {
    const s = await setup();
    const document = {
      openingHours: [
        { dayOfWeek: 7, start: '12:00', end: '22:00' },
        { dayOfWeek: 5, start: '17:00', end: '24:00' },
        { dayOfWeek: 6, start: '00:00', end: '01:30' },
      ],
      overrides: [],
      holidays: [{ from: '2027-12-25T00:00:00+01:00', to: '2027-12-26T00:00:00+01:00', reason: 'Christmas' }],
    };
    const put = await api.put(`${s.location.path}/opening-hours`, document);
    expect(put.status).toBe(200);
    const stored = {
      openingHours: [
        { dayOfWeek: 5, start: '17:00', end: '24:00' },
        { dayOfWeek: 6, start: '00:00', end: '01:30' },
        { dayOfWeek: 7, start: '12:00', end: '22:00' },
      ],
      overrides: [],
      holidays: [{ from: '2027-12-24T23:00:00.000Z', to: '2027-12-25T23:00:00.000Z', reason: 'Christmas' }],
    };
    expect(put.body.data).toEqual(stored);
    expect((await api.get(`${s.location.path}/opening-hours`)).body.data).toEqual(stored);

    // Saturday 20:00 in Amsterdam: closed until Sunday 12:00, which is 10:00Z in summer time (11:00Z the day before).
    const status = (await api.get(`${s.location.path}/store-status`)).body.data;
    expect(status.availability).toEqual({ state: 'CLOSED_BY_HOURS', until: '2027-03-28T10:00:00.000Z', reason: null });

    // Every marketplace hears the hours with their time zone and as instants: Friday night runs past midnight.
    const [sent] = await partner.waitForRequests(1, { path: s.paths.m1 });
    const event = verified(s.m1, sent);
    expect(event).toMatchObject({
      eventType: 'OPENING_HOURS_CHANGED',
      objectType: 'OPENING_HOURS',
      locationId: s.location.locationId,
      connectionId: s.c1,
      connection: { id: s.c1, credentials: { storeId: expect.stringContaining('m1-store') } },
      timezone: 'Europe/Amsterdam',
      openingHours: stored.openingHours,
      holidays: stored.holidays,
    });
    expect(event.openPeriods).toEqual([
      { start: '2027-03-28T10:00:00.000Z', end: '2027-03-28T20:00:00.000Z' },
      { start: '2027-04-02T15:00:00.000Z', end: '2027-04-02T23:30:00.000Z' },
    ]);
    await partner.waitForRequests(1, { path: s.paths.m2 });
  });

  it('refuses a bad document with a 400 naming each JSON path, and changes nothing', async () => {
    const s = await setup();
    const good = { openingHours: everyDay('12:00', '22:00') };
    expect((await api.put(`${s.location.path}/opening-hours`, good)).status).toBe(200);
    const before = (await api.get(`${s.location.path}/opening-hours`)).body.data;

    const pastMidnight = await api.put(`${s.location.path}/opening-hours`, {
      openingHours: [{ dayOfWeek: 5, start: '22:00', end: '02:00' }],
    });
    expect(pastMidnight.status).toBe(400);
    expect(pastMidnight.body).toMatchObject({ code: 'validation_failed' });
    expect(pastMidnight.body.errors).toEqual([
      { path: '/openingHours/0/end', message: expect.stringContaining('22:00-24:00, then 00:00-02:00') },
    ]);

    const overlapping = await api.put(`${s.location.path}/opening-hours`, {
      openingHours: [
        { dayOfWeek: 1, start: '11:00', end: '15:00' },
        { dayOfWeek: 1, start: '14:00', end: '22:00' },
      ],
      holidays: [{ from: '2027-12-26T00:00:00Z', to: '2027-12-25T00:00:00Z' }],
    });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.errors.map((e: { path: string }) => e.path)).toEqual(['/openingHours/1', '/holidays/0/to']);

    // An override must name an active marketplace connection of this location: the POS's is refused.
    const posConnection = (await api.get(`${s.location.path}/connections`)).body.data.find(
      (c: { kind: string }) => c.kind === 'POS',
    ).id;
    const wrongConnection = await api.put(`${s.location.path}/opening-hours`, {
      openingHours: [],
      overrides: [{ connectionId: posConnection, openingHours: [] }],
    });
    expect(wrongConnection.status).toBe(400);
    expect(wrongConnection.body.errors).toEqual([
      { path: '/overrides/0/connectionId', message: 'is not an active marketplace connection of this location' },
    ]);

    expect((await api.get(`${s.location.path}/opening-hours`)).body.data).toEqual(before);
    // The refused writes told no marketplace anything: one event each, for the first PUT.
    expect((await deliveriesOf(s, 'OPENING_HOURS_CHANGED')).length).toBe(2);
  });

  it('sends an override only to its marketplace, and a change of the location’s hours only to the others', async () => {
    const s = await setup();
    partner.respondWhen(s.paths.m1, () => true, { status: 500 });
    const withOverride = await api.put(`${s.location.path}/opening-hours`, {
      openingHours: everyDay('12:00', '22:00'),
      overrides: [{ connectionId: s.c1, openingHours: everyDay('17:00', '21:00') }],
    });
    expect(withOverride.status).toBe(200);
    // M1 failed the first attempt: the retry carries the same webhook-id and a valid signature.
    const [refused, retried] = await partner.waitForRequests(2, { path: s.paths.m1 });
    expect(retried.headers['webhook-id']).toBe(refused.headers['webhook-id']);
    expect(verified(s.m1, retried).openingHours).toEqual(everyDay('17:00', '21:00'));
    const [toM2] = await partner.waitForRequests(1, { path: s.paths.m2 });
    expect(verified(s.m2, toM2).openingHours).toEqual(everyDay('12:00', '22:00'));

    // Saturday 20:00: open until 22:00 by the location's hours, until 21:00 by M1's own.
    const m1 = await t.applicationClient(s.m1);
    expect((await m1.get(`${s.location.path}/store-status`)).body.data.availability).toEqual({
      state: 'OPEN',
      until: '2027-03-27T20:00:00.000Z',
      reason: null,
    });
    expect((await api.get(`${s.location.path}/store-status`)).body.data.availability.until).toBe(
      '2027-03-27T21:00:00.000Z',
    );
    // A marketplace reads only its own override; an operator reads them all.
    expect((await m1.get(`${s.location.path}/opening-hours`)).body.data.overrides).toHaveLength(1);
    const m2 = await t.applicationClient(s.m2);
    expect((await m2.get(`${s.location.path}/opening-hours`)).body.data.overrides).toEqual([]);

    // The location's own hours change: M1 keeps its override, so only M2 hears of it.
    await api.put(`${s.location.path}/opening-hours`, {
      openingHours: everyDay('11:00', '23:00'),
      overrides: [{ connectionId: s.c1, openingHours: everyDay('17:00', '21:00') }],
    });
    const events = await deliveriesOf(s, 'OPENING_HOURS_CHANGED');
    expect(events.map((d) => d.connection_id)).toEqual([s.c1, s.c2, s.c2]);
  });

  it('tells the marketplaces again when the time zone their hours are read in changes, and not otherwise', async () => {
    const s = await setup();
    await api.put(`${s.location.path}/opening-hours`, { openingHours: everyDay('12:00', '22:00') });
    await partner.waitForRequests(1, { path: s.paths.m1 });
    expect((await api.patch(s.location.path, { timezone: 'Europe/London' })).status).toBe(200);
    const [, moved] = await partner.waitForRequests(2, { path: s.paths.m1 });
    expect(verified(s.m1, moved)).toMatchObject({ eventType: 'OPENING_HOURS_CHANGED', timezone: 'Europe/London' });
    // Saturday 12:00 in London is 12:00Z (winter time), an hour after Amsterdam's.
    expect(verified(s.m1, moved).openPeriods[0]).toEqual({
      start: '2027-03-27T12:00:00.000Z',
      end: '2027-03-27T22:00:00.000Z',
    });
    expect((await api.patch(s.location.path, { name: 'Renamed trattoria' })).status).toBe(200);
    expect((await deliveriesOf(s, 'OPENING_HOURS_CHANGED')).length).toBe(4);
  });

  it('says a holiday closure in the store status, to the marketplaces, and on an order placed during it', async () => {
    const s = await setup();
    const holiday = { from: inHubTime(-3_600_000), to: '2027-03-28T08:00:00.000Z', reason: 'Family holiday' };
    expect(
      (
        await api.put(`${s.location.path}/opening-hours`, {
          openingHours: everyDay('12:00', '22:00'),
          holidays: [holiday],
        })
      ).status,
    ).toBe(200);
    expect((await api.get(`${s.location.path}/store-status`)).body.data.availability).toEqual({
      state: 'CLOSED_FOR_HOLIDAY',
      until: '2027-03-28T08:00:00.000Z',
      reason: 'Family holiday',
    });
    const [sent] = await partner.waitForRequests(1, { path: s.paths.m1 });
    expect(verified(s.m1, sent).openPeriods[0]).toEqual({
      start: '2027-03-28T10:00:00.000Z',
      end: '2027-03-28T20:00:00.000Z',
    });

    const m1 = await t.applicationClient(s.m1);
    const placed = await m1.post(`${s.location.path}/orders`, {
      externalId: `holiday-${s.location.locationId}`,
      fulfillmentType: 'PICKUP',
      items: [{ posReference: 'margherita', name: 'Margherita', quantity: 1, price: 1150 }],
    });
    expect(placed.status).toBe(201);
    expect(placed.body.data.availabilityWarnings).toEqual([
      { rule: 'STORE_CLOSED_FOR_HOLIDAY', until: '2027-03-28T08:00:00.000Z', reason: 'Family holiday' },
    ]);
  });
});

describe('snoozes', () => {
  const product = async (s: Setup, posReference: string) =>
    (await api.get(`${s.location.path}/catalog/products?posReference=${posReference}`)).body.data[0];

  it('snooze and unsnooze tell the marketplaces only what changed, and never touch show_online or taxRateIds', async () => {
    const s = await setup();
    const before = await product(s, 'burrata');
    const until = '2027-03-27T21:00:00.000Z';
    const put = await api.put(`${s.location.path}/catalog/snoozes`, {
      items: [
        { posReference: 'burrata', kind: 'PRODUCT', until: '2027-03-27T22:00:00+01:00' },
        { posReference: 'extra-burrata', kind: 'MODIFIER', until },
      ],
    });
    expect(put.status).toBe(200);
    expect(put.body.data.items).toEqual([
      { kind: 'MODIFIER', posReference: 'extra-burrata', id: expect.any(String), name: 'Extra burrata', until },
      { kind: 'PRODUCT', posReference: 'burrata', id: before.id, name: 'Burrata', until },
    ]);
    const [snoozed] = await partner.waitForRequests(1, { path: s.paths.m1 });
    expect(verified(s.m1, snoozed)).toMatchObject({
      eventType: 'ITEMS_SNOOZED',
      objectType: 'CATALOG_ITEMS',
      items: [
        { kind: 'PRODUCT', posReference: 'burrata', id: before.id, name: 'Burrata', until },
        { kind: 'MODIFIER', posReference: 'extra-burrata', name: 'Extra burrata', until },
      ],
    });

    // Again with the burrata unchanged and the margherita new: the event names the margherita alone.
    await api.put(`${s.location.path}/catalog/snoozes`, {
      items: [
        { posReference: 'burrata', kind: 'PRODUCT', until },
        { posReference: 'margherita', kind: 'PRODUCT', until },
      ],
    });
    const [, second] = await partner.waitForRequests(2, { path: s.paths.m1 });
    expect(verified(s.m1, second).items.map((i: { posReference: string }) => i.posReference)).toEqual(['margherita']);

    const ended = await api.delete(`${s.location.path}/catalog/snoozes/PRODUCT/burrata`);
    expect(ended.status).toBe(204);
    const [, , unsnoozed] = await partner.waitForRequests(3, { path: s.paths.m1 });
    expect(verified(s.m1, unsnoozed)).toMatchObject({
      eventType: 'ITEMS_UNSNOOZED',
      items: [{ kind: 'PRODUCT', posReference: 'burrata', id: before.id, name: 'Burrata' }],
    });
    // Ending it again is not an error, and says nothing; an item the catalog lacks is 404.
    expect((await api.delete(`${s.location.path}/catalog/snoozes/PRODUCT/burrata`)).status).toBe(204);
    expect((await api.delete(`${s.location.path}/catalog/snoozes/PRODUCT/tiramisu`)).status).toBe(404);
    expect((await deliveriesOf(s, 'ITEMS_UNSNOOZED')).length).toBe(2);

    const after = await product(s, 'burrata');
    expect({ show_online: after.show_online, taxRateIds: after.taxRateIds, updatedAt: after.updatedAt }).toEqual({
      show_online: before.show_online,
      taxRateIds: ['vat-9'],
      updatedAt: before.updatedAt,
    });
  });

  it('refuses an item the catalog lacks and a time past, naming each path, and changes nothing', async () => {
    const s = await setup();
    const res = await api.put(`${s.location.path}/catalog/snoozes`, {
      items: [
        { posReference: 'burrata', kind: 'PRODUCT', until: inHubTime(3_600_000) },
        { posReference: 'tiramisu', kind: 'PRODUCT', until: inHubTime(3_600_000) },
        { posReference: 'burrata', kind: 'MODIFIER', until: inHubTime(3_600_000) },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([
      '/items/1/posReference',
      '/items/2/posReference',
    ]);
    const past = await api.put(`${s.location.path}/catalog/snoozes`, {
      items: [{ posReference: 'burrata', kind: 'PRODUCT', until: inHubTime(-60_000) }],
    });
    expect(past.body.errors).toEqual([{ path: '/items/0/until', message: 'must be in the future' }]);
    expect((await api.get(`${s.location.path}/catalog/snoozes`)).body.data.items).toEqual([]);
  });

  it('ends by itself at its time, once, and the item is for sale again', async () => {
    const s = await setup();
    const before = await product(s, 'burrata');
    const until = inHubTime(1_000);
    await api.put(`${s.location.path}/catalog/snoozes`, {
      items: [{ posReference: 'burrata', kind: 'PRODUCT', until }],
    });
    const [, unsnoozed] = await partner.waitForRequests(2, { path: s.paths.m2 });
    expect(verified(s.m2, unsnoozed)).toMatchObject({
      eventType: 'ITEMS_UNSNOOZED',
      items: [{ kind: 'PRODUCT', posReference: 'burrata', id: before.id }],
    });
    // The hub's clock had reached `until` when it took the item back.
    expect(Date.parse(verified(s.m2, unsnoozed).eventTime)).toBeGreaterThanOrEqual(Date.parse(until));
    expect((await api.get(`${s.location.path}/catalog/snoozes`)).body.data.items).toEqual([]);
    const jobs = await query(t.db.url, `select count(*)::int as n from graphile_worker.jobs where key = $1`, [
      `catalog-unsnooze:${s.location.locationId}`,
    ]);
    expect(jobs[0].n).toBe(0);
    expect((await deliveriesOf(s, 'ITEMS_UNSNOOZED')).length).toBe(2);
    const after = await product(s, 'burrata');
    expect([after.show_online, after.taxRateIds]).toEqual([before.show_online, before.taxRateIds]);
  });

  it('a POS snoozes with its own token; a catalog import keeps the snoozes of the items it keeps', async () => {
    const s = await setup();
    const pos = await t.applicationClient(s.pos);
    const until = inHubTime(3_600_000);
    const put = await pos.put(`${s.location.path}/catalog/snoozes`, {
      items: [
        { posReference: 'burrata', kind: 'PRODUCT', until },
        { posReference: 'margherita', kind: 'PRODUCT', until },
      ],
    });
    expect(put.status).toBe(200);
    const m1 = await t.applicationClient(s.m1);
    const refused = await m1.put(`${s.location.path}/catalog/snoozes`, {
      items: [{ posReference: 'burrata', kind: 'PRODUCT', until }],
    });
    expect(refused.status).toBe(403);

    const reimport = { ...catalog, products: catalog.products.filter((p) => p.posReference === 'burrata') };
    expect((await pos.put(`${s.location.path}/catalog/import`, reimport)).status).toBe(200);
    const left = (await pos.get(`${s.location.path}/catalog/snoozes`)).body.data.items;
    expect(left.map((i: { posReference: string; until: string }) => [i.posReference, i.until])).toEqual([
      ['burrata', new Date(until).toISOString()],
    ]);
  });

  it('shows snoozedUntil in menus and in the publication, with the availability that applies to the marketplace', async () => {
    const s = await setup();
    await api.put(`${s.location.path}/opening-hours`, {
      openingHours: everyDay('12:00', '22:00'),
      overrides: [{ connectionId: s.c1, openingHours: everyDay('17:00', '21:00') }],
    });
    const until = inHubTime(3_600_000);
    await api.put(`${s.location.path}/catalog/snoozes`, {
      items: [
        { posReference: 'burrata', kind: 'PRODUCT', until },
        { posReference: 'extra-burrata', kind: 'MODIFIER', until },
      ],
    });
    const menu = (
      await api.post(`${s.location.path}/menus`, { name: 'Dinner', productPosReferences: ['burrata', 'margherita'] })
    ).body.data;
    const iso = new Date(until).toISOString();
    expect(
      menu.items.map((i: { posReference: string; snoozedUntil: string | null }) => [i.posReference, i.snoozedUntil]),
    ).toEqual([
      ['burrata', iso],
      ['margherita', null],
    ]);
    expect(menu.modifiers[0].snoozedUntil).toBe(iso);

    expect((await api.post(`${s.location.path}/menus/${menu.id}/publications`, { connectionId: s.c1 })).status).toBe(
      201,
    );
    const [published] = await partner.waitForRequests(1, { path: s.paths.m1Menus });
    const exported = verified(s.m1, published);
    expect(exported.menu.items[0].snoozedUntil).toBe(iso);
    expect(exported.menu.modifiers[0].snoozedUntil).toBe(iso);
    expect(exported.availability).toMatchObject({
      timezone: 'Europe/Amsterdam',
      openingHours: everyDay('17:00', '21:00'),
    });
    expect(exported.availability.openPeriods[0]).toEqual({
      start: '2027-03-27T16:00:00.000Z',
      end: '2027-03-27T20:00:00.000Z',
    });
  });
});

describe('orders that race availability', () => {
  it('an order naming a snoozed item is stored and forwarded to the POS with its warning', async () => {
    const s = await setup();
    const until = inHubTime(3_600_000);
    await api.put(`${s.location.path}/catalog/snoozes`, {
      items: [{ posReference: 'extra-burrata', kind: 'MODIFIER', until }],
    });
    const m1 = await t.applicationClient(s.m1);
    const placed = await m1.post(`${s.location.path}/orders`, {
      externalId: `snoozed-${s.location.locationId}`,
      fulfillmentType: 'DELIVERY',
      items: [
        { posReference: 'margherita', name: 'Margherita', quantity: 1, price: 1150 },
        {
          posReference: 'burrata',
          name: 'Burrata',
          quantity: 1,
          price: 1250,
          options: [{ posReference: 'extra-burrata', name: 'Extra burrata', price: 300 }],
        },
      ],
    });
    expect(placed.status).toBe(201);
    const warnings = [
      {
        rule: 'ITEM_SNOOZED',
        until: new Date(until).toISOString(),
        item: 1,
        option: 0,
        kind: 'MODIFIER',
        posReference: 'extra-burrata',
      },
    ];
    expect(placed.body.data.availabilityWarnings).toEqual(warnings);
    const [created] = await partner.waitForRequests(1, { path: s.paths.pos });
    expect(verified(s.pos, created)).toMatchObject({
      eventType: 'ORDER_CREATED',
      newState: { id: placed.body.data.id, availabilityWarnings: warnings },
    });
    const gql = await api.graphql(
      `query($a: ID!, $l: ID!, $id: ID!) { order(accountId: $a, locationId: $l, id: $id) { availabilityWarnings { rule item option kind posReference until } } }`,
      { a: s.location.accountId, l: s.location.locationId, id: placed.body.data.id },
    );
    expect(gql.body.data?.order.availabilityWarnings).toEqual(warnings);

    // An order in time carries no warning at all.
    const fine = await m1.post(`${s.location.path}/orders`, {
      externalId: `fine-${s.location.locationId}`,
      fulfillmentType: 'PICKUP',
      items: [{ posReference: 'margherita', name: 'Margherita', quantity: 1, price: 1150 }],
    });
    expect(fine.body.data).not.toHaveProperty('availabilityWarnings');
  });
});

describe('busy mode', () => {
  it('adds minutes until a time, goes to the marketplaces with the store status, and ends by itself', async () => {
    const s = await setup();
    const until = inHubTime(1_000);
    const res = await api.put(`${s.location.path}/busy-mode`, { extraMinutes: 15, until });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ storeStatus: 'ONLINE', busyMode: { extraMinutes: 15, until } });
    const [busy, calm] = await partner.waitForRequests(2, { path: s.paths.m2Store });
    expect(verified(s.m2, busy)).toMatchObject({
      eventType: 'STORE_STATUS_CHANGED',
      busyMode: { extraMinutes: 15, until },
    });
    expect(verified(s.m2, calm)).toMatchObject({ eventType: 'STORE_STATUS_CHANGED', busyMode: null });
    expect((await api.get(`${s.location.path}/store-status`)).body.data.busyMode).toBeNull();

    const past = await api.put(`${s.location.path}/busy-mode`, { extraMinutes: 10, until: inHubTime(-1000) });
    expect(past.body.errors).toEqual([{ path: '/until', message: 'must be in the future' }]);
    const none = await api.put(`${s.location.path}/busy-mode`, { extraMinutes: 0, until: inHubTime(60_000) });
    expect(none.body.errors.map((e: { path: string }) => e.path)).toEqual(['/extraMinutes']);
  });
});

describe('the activity log', () => {
  it('records each change, by whom, and what ends by itself as the hub', async () => {
    const s = await setup();
    const pos = await t.applicationClient(s.pos);
    await api.put(`${s.location.path}/opening-hours`, { openingHours: everyDay('12:00', '22:00') });
    await api.put(`${s.location.path}/busy-mode`, { extraMinutes: 20, until: inHubTime(600_000) });
    await api.delete(`${s.location.path}/busy-mode`);
    await pos.put(`${s.location.path}/catalog/snoozes`, {
      items: [{ posReference: 'burrata', kind: 'PRODUCT', until: inHubTime(1_000) }],
    });
    // The automatic end has told the marketplace by now, and is in the log in the same transaction.
    await partner.waitForRequests(3, { path: s.paths.m2 });
    const entries = (await api.get(`/v1/activity?locationId=${s.location.locationId}&limit=50`)).body.data.filter(
      (e: { action: string }) => /^(openingHours|busyMode|catalog\.(un)?snoozed)/.test(e.action),
    );
    expect(entries.map((e: { action: string; actor: { type: string } }) => [e.action, e.actor.type]).reverse()).toEqual(
      [
        ['openingHours.replaced', 'USER'],
        ['busyMode.set', 'USER'],
        ['busyMode.ended', 'USER'],
        ['catalog.snoozed', 'APPLICATION'],
        ['catalog.unsnoozed', 'SYSTEM'],
      ],
    );
    const hours = entries.find((e: { action: string }) => e.action === 'openingHours.replaced');
    expect(hours.changes.openingHours).toEqual({ from: [], to: everyDay('12:00', '22:00') });
  });
});

describe('over GraphQL', () => {
  it('reads and writes the same document, and gives the snooze presets by the location’s hours', async () => {
    const s = await setup();
    const ids = { a: s.location.accountId, l: s.location.locationId };
    const set = await api.graphql(
      `mutation($a: ID!, $l: ID!, $input: OpeningHoursInput!) { setOpeningHours(accountId: $a, locationId: $l, input: $input) { openingHours { dayOfWeek start end } holidays { from to reason } } }`,
      { ...ids, input: { openingHours: everyDay('12:00', '22:00'), holidays: [] } },
    );
    expect(set.body.data?.setOpeningHours.openingHours).toEqual(everyDay('12:00', '22:00'));
    const bad = await api.graphql(
      `mutation($a: ID!, $l: ID!, $input: OpeningHoursInput!) { setOpeningHours(accountId: $a, locationId: $l, input: $input) { openingHours { dayOfWeek } } }`,
      { ...ids, input: { openingHours: [{ dayOfWeek: 8, start: '12:00', end: '11:00' }] } },
    );
    expect(bad.body.errors?.[0].extensions).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: '/openingHours/0/dayOfWeek', message: expect.any(String) }],
    });
    const choices = await api.graphql(
      `query($a: ID!, $l: ID!) { snoozeChoices(accountId: $a, locationId: $l) { oneHour untilClosing untilTomorrow } storeStatus(accountId: $a, locationId: $l) { availability { state until } } }`,
      ids,
    );
    expect(choices.body.data?.snoozeChoices).toMatchObject({
      untilClosing: '2027-03-27T21:00:00.000Z',
      untilTomorrow: '2027-03-28T10:00:00.000Z',
    });
    expect(choices.body.data?.storeStatus.availability).toEqual({ state: 'OPEN', until: '2027-03-27T21:00:00.000Z' });
  });
});
