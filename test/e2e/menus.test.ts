import type { HttpClient } from '../support/http.js';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';

// docs/contract.md "Behaviours", "Operations", "Records" and "Literal rules" for menus, through HTTP against a running
// hub: building from the catalog, tax inheritance and overrides, show_online live, catalog deletions.

let t: TestHub;
let api: HttpClient;
let accountId: string;

beforeAll(async () => {
  t = await startTestHub();
  api = t.admin;
  accountId = (await api.post('/v1/accounts', { name: 'Menus Account' })).body.data.id;
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

const base = (locationId: string) => `/v1/accounts/${accountId}/locations/${locationId}`;

const catalog = {
  location: {
    taxRates: [
      { posReference: 'vat-9', name: 'VAT 9%', type: 'PERCENTAGE', rate: 90000 },
      { posReference: 'vat-21', name: 'VAT 21%', type: 'PERCENTAGE', rate: 210000 },
    ],
  },
  categories: [{ posReference: 'cat-food', name: 'Food' }],
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
      categories: ['cat-food'],
      taxRateIds: ['vat-9'],
      modifierGroups: ['grp-extras'],
    },
    { posReference: 'cola', name: 'Cola', price: 250, categories: ['cat-food'], taxRateIds: ['vat-21'] },
    { posReference: 'water', name: 'Water', price: 200, taxRateIds: ['vat-9'] },
  ],
};

/** A location with the catalog above; returns its base path and the product ids by posReference. */
async function kitchen(): Promise<{
  path: string;
  products: Record<string, string>;
  modifiers: Record<string, string>;
}> {
  const locationId = (await api.post(`/v1/accounts/${accountId}/locations`, { name: 'Kitchen' })).body.data.id;
  const path = base(locationId);
  expect((await api.put(`${path}/catalog/import`, catalog)).status).toBe(200);
  const whole = (await api.get(`${path}/catalog`)).body.data;
  const ids = (records: { posReference: string; id: string }[]) =>
    Object.fromEntries(records.map((r) => [r.posReference, r.id]));
  return { path, products: ids(whole.products), modifiers: ids(whole.modifiers) };
}

/** A product patch as a POS sends it: taxRateIds resent, since omitting them clears them. */
function patchProduct(path: string, productId: string, body: Record<string, unknown>) {
  return api.patch(`${path}/catalog/products/${productId}`, body);
}

