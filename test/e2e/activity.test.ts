import { deleteActivityBefore } from '../../src/modules/activity/index.js';
import { query } from '../support/database.js';
import { FakePartner } from '../support/fake-partner.js';
import type { HttpClient } from '../support/http.js';
import {
  startTestHub,
  TEST_ADMIN,
  type TestApplication,
  type TestHub,
  type TestLocation,
} from '../support/test-hub.js';

// The activity log: every change by an operator or a partner is recorded with the change (who, when, from
// where, what), read per account and location by those who may, over REST and GraphQL, never with a secret,
// and deleted by age.

let t: TestHub;
let partner: FakePartner;
let pos: TestApplication;
let market: TestApplication;
let loc: TestLocation;

beforeAll(async () => {
  partner = await FakePartner.start();
  partner.always('/pos', { status: 200 });
  partner.always('/market', { status: 200 });
  t = await startTestHub();
  pos = await t.createApplication('POS', { webhookUrl: partner.urlFor('/pos') });
  market = await t.createApplication('MARKETPLACE', {
    webhookUrl: partner.urlFor('/market'),
    storeStatusUrl: partner.urlFor('/market'),
    menuPublicationUrl: partner.urlFor('/market'),
  });
  loc = await t.createLocation(undefined, 'Activity bistro');
}, 120_000);
afterAll(async () => {
  await t?.stop();
  await partner?.close();
});

