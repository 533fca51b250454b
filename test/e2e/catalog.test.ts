import { query } from '../support/database.js';
import type { HttpClient } from '../support/http.js';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestApplication, type TestHub } from '../support/test-hub.js';

// docs/contract.md "Behaviours", "Shapes existing clients send" and "Literal rules" for the catalog, through HTTP
// against a running hub, as a POS application with its own client_credentials token, connected to each location it
// works on.

let t: TestHub;
let app: TestApplication;
let pos: HttpClient;
let accountId: string;

beforeAll(async () => {
  t = await startTestHub();
  app = await t.createApplication('POS');
  pos = await t.applicationClient(app);
  accountId = (await t.admin.post('/v1/accounts', { name: 'Catalog Account' })).body.data.id;
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

/** A location of the account, created by the admin, with the POS application connected to it. */
async function newLocation(name = 'Kitchen'): Promise<string> {
  const locationId = (await t.admin.post(`/v1/accounts/${accountId}/locations`, { name })).body.data.id;
  await t.connect(app, { accountId, locationId, path: `/v1/accounts/${accountId}/locations/${locationId}` });
  return locationId;
}

const vat = { posReference: 'vat-9', name: 'VAT 9%', type: 'PERCENTAGE', rate: 90000 };
const vatHigh = { posReference: 'vat-21', name: 'VAT 21%', type: 'PERCENTAGE', rate: 210000 };

type Item = Record<string, any>;

function catalog(overrides: Record<string, unknown> = {}): {
  location?: unknown;
  categories: Item[];
  modifiers: Item[];
  modifierGroups: Item[];
  products: Item[];
} {
  return {
    location: { taxRates: [vat, vatHigh] },
    categories: [
      { posReference: 'cat-burgers', name: 'Burgers' },
      { posReference: 'cat-drinks', name: 'Drinks' },
    ],
    modifiers: [
      { posReference: 'mod-cheese', name: 'Cheese', price: 50, taxRateIds: ['vat-9'] },
      { posReference: 'mod-bacon', name: 'Bacon', price: 100 },
    ],
    modifierGroups: [
      {
        posReference: 'grp-extras',
        name: 'Extras',
        maxPermitted: 0,
        modifiers: ['mod-cheese', { posReference: 'mod-bacon', price: 90 }],
      },
    ],
    products: [
      {
        posReference: 'burger',
        name: 'Burger',
        price: 850,
        categories: ['cat-burgers'],
        taxRateIds: ['vat-9'],
        modifierGroups: ['grp-extras'],
      },
      {
        posReference: 'cola',
        name: 'Cola',
        price: 250,
        categories: ['cat-drinks'],
        taxRateIds: ['vat-21', 'no-such-rate'],
      },
      { posReference: 'water', name: 'Water', price: 200, categories: ['cat-drinks'], taxRateIds: ['vat-9'] },
    ],
    ...overrides,
  };
}

const base = (locationId: string) => `/v1/accounts/${accountId}/locations/${locationId}`;

async function lookup(locationId: string, posReference: string) {
  const res = await pos.get(`${base(locationId)}/catalog/products?posReference=${encodeURIComponent(posReference)}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('catalog import', () => {
  it('imports rates and the products that reference them in one request', async () => {
    const locationId = await newLocation();
    const res = await pos.put(`${base(locationId)}/catalog/import`, catalog());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ categories: 2, products: 3, modifiers: 2, modifierGroups: 1, taxRates: 2 });
    expect(res.body.data.changes.products).toEqual({ created: 3, updated: 0, deleted: 0, unchanged: 0 });
    const location = await t.admin.get(base(locationId));
    expect(location.body.data.taxRates.map((r: { posReference: string }) => r.posReference)).toEqual([
      'vat-9',
      'vat-21',
    ]);
    const whole = (await pos.get(`${base(locationId)}/catalog`)).body.data;
    expect(whole.location.taxRates).toEqual(location.body.data.taxRates);
    expect(whole.products.map((p: { posReference: string }) => p.posReference)).toEqual(['burger', 'cola', 'water']);
    // A taxRateIds value that matches no rate is kept and relayed, never an error.
    expect(whole.products[1].taxRateIds).toEqual(['vat-21', 'no-such-rate']);
    expect(whole.modifierGroups[0]).toMatchObject({
      posReference: 'grp-extras',
      minPermitted: 0,
      maxPermitted: 0,
      modifiers: ['mod-cheese', { posReference: 'mod-bacon', price: 90 }],
    });
    expect(whole.modifiers[1].taxRateIds).toEqual([]);
  });

  it('looks a product up by posReference in the list shape; clients read data[0].id', async () => {
    const locationId = await newLocation();
    await pos.put(`${base(locationId)}/catalog/import`, catalog());
    const found = await lookup(locationId, 'cola');
    expect(found).toMatchObject({ hasNextPage: false, nextPageKey: null });
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({ posReference: 'cola', name: 'Cola', price: 250, show_online: true });
    // The whole-catalog read (straight from SQL) and the record reads (through the ORM) give one shape.
    const whole = (await pos.get(`${base(locationId)}/catalog`)).body.data;
    expect(whole.products[1]).toEqual(found.data[0]);
    const read = await pos.get(`${base(locationId)}/catalog/products/${found.data[0].id}`);
    expect(read.body.data.id).toBe(found.data[0].id);
    expect((await lookup(locationId, 'nothing')).data).toEqual([]);
  });

  it('keeps the ids of records it keeps and deletes the product a re-import leaves out', async () => {
    const locationId = await newLocation();
    await pos.put(`${base(locationId)}/catalog/import`, catalog());
    const burgerId = (await lookup(locationId, 'burger')).data[0].id;
    const waterId = (await lookup(locationId, 'water')).data[0].id;
    const colaId = (await lookup(locationId, 'cola')).data[0].id;
    const next = catalog();
    next.products = next.products.filter((p) => p.posReference !== 'cola');
    const res = await pos.put(`${base(locationId)}/catalog/import`, next);
    expect(res.status).toBe(200);
    // water moves up one position; burger is untouched.
    expect(res.body.data.changes.products).toEqual({ created: 0, updated: 1, deleted: 1, unchanged: 1 });
    expect(res.body.data.menuRelevant.deletedProducts).toBe(1);
    expect((await lookup(locationId, 'cola')).data).toEqual([]);
    expect((await pos.get(`${base(locationId)}/catalog/products/${colaId}`)).status).toBe(404);
    expect((await lookup(locationId, 'burger')).data[0].id).toBe(burgerId);
    expect((await lookup(locationId, 'water')).data[0].id).toBe(waterId);
  });

  it('reports every change a menu shows of kept products (price, name, cleared taxRateIds), and clears taxRateIds left out', async () => {
    const locationId = await newLocation();
    await pos.put(`${base(locationId)}/catalog/import`, catalog());
    const next = catalog();
    next.products = [
      { ...next.products[0], price: 900 },
      { ...next.products[1], name: 'Cola Zero' },
      { posReference: 'water', name: 'Water', price: 200, categories: ['cat-drinks'] },
    ];
    const res = await pos.put(`${base(locationId)}/catalog/import`, next);
    expect(res.body.data.changes.products).toEqual({ created: 0, updated: 3, deleted: 0, unchanged: 0 });
    expect(res.body.data.menuRelevant).toMatchObject({ changedProducts: 3, deletedProducts: 0 });
    expect((await lookup(locationId, 'water')).data[0].taxRateIds).toEqual([]);
  });

  it('leaves the rates alone when location.taxRates is omitted and clears them with []', async () => {
    const locationId = await newLocation();
    await pos.put(`${base(locationId)}/catalog/import`, catalog());
    const { location: _omit, ...withoutLocation } = catalog();
    expect((await pos.put(`${base(locationId)}/catalog/import`, withoutLocation)).body.data.taxRates).toBe(2);
    expect((await t.admin.get(base(locationId))).body.data.taxRates).toHaveLength(2);
    expect(
      (await pos.put(`${base(locationId)}/catalog/import`, catalog({ location: { taxRates: [] } }))).body.data.taxRates,
    ).toBe(0);
    expect((await t.admin.get(base(locationId))).body.data.taxRates).toEqual([]);
    // The products keep their references, which now resolve to nothing.
    expect((await lookup(locationId, 'burger')).data[0].taxRateIds).toEqual(['vat-9']);
  });

  it.each([
    [
      'an unknown category',
      (c: ReturnType<typeof catalog>) => {
        c.products[2] = { ...c.products[2], categories: ['cat-drinks', 'cat-nope'] };
      },
      '/products/2/categories/1',
    ],
    [
      'an unknown modifier group',
      (c: ReturnType<typeof catalog>) => {
        c.products[0] = { ...c.products[0], modifierGroups: ['grp-nope'] };
      },
      '/products/0/modifierGroups/0',
    ],
    [
      'an unknown modifier',
      (c: ReturnType<typeof catalog>) => {
        c.modifierGroups[0] = { ...c.modifierGroups[0], modifiers: ['mod-cheese', 'mod-nope'] };
      },
      '/modifierGroups/0/modifiers/1',
    ],
    [
      'a duplicate posReference',
      (c: ReturnType<typeof catalog>) => {
        c.products.push({ ...c.products[0] });
      },
      '/products/3/posReference',
    ],
  ])('refuses %s with 400 naming the path, and changes nothing', async (_label, spoil, path) => {
    const locationId = await newLocation();
    await pos.put(`${base(locationId)}/catalog/import`, catalog());
    const before = (await pos.get(`${base(locationId)}/catalog`)).body.data;
    // Otherwise valid changes to rates, prices and categories that must not be applied either.
    const bad = catalog({
      location: { taxRates: [vat] },
      categories: [
        { posReference: 'cat-burgers', name: 'Renamed' },
        { posReference: 'cat-drinks', name: 'Drinks' },
      ],
    });
    bad.products[0] = { ...bad.products[0], price: 999 };
    bad.modifiers.pop();
    bad.modifierGroups[0].modifiers = ['mod-cheese'];
    spoil(bad);
    const res = await pos.put(`${base(locationId)}/catalog/import`, bad);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(res.body.detail).toContain(path);
    expect((await pos.get(`${base(locationId)}/catalog`)).body.data).toEqual(before);
  });

  it('takes back the catalog it gives out (GET catalog, then PUT it again) as an unchanged import', async () => {
    const locationId = await newLocation();
    const c = catalog();
    c.products[0] = { ...c.products[0], description: 'Grilled', nutritionalInfo: { kcal: 650 } };
    await pos.put(`${base(locationId)}/catalog/import`, c);
    const exported = (await pos.get(`${base(locationId)}/catalog`)).body.data;
    const res = await pos.put(`${base(locationId)}/catalog/import`, exported);
    expect(res.status).toBe(200);
    for (const kind of ['categories', 'products', 'modifiers', 'modifierGroups']) {
      expect(res.body.data.changes[kind]).toMatchObject({ created: 0, updated: 0, deleted: 0 });
    }
    expect((await pos.get(`${base(locationId)}/catalog`)).body.data).toEqual(exported);
  });

  it('applies two concurrent imports of one location one after the other, never a mix', async () => {
    const locationId = await newLocation();
    const only = (prefix: string) =>
      catalog({
        products: ['1', '2', '3'].map((n) => ({ posReference: `${prefix}-${n}`, name: `${prefix} ${n}`, price: 100 })),
      });
    const [a, b] = await Promise.all([
      pos.put(`${base(locationId)}/catalog/import`, only('a')),
      pos.put(`${base(locationId)}/catalog/import`, only('b')),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const products = (await pos.get(`${base(locationId)}/catalog`)).body.data.products.map(
      (p: { posReference: string }) => p.posReference,
    );
    expect([
      ['a-1', 'a-2', 'a-3'],
      ['b-1', 'b-2', 'b-3'],
    ]).toContainEqual(products);
  });

  it('accepts the compatibility fields and returns them unchanged', async () => {
    const locationId = await newLocation();
    const compat = {
      inStorePrice: 800,
      type: 'ITEM',
      posVersion: '7.1',
      originalImageUrl: 'https://img.example/burger.png',
      containsAlcohol: false,
      containsTobacco: false,
      isBikeFriendly: true,
      isTaxIncluded: true,
      taxRate: 9,
      nutritionalInfo: { kcal: 650, allergens: ['gluten'] },
      serviceAvailability: [{ dayOfWeek: 'MONDAY', timePeriods: [{ start: '10:00', end: '22:00' }] }],
      fulfillmentTypes: ['DELIVERY', 'PICKUP'],
      selections: null,
      minPermitted: 0,
      maxPermitted: 2,
      description: 'Grilled',
      parentId: null,
    };
    const c = catalog();
    c.products[0] = { ...c.products[0], ...compat, errorMessage: 'ignored', showOnline: true };
    expect((await pos.put(`${base(locationId)}/catalog/import`, c)).status).toBe(200);
    const product = (await lookup(locationId, 'burger')).data[0];
    expect(product).toMatchObject(compat);
    expect(product).not.toHaveProperty('errorMessage');
    const patched = await pos.patch(`${base(locationId)}/catalog/products/${product.id}`, {
      type: 'COMBO',
      taxRateIds: ['vat-9'],
    });
    expect(patched.body.data).toMatchObject({ ...compat, type: 'COMBO' });
  });

  it('reads showOnline as an alias of show_online and refuses the two when they differ', async () => {
    const locationId = await newLocation();
    const c = catalog();
    c.products[1] = { ...c.products[1], showOnline: false };
    await pos.put(`${base(locationId)}/catalog/import`, c);
    expect((await lookup(locationId, 'cola')).data[0]).toMatchObject({ show_online: false, showOnline: false });
    c.products[1] = { ...c.products[1], show_online: true };
    const res = await pos.put(`${base(locationId)}/catalog/import`, c);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('/products/1/showOnline');
  });

  it('accepts a whole-valued price such as 350.00 and refuses 3.5', async () => {
    const locationId = await newLocation();
    const raw = JSON.stringify(catalog()).replace('"price":850', '"price":350.00');
    expect(raw).toContain('350.00');
    const ok = await pos.put(`${base(locationId)}/catalog/import`, undefined, {
      raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.status).toBe(200);
    expect((await lookup(locationId, 'burger')).data[0].price).toBe(350);
    const c = catalog();
    c.products[0] = { ...c.products[0], price: 3.5 };
    const bad = await pos.put(`${base(locationId)}/catalog/import`, c);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('/products/0/price');
    expect((await lookup(locationId, 'burger')).data[0].price).toBe(350);
  });

  it('takes a body up to 32 MiB and answers 413 above it', async () => {
    const locationId = await newLocation();
    const filler = (bytes: number) => {
      const body = JSON.stringify(catalog());
      // Whitespace is valid JSON: the body's size is exact and the catalog stays small.
      return body.slice(0, -1) + ' '.repeat(bytes - body.length) + '}';
    };
    const limit = 32 * 1024 * 1024;
    const headers = { 'content-type': 'application/json' };
    const under = await pos.put(`${base(locationId)}/catalog/import`, undefined, {
      raw: filler(limit - 1024),
      headers,
    });
    expect(under.status).toBe(200);
    const over = await pos.put(`${base(locationId)}/catalog/import`, undefined, { raw: filler(limit + 1024), headers });
    expect(over.status).toBe(413);
    expect(over.body.code).toBe('payload_too_large');
    // Other endpoints keep the 1 MiB limit.
    const big = await pos.post(`${base(locationId)}/catalog/products`, undefined, {
      raw: `{"name":"x"${' '.repeat(1024 * 1024)}}`,
      headers,
    });
    expect(big.status).toBe(413);
  });
});

describe('products and modifiers', () => {
  let locationId: string;
  beforeAll(async () => {
    locationId = await newLocation();
    await pos.put(`${base(locationId)}/catalog/import`, catalog());
  });

  it('marks a product out of stock by PATCH show_online false with taxRateIds resent, and back', async () => {
    const { id } = (await lookup(locationId, 'burger')).data[0];
    const out = await pos.patch(`${base(locationId)}/catalog/products/${id}`, {
      show_online: false,
      taxRateIds: ['vat-9'],
    });
    expect(out.status).toBe(200);
    expect(out.body.data).toMatchObject({
      id,
      show_online: false,
      taxRateIds: ['vat-9'],
      price: 850,
      name: 'Burger',
      categories: ['cat-burgers'],
    });
    expect((await lookup(locationId, 'burger')).data[0]).toMatchObject({
      id,
      show_online: false,
      taxRateIds: ['vat-9'],
    });
    const back = await pos.patch(`${base(locationId)}/catalog/products/${id}`, {
      show_online: true,
      taxRateIds: ['vat-9'],
    });
    expect(back.body.data).toMatchObject({ id, show_online: true, taxRateIds: ['vat-9'] });
  });

  it('clears taxRateIds on a PATCH that leaves them out', async () => {
    const { id } = (await lookup(locationId, 'water')).data[0];
    const res = await pos.patch(`${base(locationId)}/catalog/products/${id}`, { show_online: false });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ show_online: false, taxRateIds: [] });
    expect((await pos.get(`${base(locationId)}/catalog/products/${id}`)).body.data.taxRateIds).toEqual([]);
  });

  it('creates a product (taxRateIds omitted is []), refuses a second one with its posReference, and deletes it', async () => {
    const created = await pos.post(`${base(locationId)}/catalog/products`, {
      posReference: 'fries',
      name: 'Fries',
      price: 300,
      categories: ['cat-burgers'],
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      posReference: 'fries',
      taxRateIds: [],
      show_online: true,
      modifierGroups: [],
    });
    const again = await pos.post(`${base(locationId)}/catalog/products`, {
      posReference: 'fries',
      name: 'Fries',
      price: 300,
    });
    expect(again.status).toBe(409);
    const unknown = await pos.post(`${base(locationId)}/catalog/products`, {
      posReference: 'pie',
      name: 'Pie',
      price: 300,
      categories: ['cat-nope'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe('/categories/0');
    expect((await pos.delete(`${base(locationId)}/catalog/products/${created.body.data.id}`)).status).toBe(204);
    expect((await lookup(locationId, 'fries')).data).toEqual([]);
  });

  it('creates, patches and deletes a modifier; a deleted modifier leaves its groups', async () => {
    const created = await pos.post(`${base(locationId)}/catalog/modifiers`, {
      posReference: 'mod-onion',
      name: 'Onion',
      price: 20,
      taxRateIds: ['vat-9'],
    });
    expect(created.status).toBe(201);
    const { id } = created.body.data;
    const patched = await pos.patch(`${base(locationId)}/catalog/modifiers/${id}`, { price: 25 });
    expect(patched.body.data).toMatchObject({ price: 25, taxRateIds: [] });
    const listed = await pos.get(`${base(locationId)}/catalog/modifiers?posReference=mod-onion`);
    expect(listed.body.data[0].id).toBe(id);
    // A POS's own reference scheme, looked up as the POS writes it (':' and '/' not percent-encoded).
    const sized = await pos.post(`${base(locationId)}/catalog/modifiers`, {
      posReference: 'sku:42/large',
      name: 'Large',
      price: 100,
    });
    expect(sized.status).toBe(201);
    const bySku = await pos.get(`${base(locationId)}/catalog/modifiers?posReference=sku:42/large`);
    expect(bySku.status).toBe(200);
    expect(bySku.body.data.map((m: any) => m.id)).toEqual([sized.body.data.id]);
    const cheese = (await pos.get(`${base(locationId)}/catalog/modifiers?posReference=mod-cheese`)).body.data[0];
    expect((await pos.delete(`${base(locationId)}/catalog/modifiers/${cheese.id}`)).status).toBe(204);
    const groups = await pos.get(`${base(locationId)}/catalog/modifier-groups`);
    expect(groups.body.data[0].modifiers).toEqual([{ posReference: 'mod-bacon', price: 90 }]);
  });

  it('renames a modifier in the groups that list it, and refuses a posReference another modifier has', async () => {
    const bacon = (await pos.get(`${base(locationId)}/catalog/modifiers?posReference=mod-bacon`)).body.data[0];
    const renamed = await pos.patch(`${base(locationId)}/catalog/modifiers/${bacon.id}`, {
      posReference: 'mod-bacon-2',
      taxRateIds: [],
    });
    expect(renamed.body.data).toMatchObject({ id: bacon.id, posReference: 'mod-bacon-2' });
    const groups = await pos.get(`${base(locationId)}/catalog/modifier-groups`);
    expect(groups.body.data[0].modifiers).toContainEqual({ posReference: 'mod-bacon-2', price: 90 });
    const onion = (await pos.get(`${base(locationId)}/catalog/modifiers?posReference=mod-onion`)).body.data[0];
    const clash = await pos.patch(`${base(locationId)}/catalog/modifiers/${onion.id}`, { posReference: 'mod-bacon-2' });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('conflict');
  });

  it('lists categories, deletes one, and the products that listed it no longer do', async () => {
    const found = await pos.get(`${base(locationId)}/catalog/categories?posReference=cat-drinks`);
    expect(found.body.data).toHaveLength(1);
    expect((await pos.delete(`${base(locationId)}/catalog/categories/${found.body.data[0].id}`)).status).toBe(204);
    expect(
      (await pos.get(`${base(locationId)}/catalog/categories`)).body.data.map(
        (c: { posReference: string }) => c.posReference,
      ),
    ).toEqual(['cat-burgers']);
    expect((await lookup(locationId, 'cola')).data[0].categories).toEqual([]);
  });

  it('pages products in a stable order', async () => {
    const seen: string[] = [];
    let key: string | null = null;
    do {
      const page: { body: { data: { posReference: string }[]; nextPageKey: string | null } } = await pos.get(
        `${base(locationId)}/catalog/products?limit=1${key ? `&nextPageKey=${encodeURIComponent(key)}` : ''}`,
      );
      seen.push(...page.body.data.map((p) => p.posReference));
      key = page.body.nextPageKey;
    } while (key);
    expect(seen).toEqual(['burger', 'cola', 'water']);
  });

  it('is 404 for a product of another location and for a malformed id', async () => {
    const other = await newLocation('Other');
    const { id } = (await lookup(locationId, 'burger')).data[0];
    expect((await pos.get(`${base(other)}/catalog/products/${id}`)).status).toBe(404);
    expect((await pos.patch(`${base(other)}/catalog/products/${id}`, { price: 1 })).status).toBe(404);
    expect((await pos.get(`${base(locationId)}/catalog/products/not-a-uuid`)).status).toBe(400);
  });
});

describe('scopes', () => {
  it('gives a connected MARKETPLACE application (no catalogs scope) 403, naming the scope', async () => {
    const locationId = await newLocation();
    const marketplace = await t.createApplication('MARKETPLACE');
    await t.connect(marketplace, { accountId, locationId, path: base(locationId) });
    const client = await t.applicationClient(marketplace);
    const read = await client.get(`${base(locationId)}/catalog`);
    expect(read.status).toBe(403);
    expect(read.headers.get('www-authenticate')).toContain('scope="catalogs.read"');
    const write = await client.put(`${base(locationId)}/catalog/import`, catalog());
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('insufficient_scope');
  });

  it('gives an application without the scope 404, not 403, for a location it does not reach', async () => {
    const locationId = await newLocation();
    const marketplace = await t.createApplication('MARKETPLACE');
    const client = await t.applicationClient(marketplace);
    const res = await client.get(`${base(locationId)}/catalog/products?posReference=burger`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('lets a catalogs.read token read and refuses its writes with 403 catalogs.write', async () => {
    const locationId = await newLocation();
    await pos.put(`${base(locationId)}/catalog/import`, catalog());
    const reader = await t.applicationClient(app, 'catalogs.read');
    const found = await reader.get(`${base(locationId)}/catalog/products?posReference=burger`);
    expect(found.status).toBe(200);
    const res = await reader.patch(`${base(locationId)}/catalog/products/${found.body.data[0].id}`, {
      show_online: false,
      taxRateIds: ['vat-9'],
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('www-authenticate')).toContain('scope="catalogs.write"');
    expect((await lookup(locationId, 'burger')).data[0].show_online).toBe(true);
  });
});

describe('stored form', () => {
  it('keeps one row per posReference per location and rewrites nothing on an unchanged re-import', async () => {
    const locationId = await newLocation();
    await pos.put(`${base(locationId)}/catalog/import`, catalog());
    const stamps = await query(t.db.url, 'SELECT id, updated_at FROM products WHERE location_id = $1 ORDER BY id', [
      locationId,
    ]);
    const again = await pos.put(`${base(locationId)}/catalog/import`, catalog());
    expect(again.body.data.changes).toEqual({
      categories: { created: 0, updated: 0, deleted: 0, unchanged: 2 },
      products: { created: 0, updated: 0, deleted: 0, unchanged: 3 },
      modifiers: { created: 0, updated: 0, deleted: 0, unchanged: 2 },
      modifierGroups: { created: 0, updated: 0, deleted: 0, unchanged: 1 },
    });
    expect(
      await query(t.db.url, 'SELECT id, updated_at FROM products WHERE location_id = $1 ORDER BY id', [locationId]),
    ).toEqual(stamps);
    const rows = await query<{ n: number }>(
      t.db.url,
      'SELECT count(*)::int AS n FROM products WHERE location_id = $1',
      [locationId],
    );
    expect(rows[0].n).toBe(3);
  });
});

describe('GraphQL', () => {
  it('imports, looks up, patches and reads the catalog through the same rules', async () => {
    const locationId = await newLocation();
    const c = catalog();
    c.products[0] = { ...c.products[0], containsAlcohol: false, nutritionalInfo: { kcal: 650 } };
    const imported = await pos.graphql(
      `mutation($a: ID!, $l: ID!, $c: CatalogImportInput!) { importCatalog(accountId: $a, locationId: $l, catalog: $c) { products taxRates changes { products { created } } } }`,
      { a: accountId, l: locationId, c },
    );
    expect(imported.body.errors).toBeUndefined();
    expect(imported.body.data.importCatalog).toEqual({
      products: 3,
      taxRates: 2,
      changes: { products: { created: 3 } },
    });

    const found = await pos.graphql(
      `query($a: ID!, $l: ID!) { products(accountId: $a, locationId: $l, posReference: "burger") { data { id taxRateIds show_online passThrough } } }`,
      { a: accountId, l: locationId },
    );
    const product = found.body.data.products.data[0];
    expect(product).toMatchObject({
      taxRateIds: ['vat-9'],
      show_online: true,
      passThrough: { containsAlcohol: false, nutritionalInfo: { kcal: 650 } },
    });

    const update = `mutation($a: ID!, $l: ID!, $id: ID!, $in: ProductInput!) { updateProduct(accountId: $a, locationId: $l, id: $id, input: $in) { id show_online taxRateIds price } }`;
    const out = await pos.graphql(update, {
      a: accountId,
      l: locationId,
      id: product.id,
      in: { show_online: false, taxRateIds: ['vat-9'] },
    });
    expect(out.body.data.updateProduct).toEqual({
      id: product.id,
      show_online: false,
      taxRateIds: ['vat-9'],
      price: 850,
    });
    const cleared = await pos.graphql(update, {
      a: accountId,
      l: locationId,
      id: product.id,
      in: { show_online: true },
    });
    expect(cleared.body.data.updateProduct).toMatchObject({ show_online: true, taxRateIds: [] });

    const bad = c;
    bad.products[1] = { ...bad.products[1], categories: ['cat-nope'] };
    const refused = await pos.graphql(
      `mutation($a: ID!, $l: ID!, $c: CatalogImportInput!) { importCatalog(accountId: $a, locationId: $l, catalog: $c) { products } }`,
      { a: accountId, l: locationId, c: bad },
    );
    expect(refused.body.errors?.[0].extensions).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: '/products/1/categories/0' }],
    });

    const whole = await pos.graphql(
      `query($a: ID!, $l: ID!) { catalog(accountId: $a, locationId: $l) { location { taxRates { posReference } } products { posReference } modifierGroups { modifiers } } }`,
      { a: accountId, l: locationId },
    );
    expect(whole.body.data.catalog).toEqual({
      location: { taxRates: [{ posReference: 'vat-9' }, { posReference: 'vat-21' }] },
      products: [{ posReference: 'burger' }, { posReference: 'cola' }, { posReference: 'water' }],
      modifierGroups: [{ modifiers: ['mod-cheese', { posReference: 'mod-bacon', price: 90 }] }],
    });
  });
});