describe('menus built from the catalog', () => {
  it('creates one item per product in the order given, with modifier groups and menu modifiers copied', async () => {
    const k = await kitchen();
    const res = await api.post(`${k.path}/menus`, {
      name: 'Lunch',
      description: 'Noon to three',
      productPosReferences: ['water', 'burger'],
    });
    expect(res.status).toBe(201);
    const menu = res.body.data;
    expect(menu).toMatchObject({ name: 'Lunch', description: 'Noon to three' });
    expect(menu.items.map((i: { posReference: string }) => i.posReference)).toEqual(['water', 'burger']);
    expect(menu.items[1]).toMatchObject({
      productId: k.products.burger,
      name: 'Burger',
      price: 850,
      categories: ['cat-food'],
      taxRateIds: ['vat-9'],
      taxRateIdsOverride: null,
      show_online: true,
      modifierGroups: ['grp-extras'],
    });
    expect(menu.modifiers.map((m: { posReference: string }) => m.posReference)).toEqual(['mod-cheese', 'mod-bacon']);
    expect(menu.modifiers[0]).toMatchObject({
      modifierId: k.modifiers['mod-cheese'],
      taxRateIds: ['vat-9'],
      taxRateIdsOverride: null,
      show_online: true,
    });

    const byIds = await api.post(`${k.path}/menus`, {
      name: 'By id',
      productIds: [k.products.cola, k.products.burger],
    });
    expect(byIds.body.data.items.map((i: { productId: string }) => i.productId)).toEqual([
      k.products.cola,
      k.products.burger,
    ]);

    const read = await api.get(`${k.path}/menus/${menu.id}`);
    expect(read.body.data).toEqual(menu);
    const list = await api.get(`${k.path}/menus?limit=1`);
    expect(list.body).toMatchObject({ hasNextPage: true });
    expect(list.body.data[0].id).toBe(menu.id);
  });

  it('refuses products that are not in the catalog, duplicates, and both selectors at once', async () => {
    const k = await kitchen();
    const unknown = await api.post(`${k.path}/menus`, { name: 'X', productPosReferences: ['burger', 'pizza'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { path: '/productPosReferences/1', message: expect.stringContaining('pizza') },
    ]);
    const twice = await api.post(`${k.path}/menus`, { name: 'X', productIds: [k.products.cola, k.products.cola] });
    expect(twice.status).toBe(400);
    const both = await api.post(`${k.path}/menus`, {
      name: 'X',
      productIds: [k.products.cola],
      productPosReferences: ['cola'],
    });
    expect(both.status).toBe(400);
    const typo = await api.post(`${k.path}/menus`, { name: 'X', products: ['cola'] });
    expect(typo.status).toBe(400);
  });

  it('a product of another location is not found', async () => {
    const a = await kitchen();
    const b = await kitchen();
    const res = await api.post(`${a.path}/menus`, { name: 'X', productIds: [b.products.cola] });
    expect(res.status).toBe(400);
    const menu = (await api.post(`${a.path}/menus`, { name: 'Y' })).body.data;
    expect((await api.post(`${a.path}/menus/${menu.id}/items`, { productId: b.products.cola })).status).toBe(404);
    expect((await api.get(`${b.path}/menus/${menu.id}`)).status).toBe(404);
  });
});

describe('tax inheritance', () => {
  it('an item inherits its product taxRateIds live; an override (even []) wins; a patch without it removes it', async () => {
    const k = await kitchen();
    const menu = (await api.post(`${k.path}/menus`, { name: 'Dinner', productPosReferences: ['burger', 'cola'] })).body
      .data;
    const burger = menu.items[0];
    const items = `${k.path}/menus/${menu.id}/items`;

    // The product changes: the item shows it.
    expect((await patchProduct(k.path, k.products.burger, { taxRateIds: ['vat-21'] })).status).toBe(200);
    let read = (await api.get(`${k.path}/menus/${menu.id}`)).body.data;
    expect(read.items[0]).toMatchObject({ taxRateIds: ['vat-21'], taxRateIdsOverride: null });

    // An override, then an empty override: both win over the product.
    let patched = await api.patch(`${items}/${burger.id}`, { taxRateIds: ['vat-9', 'no-such-rate'] });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      taxRateIds: ['vat-9', 'no-such-rate'],
      taxRateIdsOverride: ['vat-9', 'no-such-rate'],
    });
    patched = await api.patch(`${items}/${burger.id}`, { taxRateIds: [] });
    expect(patched.body.data).toMatchObject({ taxRateIds: [], taxRateIdsOverride: [] });
    await patchProduct(k.path, k.products.burger, { taxRateIds: ['vat-9'] });
    read = (await api.get(`${k.path}/menus/${menu.id}`)).body.data;
    expect(read.items[0]).toMatchObject({ taxRateIds: [], taxRateIdsOverride: [] });

    // A patch without taxRateIds removes the override: the product's rates show through again.
    patched = await api.patch(`${items}/${burger.id}`, { name: 'Big Burger' });
    expect(patched.body.data).toMatchObject({ name: 'Big Burger', taxRateIds: ['vat-9'], taxRateIdsOverride: null });
    // The other item was never touched.
    expect(patched.status).toBe(200);
    read = (await api.get(`${k.path}/menus/${menu.id}`)).body.data;
    expect(read.items[1]).toMatchObject({ posReference: 'cola', taxRateIds: ['vat-21'], taxRateIdsOverride: null });
  });

  it('an item added with taxRateIds starts with an override; name and price override until set back to null', async () => {
    const k = await kitchen();
    const menu = (await api.post(`${k.path}/menus`, { name: 'Late' })).body.data;
    const added = await api.post(`${k.path}/menus/${menu.id}/items`, {
      productId: k.products.water,
      price: 180,
      taxRateIds: ['vat-21'],
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      name: 'Water',
      price: 180,
      taxRateIds: ['vat-21'],
      taxRateIdsOverride: ['vat-21'],
    });
    expect((await api.post(`${k.path}/menus/${menu.id}/items`, { productId: k.products.water })).status).toBe(409);
    const back = await api.patch(`${k.path}/menus/${menu.id}/items/${added.body.data.id}`, {
      price: null,
      taxRateIds: ['vat-21'],
    });
    expect(back.body.data).toMatchObject({ price: 200, taxRateIdsOverride: ['vat-21'] });
    await patchProduct(k.path, k.products.water, { price: 220, taxRateIds: ['vat-9'] });
    const read = (await api.get(`${k.path}/menus/${menu.id}`)).body.data;
    expect(read.items[0]).toMatchObject({ price: 220, taxRateIds: ['vat-21'] });
  });

  it('menu modifiers follow the same rules', async () => {
    const k = await kitchen();
    const menu = (await api.post(`${k.path}/menus`, { name: 'Mods', productPosReferences: ['burger'] })).body.data;
    const cheese = menu.modifiers[0];
    const path = `${k.path}/menus/${menu.id}/modifiers/${cheese.id}`;
    expect((await api.patch(path, { taxRateIds: [] })).body.data).toMatchObject({
      taxRateIds: [],
      taxRateIdsOverride: [],
    });
    await api.patch(`${k.path}/catalog/modifiers/${k.modifiers['mod-cheese']}`, { taxRateIds: ['vat-21'] });
    expect((await api.patch(path, { price: 60 })).body.data).toMatchObject({
      price: 60,
      taxRateIds: ['vat-21'],
      taxRateIdsOverride: null,
    });
    const other = (await api.post(`${k.path}/menus`, { name: 'Plain' })).body.data;
    const added = await api.post(`${k.path}/menus/${other.id}/modifiers`, {
      modifierId: k.modifiers['mod-bacon'],
      taxRateIds: ['vat-9'],
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      name: 'Bacon',
      price: 100,
      taxRateIds: ['vat-9'],
      taxRateIdsOverride: ['vat-9'],
    });
    expect(
      (await api.post(`${k.path}/menus/${other.id}/modifiers`, { modifierId: k.modifiers['mod-bacon'] })).status,
    ).toBe(409);
  });
});

