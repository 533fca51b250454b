import { isUuid } from '../../src/common/ids.js';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';

// The tax rate rules of docs/contract.md "Records" (TaxRate, taxRates on a location create and PATCH), through HTTP
// against a running hub and a real database.

let t: TestHub;
let accountId: string;

beforeAll(async () => {
  t = await startTestHub();
  accountId = (await t.admin.post('/v1/accounts', { name: 'Tax Test Account' })).body.data.id;
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

const vat = { posReference: 'vat-21', name: 'VAT 21%', type: 'PERCENTAGE', rate: 210000 };
const bag = { posReference: 'bag-fee', name: 'Bag fee', type: 'FIXED', rate: 25, inclusive: true, isDefault: true };

async function createLocation(body: object) {
  return t.admin.post(`/v1/accounts/${accountId}/locations`, body);
}

describe('creating a location', () => {
  it('stores the rates, keeps a supplied posReference and returns a generated one', async () => {
    const res = await createLocation({
      name: 'Centraal',
      taxRates: [vat, { name: 'Low', type: 'PERCENTAGE', rate: 90000 }],
    });
    expect(res.status).toBe(201);
    const { data } = res.body;
    expect(data).toMatchObject({ accountId, name: 'Centraal', currency: 'EUR', timezone: 'UTC' });
    expect(data.taxRates[0]).toEqual({ ...vat, inclusive: false, isDefault: false });
    expect(isUuid(data.taxRates[1].posReference)).toBe(true);
    const read = await t.admin.get(`/v1/accounts/${accountId}/locations/${data.id}`);
    expect(read.body.data.taxRates).toEqual(data.taxRates);
  });

  it('carries inclusive and isDefault as given', async () => {
    const { body } = await createLocation({ name: 'Flags', taxRates: [bag] });
    expect(body.data.taxRates).toEqual([bag]);
  });

  it('accepts rate 0 and rate 1000000', async () => {
    const res = await createLocation({
      name: 'Edges',
      taxRates: [
        { posReference: 'zero', name: 'Zero', type: 'PERCENTAGE', rate: 0 },
        { posReference: 'full', name: 'Full', type: 'PERCENTAGE', rate: 1000000 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.data.taxRates.map((r: { rate: number }) => r.rate)).toEqual([0, 1000000]);
  });

  it('creates a location without tax rates', async () => {
    const res = await createLocation({ name: 'Bare', currency: 'USD', timezone: 'America/New_York' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ taxRates: [], currency: 'USD', timezone: 'America/New_York' });
  });

  const base = { name: 'VAT', type: 'PERCENTAGE', rate: 10 };
  const { name: _n, ...noName } = base;
  const { type: _t, ...noType } = base;
  it.each([
    ['rate -1', { ...base, rate: -1 }, '/taxRates/0/rate'],
    ['rate 1000001', { ...base, rate: 1000001 }, '/taxRates/0/rate'],
    ['rate 1.5', { ...base, rate: 1.5 }, '/taxRates/0/rate'],
    ['rate "10"', { ...base, rate: '10' }, '/taxRates/0/rate'],
    ['name ""', { ...base, name: '' }, '/taxRates/0/name'],
    ['missing name', noName, '/taxRates/0/name'],
    ['type "PERCENT"', { ...base, type: 'PERCENT' }, '/taxRates/0/type'],
    ['missing type', noType, '/taxRates/0/type'],
    ['an unknown field', { ...base, percent: 10 }, '/taxRates/0/percent'],
  ])('refuses %s with 400 problem+json naming the field, and stores nothing', async (_label, rate, path) => {
    const before = (await t.admin.get(`/v1/accounts/${accountId}/locations?limit=200`)).body.data.length;
    const res = await createLocation({ name: 'Bad', taxRates: [vat, rate] });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(res.body.errors.map((e: { path: string }) => e.path.replace(/^\/taxRates\/1/, '/taxRates/0'))).toContain(
      path,
    );
    expect(res.body.detail).toContain(path.split('/').pop());
    const after = (await t.admin.get(`/v1/accounts/${accountId}/locations?limit=200`)).body.data.length;
    expect(after).toBe(before);
  });

  it('refuses two rates with the same posReference', async () => {
    const res = await createLocation({ name: 'Dup', taxRates: [vat, { ...vat, name: 'again' }] });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('/taxRates/1/posReference');
  });

  it('is 404 under an account that does not exist', async () => {
    const res = await t.admin.post('/v1/accounts/01a20000-0000-7000-8000-000000000000/locations', { name: 'x' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});

describe('patching a location', () => {
  let locationId: string;
  const path = () => `/v1/accounts/${accountId}/locations/${locationId}`;

  beforeEach(async () => {
    locationId = (await createLocation({ name: 'Patchable', taxRates: [vat, bag] })).body.data.id;
  });

  it('leaves the rates unchanged when taxRates is omitted', async () => {
    const res = await t.admin.patch(path(), { name: 'Renamed' });
    expect(res.status).toBe(200);
    expect(res.body.data.name).toBe('Renamed');
    expect(res.body.data.taxRates).toEqual([{ ...vat, inclusive: false, isDefault: false }, bag]);
  });

  it('replaces the rates entirely with an array: a rate left out is removed', async () => {
    const low = {
      posReference: 'low',
      name: 'Low',
      type: 'PERCENTAGE',
      rate: 90000,
      inclusive: false,
      isDefault: false,
    };
    const res = await t.admin.patch(path(), { taxRates: [low, { ...vat, rate: 190000 }] });
    expect(res.body.data.taxRates).toEqual([low, { ...vat, rate: 190000, inclusive: false, isDefault: false }]);
    expect((await t.admin.get(path())).body.data.taxRates).toEqual(res.body.data.taxRates);
  });

  it('clears every rate with an empty array', async () => {
    const res = await t.admin.patch(path(), { taxRates: [] });
    expect(res.body.data.taxRates).toEqual([]);
    expect((await t.admin.get(path())).body.data.taxRates).toEqual([]);
  });

  it('applies two concurrent PATCHes of the rates one after the other, never a mix', async () => {
    const low = {
      posReference: 'low',
      name: 'Low',
      type: 'PERCENTAGE',
      rate: 90000,
      inclusive: false,
      isDefault: false,
    };
    const [a, b] = await Promise.all([
      t.admin.patch(path(), { taxRates: [vat, low] }),
      t.admin.patch(path(), { taxRates: [low, bag] }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rates = (await t.admin.get(path())).body.data.taxRates.map((r: { posReference: string }) => r.posReference);
    expect([
      ['vat-21', 'low'],
      ['low', 'bag-fee'],
    ]).toContainEqual(rates);
  });

  it('gives a rate resent without posReference a new UUID each time', async () => {
    const anonymous = { name: 'Service', type: 'FIXED', rate: 100 };
    const first = (await t.admin.patch(path(), { taxRates: [anonymous] })).body.data.taxRates[0].posReference;
    const second = (await t.admin.patch(path(), { taxRates: [anonymous] })).body.data.taxRates[0].posReference;
    expect(isUuid(first) && isUuid(second)).toBe(true);
    expect(second).not.toBe(first);
  });

  it('keeps a supplied posReference across rewrites', async () => {
    await t.admin.patch(path(), { taxRates: [vat] });
    const res = await t.admin.patch(path(), { taxRates: [{ ...vat, name: 'VAT renamed' }] });
    expect(res.body.data.taxRates).toEqual([{ ...vat, name: 'VAT renamed', inclusive: false, isDefault: false }]);
  });

  it('changes nothing when one rate of the new set is invalid', async () => {
    const res = await t.admin.patch(path(), {
      name: 'Never',
      taxRates: [
        { ...vat, rate: 5 },
        { name: 'x', type: 'FIXED', rate: -3 },
      ],
    });
    expect(res.status).toBe(400);
    const read = await t.admin.get(path());
    expect(read.body.data.name).toBe('Patchable');
    expect(read.body.data.taxRates).toEqual([{ ...vat, inclusive: false, isDefault: false }, bag]);
  });

  it('refuses an invalid currency and time zone', async () => {
    const res = await t.admin.patch(path(), { timezone: 'Mars/Olympus' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('/timezone');
    expect((await t.admin.patch(path(), { currency: 'euro' })).status).toBe(400);
  });

  it('is 404 for a location under another account', async () => {
    const other = (await t.admin.post('/v1/accounts', { name: 'Other' })).body.data.id;
    expect((await t.admin.get(`/v1/accounts/${other}/locations/${locationId}`)).status).toBe(404);
    expect((await t.admin.patch(`/v1/accounts/${other}/locations/${locationId}`, { name: 'x' })).status).toBe(404);
  });
});

describe('renaming an account', () => {
  it('is for admins and the reseller that created it; a merchant of it gets 403, anyone else 404', async () => {
    const created = (await t.admin.post('/v1/accounts', { name: 'Trattoria Grup' })).body.data;
    const renamed = await t.admin.patch(`/v1/accounts/${created.id}`, { name: 'Trattoria Group' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: created.id, name: 'Trattoria Group' });
    expect(Date.parse(renamed.body.data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    expect((await t.admin.get(`/v1/accounts/${created.id}`)).body.data.name).toBe('Trattoria Group');

    expect((await t.admin.patch(`/v1/accounts/${created.id}`, { name: '' })).status).toBe(400);
    expect((await t.admin.patch(`/v1/accounts/${created.id}`, { name: 'x'.repeat(256) })).status).toBe(400);
    expect((await t.admin.patch(`/v1/accounts/${created.id}`, {})).status).toBe(400);

    const reseller = await t.userClient(await t.createUser('reseller'));
    const own = (await reseller.post('/v1/accounts', { name: 'Reseller Own' })).body.data;
    expect((await reseller.patch(`/v1/accounts/${own.id}`, { name: 'Reseller Own, renamed' })).body.data.name).toBe(
      'Reseller Own, renamed',
    );
    expect((await reseller.patch(`/v1/accounts/${created.id}`, { name: 'Taken over' })).status).toBe(404);
    const merchant = await t.userClient(await t.createUser('merchant', [created.id]));
    const byMerchant = await merchant.patch(`/v1/accounts/${created.id}`, { name: 'Taken over' });
    expect(byMerchant.status).toBe(403);
    expect((await t.admin.get(`/v1/accounts/${created.id}`)).body.data.name).toBe('Trattoria Group');
  });

  it('works the same through GraphQL, blank names refused', async () => {
    const created = (await t.admin.post('/v1/accounts', { name: 'Osteria' })).body.data;
    const rename = (name: string) =>
      t.admin.post('/graphql', {
        query: 'mutation($id: ID!, $name: String!) { updateAccount(id: $id, input: { name: $name }) { name } }',
        variables: { id: created.id, name },
      });
    expect((await rename('Osteria Nuova')).body.data.updateAccount.name).toBe('Osteria Nuova');
    expect((await rename('   ')).body.errors[0].extensions.code).toBe('validation_failed');
    expect((await rename('x'.repeat(256))).body.errors[0].extensions.code).toBe('validation_failed');
  });
});

describe('lists', () => {
  it('pages accounts in creation order with a nextPageKey', async () => {
    for (const name of ['P1', 'P2', 'P3']) await t.admin.post('/v1/accounts', { name });
    const seen: string[] = [];
    let key: string | null = null;
    do {
      const query: string = key ? `?limit=2&nextPageKey=${encodeURIComponent(key)}` : '?limit=2';
      const page: { body: { data: { name: string }[]; hasNextPage: boolean; nextPageKey: string | null } } =
        await t.admin.get(`/v1/accounts${query}`);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((a) => a.name));
      key = page.body.nextPageKey;
      expect(page.body.hasNextPage).toBe(key !== null);
    } while (key);
    expect(seen.slice(-3)).toEqual(['P1', 'P2', 'P3']);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('finds accounts by part of their name, in any case, paged, with LIKE characters taken as typed', async () => {
    for (const name of ['Harbour Grill', 'Grill & Co', 'The harbour 50% off', 'Harbour_1', 'Harbour21'])
      await t.admin.post('/v1/accounts', { name });
    const names = async (search: string, limit = 50) => {
      const res = await t.admin.get(`/v1/accounts?limit=${limit}&search=${encodeURIComponent(search)}`);
      expect(res.status).toBe(200);
      return res.body.data.map((a: { name: string }) => a.name);
    };
    expect(await names('HARBOUR')).toEqual(['Harbour Grill', 'The harbour 50% off', 'Harbour_1', 'Harbour21']);
    expect(await names('grill')).toEqual(['Harbour Grill', 'Grill & Co']);
    expect(await names('50%')).toEqual(['The harbour 50% off']);
    expect(await names('Harbour_')).toEqual(['Harbour_1']);
    expect(await names('no such account')).toEqual([]);

    const first = await t.admin.get('/v1/accounts?limit=2&search=harbour');
    expect(first.body.data.map((a: { name: string }) => a.name)).toEqual(['Harbour Grill', 'The harbour 50% off']);
    const rest = await t.admin.get(
      `/v1/accounts?limit=2&search=harbour&nextPageKey=${encodeURIComponent(first.body.nextPageKey)}`,
    );
    expect(rest.body.data.map((a: { name: string }) => a.name)).toEqual(['Harbour_1', 'Harbour21']);
    expect(rest.body.hasNextPage).toBe(false);

    expect((await t.admin.get('/v1/accounts?search=')).status).toBe(400);
    expect((await t.admin.get(`/v1/accounts?search=${'x'.repeat(256)}`)).status).toBe(400);
  });

  it("searches accounts through GraphQL the same way, within the caller's reach", async () => {
    const reseller = await t.userClient(await t.createUser('reseller'));
    expect((await reseller.post('/v1/accounts', { name: 'Reseller Harbour Bistro' })).status).toBe(201);
    await t.admin.post('/v1/accounts', { name: 'Admin Harbour Bistro' });
    const search = async (client: typeof t.admin, text: string) => {
      const res = await client.post('/graphql', {
        query: 'query($s: String) { accounts(search: $s) { data { name } } }',
        variables: { s: text },
      });
      expect(res.status).toBe(200);
      return res.body;
    };
    expect((await search(reseller, 'harbour bistro')).data.accounts.data).toEqual([
      { name: 'Reseller Harbour Bistro' },
    ]);
    expect((await search(t.admin, 'harbour bistro')).data.accounts.data).toEqual([
      { name: 'Reseller Harbour Bistro' },
      { name: 'Admin Harbour Bistro' },
    ]);
    const tooLong = await search(t.admin, 'x'.repeat(256));
    expect(tooLong.errors[0].extensions.code).toBe('validation_failed');
    // An empty search is refused as REST refuses it, not taken for "everything".
    const empty = await search(t.admin, '');
    expect(empty.errors[0]).toMatchObject({
      extensions: { code: 'validation_failed' },
      message: expect.stringContaining('must not be empty'),
    });
  });

  it('refuses a limit outside 1..200', async () => {
    expect((await t.admin.get('/v1/accounts?limit=0')).status).toBe(400);
    expect((await t.admin.get('/v1/accounts?limit=201')).status).toBe(400);
  });
});