async function activity(client: HttpClient, params: Record<string, string> = {}): Promise<any[]> {
  const res = await client.get(`/v1/activity?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('the activity log', () => {
  it('records a run through the flow, who made each change, from where, and what changed', async () => {
    const connection = await t.connect(pos, loc, { apiKey: 'pos-credential-0123456789' });
    await t.connect(market, loc);
    const marketClient = await t.applicationClient(market);
    expect(
      (
        await t.admin.patch(loc.path, {
          taxRates: [{ posReference: 'vat', name: 'VAT', type: 'PERCENTAGE', rate: 90000 }],
        })
      ).status,
    ).toBe(200);
    const imported = await t.admin.put(`${loc.path}/catalog/import`, {
      categories: [],
      modifiers: [],
      modifierGroups: [],
      products: [{ posReference: 'soup', name: 'Soup', price: 650, taxRateIds: ['vat'] }],
    });
    expect(imported.status).toBe(200);
    const menu = (await t.admin.post(`${loc.path}/menus`, { name: 'Dinner' })).body.data;
    const marketConnection = (await t.admin.get(`${loc.path}/connections`)).body.data.find(
      (c: any) => c.applicationId === market.id,
    );
    expect(
      (await t.admin.post(`${loc.path}/menus/${menu.id}/publications`, { connectionId: marketConnection.id })).status,
    ).toBe(201);
    expect((await t.admin.put(`${loc.path}/store-status`, { storeStatus: 'OFFLINE' })).status).toBe(200);
    const order = (
      await marketClient.post(`${loc.path}/orders`, {
        externalId: 'act-1',
        fulfillmentType: 'PICKUP',
        items: [{ name: 'Soup', quantity: 1, price: 650 }],
      })
    ).body.data;
    const accepted = await t.admin.request(
      'PATCH',
      `${loc.path}/orders/${order.id}`,
      { status: 'ACCEPTED' },
      {
        headers: { 'x-request-id': 'activity-accept-1' },
      },
    );
    expect(accepted.status).toBe(200);
    expect(
      (await marketClient.patch(`${loc.path}/orders/${order.id}`, { status: 'CANCELLED', cancellationReason: 'OTHER' }))
        .status,
    ).toBe(200);

    const entries = await activity(t.admin, { accountId: loc.accountId });
    expect(entries.map((e) => e.action).reverse()).toEqual([
      'account.created',
      'location.created',
      'connection.created',
      'connection.created',
      'location.updated',
      'catalog.imported',
      'menu.created',
      'menu.published',
      'storeStatus.changed',
      'order.statusChanged',
      'order.statusChanged',
    ]);
    const byAction = (action: string) => entries.filter((e) => e.action === action);
    const [cancelled, acceptedEntry] = byAction('order.statusChanged');
    expect(acceptedEntry).toMatchObject({
      actor: { type: 'USER', name: TEST_ADMIN.email },
      requestId: 'activity-accept-1',
      accountId: loc.accountId,
      locationId: loc.locationId,
      subject: { type: 'order', id: order.id, name: 'act-1' },
      changes: { status: { from: 'NEW', to: 'ACCEPTED' } },
    });
    expect(acceptedEntry.sourceAddress).toMatch(/127\.0\.0\.1/);
    expect(cancelled).toMatchObject({
      actor: { type: 'APPLICATION', id: market.id, name: market.data.name },
      changes: { status: { from: 'ACCEPTED', to: 'CANCELLED' }, reason: 'OTHER' },
    });
    expect(byAction('location.updated')[0].changes.taxRates.to).toEqual([
      expect.objectContaining({ posReference: 'vat', rate: 90000 }),
    ]);
    expect(byAction('connection.created')[1]).toMatchObject({
      subject: { type: 'connection', id: connection, name: pos.data.name },
      changes: { credentials: true },
    });

    // The same entries through GraphQL, filtered to one kind of record.
    const gql = await t.admin.post('/graphql', {
      query: `query($a: ID) { activity(accountId: $a, action: "order") { data { action actor { type name } subject { name } changes } } }`,
      variables: { a: loc.accountId },
    });
    expect(gql.body.data.activity.data.map((e: any) => [e.action, e.actor.type])).toEqual([
      ['order.statusChanged', 'APPLICATION'],
      ['order.statusChanged', 'USER'],
    ]);
  });

  it('records applications, their URLs and rotated secrets, and users, without any secret', async () => {
    const app = await t.createApplication('POS', { webhookUrl: partner.urlFor('/old') });
    expect((await t.admin.patch(`/v1/applications/${app.id}`, { webhookUrl: partner.urlFor('/new') })).status).toBe(
      200,
    );
    const rotated = (await t.admin.post(`/v1/applications/${app.id}/secret`, {})).body.data;
    const user = await t.createUser('merchant', [loc.accountId]);
    expect((await t.admin.post(`/v1/users/${user.id}/deactivate`, {})).status).toBe(200);

    const entries = await activity(t.admin, { actorId: (await adminId()) as string, limit: '10' });
    const forApp = entries.filter((e) => e.subject.id === app.id).map((e) => [e.action, e.changes]);
    expect(forApp).toEqual([
      ['application.secretsRotated', { clientSecret: true, webhookSecret: true }],
      ['application.updated', { webhookUrl: { from: partner.urlFor('/old'), to: partner.urlFor('/new') } }],
      ['application.created', expect.objectContaining({ kind: 'POS', webhookUrl: partner.urlFor('/old') })],
    ]);
    expect(entries.filter((e) => e.subject.id === user.id).map((e) => e.action)).toEqual([
      'user.deactivated',
      'user.created',
    ]);
    const stored = JSON.stringify(await query(t.db.url, 'select * from activity'));
    for (const secret of [
      app.clientSecret,
      app.webhookSecret,
      rotated.clientSecret,
      rotated.webhookSecret,
      user.password,
      'pos-credential-0123456789',
    ])
      expect(stored).not.toContain(secret);
  });

  it('records nothing for a change that did not happen', async () => {
    const before = await query(t.db.url, 'select count(*)::int as n from activity');
    expect((await t.admin.patch(loc.path, { currency: 'EURO' })).status).toBe(400);
    const order = (
      await (
        await t.applicationClient(market)
      ).post(`${loc.path}/orders`, {
        externalId: 'act-2',
        fulfillmentType: 'PICKUP',
        items: [{ name: 'Soup', quantity: 1, price: 650 }],
      })
    ).body.data;
    expect((await t.admin.patch(`${loc.path}/orders/${order.id}`, { status: 'COMPLETED' })).status).toBe(409);
    expect(await query(t.db.url, 'select count(*)::int as n from activity')).toEqual(before);
  });

  it('shows a reseller its accounts and its own changes only; partners read none', async () => {
    const reseller = await t.userClient(await t.createUser('reseller'));
    const own = await t.createLocation(reseller, 'Reseller place');
    const entries = await activity(reseller);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.accountId === own.accountId)).toBe(true);
    expect((await reseller.get(`/v1/activity?accountId=${loc.accountId}`)).status).toBe(404);
    const posClient = await t.applicationClient(pos);
    expect((await posClient.get('/v1/activity')).status).toBe(404);
    expect((await t.admin.get('/v1/activity?from=yesterday')).body.errors?.[0]?.path ?? '').toMatch(/from/);
  });

  it('forgets entries older than the retention', async () => {
    await query(
      t.db.url,
      `update activity set created_at = now() - interval '400 days' where action = 'account.created' and account_id = $1`,
      [loc.accountId],
    );
    expect(await deleteActivityBefore(t.hub.orm, new Date(), 365, 100)).toBe(1);
    const left = await activity(t.admin, { accountId: loc.accountId, limit: '200' });
    expect(left.some((e) => e.action === 'account.created')).toBe(false);
    expect(left.some((e) => e.action === 'location.created')).toBe(true);
  });
});

async function adminId(): Promise<string> {
  const [row] = await query<{ id: string }>(t.db.url, 'select id from users where email = $1', [TEST_ADMIN.email]);
  return row.id;
}