describe('the catalog, live', () => {
  it('show_online of an item is its product, live', async () => {
    const k = await kitchen();
    const menu = (await api.post(`${k.path}/menus`, { name: 'Live', productPosReferences: ['cola'] })).body.data;
    await patchProduct(k.path, k.products.cola, { show_online: false, taxRateIds: ['vat-21'] });
    let read = (await api.get(`${k.path}/menus/${menu.id}`)).body.data;
    expect(read.items[0]).toMatchObject({ show_online: false });
    await patchProduct(k.path, k.products.cola, { show_online: true, taxRateIds: ['vat-21'] });
    read = (await api.get(`${k.path}/menus/${menu.id}`)).body.data;
    expect(read.items[0]).toMatchObject({ show_online: true });
  });

  it('a product deleted from the catalog, by DELETE or by an import leaving it out, leaves every menu', async () => {
    const k = await kitchen();
    const one = (await api.post(`${k.path}/menus`, { name: 'One', productPosReferences: ['burger', 'cola', 'water'] }))
      .body.data;
    const two = (await api.post(`${k.path}/menus`, { name: 'Two', productPosReferences: ['cola', 'burger'] })).body
      .data;
    expect((await api.delete(`${k.path}/catalog/products/${k.products.cola}`)).status).toBe(204);
    const names = async (id: string) =>
      (await api.get(`${k.path}/menus/${id}`)).body.data.items.map((i: { posReference: string }) => i.posReference);
    expect(await names(one.id)).toEqual(['burger', 'water']);
    expect(await names(two.id)).toEqual(['burger']);
    const imported = await api.put(`${k.path}/catalog/import`, {
      ...catalog,
      products: catalog.products.filter((p) => p.posReference === 'water'),
    });
    expect(imported.status).toBe(200);
    expect(await names(one.id)).toEqual(['water']);
    expect(await names(two.id)).toEqual([]);
    // A modifier dropped by the import leaves the menus too.
    const mods = await api.put(`${k.path}/catalog/import`, {
      ...catalog,
      modifiers: [catalog.modifiers[0]],
      modifierGroups: [{ ...catalog.modifierGroups[0], modifiers: ['mod-cheese'] }],
    });
    expect(mods.status).toBe(200);
    const read = (await api.get(`${k.path}/menus/${one.id}`)).body.data;
    expect(read.modifiers.map((m: { posReference: string }) => m.posReference)).toEqual(['mod-cheese']);
  });

  it('renames, removes items and deletes menus', async () => {
    const k = await kitchen();
    const menu = (await api.post(`${k.path}/menus`, { name: 'Old', productPosReferences: ['burger', 'cola'] })).body
      .data;
    const renamed = await api.patch(`${k.path}/menus/${menu.id}`, { name: 'New', description: null });
    expect(renamed.body.data).toMatchObject({ name: 'New', description: null });
    expect((await api.delete(`${k.path}/menus/${menu.id}/items/${menu.items[0].id}`)).status).toBe(204);
    expect((await api.get(`${k.path}/menus/${menu.id}`)).body.data.items).toHaveLength(1);
    expect((await api.delete(`${k.path}/menus/${menu.id}`)).status).toBe(204);
    expect((await api.get(`${k.path}/menus/${menu.id}`)).status).toBe(404);
    // The catalog is untouched.
    expect((await api.get(`${k.path}/catalog/products/${k.products.burger}`)).status).toBe(200);
  });
});

describe('item order', () => {
  it("reorders the items by listing each once (REST and GraphQL); a list that is not the menu's items is refused", async () => {
    const k = await kitchen();
    const menu = (
      await api.post(`${k.path}/menus`, { name: 'Ordered', productPosReferences: ['burger', 'cola', 'water'] })
    ).body.data;
    const [burger, cola, water] = menu.items.map((i: { id: string }) => i.id);
    const refs = (m: { items: { posReference: string }[] }) => m.items.map((i) => i.posReference);
    const put = await api.put(`${k.path}/menus/${menu.id}/item-order`, { itemIds: [water, burger, cola] });
    expect(put.status).toBe(200);
    expect(refs(put.body.data)).toEqual(['water', 'burger', 'cola']);
    expect(refs((await api.get(`${k.path}/menus/${menu.id}`)).body.data)).toEqual(['water', 'burger', 'cola']);
    // One left out, or one named twice: nothing moves.
    expect((await api.put(`${k.path}/menus/${menu.id}/item-order`, { itemIds: [cola, burger] })).status).toBe(409);
    expect((await api.put(`${k.path}/menus/${menu.id}/item-order`, { itemIds: [cola, cola, burger] })).status).toBe(
      400,
    );
    const [, , , , , locationId] = k.path.split('/');
    const viaGraphql = await api.graphql(
      `mutation($a: ID!, $l: ID!, $m: ID!, $ids: [ID!]!) { reorderMenuItems(accountId: $a, locationId: $l, menuId: $m, itemIds: $ids) { items { posReference position } } }`,
      {
        a: accountId,
        l: locationId,
        m: menu.id,
        ids: [cola, water, burger],
      },
    );
    expect(viaGraphql.body.errors).toBeUndefined();
    expect(viaGraphql.body.data.reorderMenuItems.items).toEqual([
      { posReference: 'cola', position: 0 },
      { posReference: 'water', position: 1 },
      { posReference: 'burger', position: 2 },
    ]);
  });
});

describe('menus over GraphQL', () => {
  it('the same operations and rules as REST', async () => {
    const k = await kitchen();
    const [, , , accountPart, , locationId] = k.path.split('/');
    expect(accountPart).toBe(accountId);
    const ITEM = 'id name price taxRateIds taxRateIdsOverride show_online posReference';
    const created = await api.graphql(
      `mutation($a: ID!, $l: ID!, $input: CreateMenuInput!) { createMenu(accountId: $a, locationId: $l, input: $input) { id name items { ${ITEM} } modifiers { id posReference } } }`,
      { a: accountId, l: locationId, input: { name: 'GraphQL menu', productPosReferences: ['cola', 'burger'] } },
    );
    expect(created.body.errors).toBeUndefined();
    const menu = created.body.data.createMenu;
    expect(menu.items.map((i: { posReference: string }) => i.posReference)).toEqual(['cola', 'burger']);
    const update = (input: Record<string, unknown>) =>
      api.graphql(
        `mutation($a: ID!, $l: ID!, $m: ID!, $id: ID!, $input: MenuEntryInput!) { updateMenuItem(accountId: $a, locationId: $l, menuId: $m, id: $id, input: $input) { ${ITEM} } }`,
        {
          a: accountId,
          l: locationId,
          m: menu.id,
          id: menu.items[0].id,
          input,
        },
      );
    expect((await update({ taxRateIds: [] })).body.data.updateMenuItem).toMatchObject({
      taxRateIds: [],
      taxRateIdsOverride: [],
    });
    expect((await update({ price: 300 })).body.data.updateMenuItem).toMatchObject({
      price: 300,
      taxRateIds: ['vat-21'],
      taxRateIdsOverride: null,
    });
    const read = await api.graphql(
      `query($a: ID!, $l: ID!) { menus(accountId: $a, locationId: $l) { data { id items { ${ITEM} } } hasNextPage } }`,
      { a: accountId, l: locationId },
    );
    expect(read.body.data.menus.data[0].items[0]).toMatchObject({ price: 300, taxRateIdsOverride: null });
    const missing = await api.graphql(
      `query($a: ID!, $l: ID!) { menu(accountId: $a, locationId: $l, id: "01a20000-0000-7000-8000-000000000000") { id } }`,
      { a: accountId, l: locationId },
    );
    expect(missing.body.errors?.[0].extensions?.code).toBe('not_found');
    // An id that is not a UUID is refused before anything runs, as REST does.
    const malformed = await api.graphql(
      `query($a: ID!, $l: ID!) { menu(accountId: $a, locationId: $l, id: "not-an-id") { id } }`,
      { a: accountId, l: locationId },
    );
    expect(malformed.body.errors?.[0].extensions?.code).toBe('validation_failed');
  });
});

describe('scopes', () => {
  it('menu.read reads, menu.write is needed to change (a marketplace token has only menu.read)', async () => {
    const k = await kitchen();
    const menu = (await api.post(`${k.path}/menus`, { name: 'Scoped', productPosReferences: ['cola'] })).body.data;
    const app = await t.createApplication('MARKETPLACE');
    const [, , , , , locationId] = k.path.split('/');
    await t.connect(app, { accountId, locationId, path: k.path });
    const marketplace = await t.applicationClient(app);
    expect((await marketplace.get(`${k.path}/menus/${menu.id}`)).status).toBe(200);
    const refused = await marketplace.patch(`${k.path}/menus/${menu.id}/items/${menu.items[0].id}`, { taxRateIds: [] });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('scope="menu.write"');
    const other = await t.createApplication('MARKETPLACE');
    // Not connected to the location: 404, never 403.
    expect((await (await t.applicationClient(other)).get(`${k.path}/menus/${menu.id}`)).status).toBe(404);
  });
});
