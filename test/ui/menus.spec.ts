import type { Locator } from '@playwright/test';
import { deleteDeliveredBefore } from '../../src/delivery-engine/retention.js';
import { FakePartner } from '../support/fake-partner.js';
import type { TestHub } from '../support/test-hub.js';
import { expect, signIn, test } from './fixtures.js';
import { addProduct, createMenu, openKitchen, overrideTaxRates, type Kitchen } from './kitchen.js';

// Menus at a location and their publication (screen 2), in the browser: a menu built from
// catalog products found by a server-side search, reordered, one item's tax rates overridden and cleared
// (inherited and overridden look different), out-of-stock items marked; a publication the marketplace
// refuses shows failed with the partner's answer, without a reload.

let partner: FakePartner;
test.beforeEach(async () => {
  partner = await FakePartner.start();
});
test.afterEach(async () => {
  await partner?.close();
});

async function menuOverREST(hub: TestHub, k: Kitchen, menuId: string) {
  type Entry = { posReference: string; taxRateIds: string[]; taxRateIdsOverride: string[] | null };
  return (await hub.admin.get(`${k.loc.path}/menus/${menuId}`)).body.data as { items: Entry[]; modifiers: Entry[] };
}

test('an operator builds a menu from catalog products: search, add, reorder, override and clear tax rates', async ({
  page,
  hub,
  capture,
}) => {
  const k = await openKitchen(hub, partner, 'Menu Kitchen');
  await signIn(page);
  await page.goto(`/ui/accounts/${k.loc.accountId}/locations/${k.loc.locationId}/menus`);
  await expect(page.getByText('No menu yet.')).toBeVisible();
  const menuId = await createMenu(page, k, 'Lunch');
  await expect(page.getByText('This menu has no items yet.')).toBeVisible();
  await expect(page.getByText('This menu has not been published yet.')).toBeVisible();

  // The search runs on the server: "bur" finds the burger only.
  await page.getByRole('searchbox', { name: 'Search products' }).fill('bur');
  await expect(page.getByRole('list', { name: 'Catalog products' }).getByRole('listitem')).toHaveCount(1);
  await addProduct(page, 'bur', 'Burger');
  await expect(page.getByRole('listitem', { name: 'Burger' }).getByText('In the menu')).toBeVisible();
  await addProduct(page, 'cola', 'Cola');
  await addProduct(page, 'lemon', 'Lemonade');

  const items = page.getByRole('table', { name: 'Menu items' });
  await expect(items.getByRole('row', { name: 'Lemonade' }).getByText('Out of stock')).toBeVisible();
  await expect(items.getByRole('row', { name: 'Burger' }).getByText('Out of stock')).toHaveCount(0);

  // Reorder: Lemonade up one place.
  await items.getByRole('button', { name: 'Move Lemonade up' }).click();
  await expect(items.getByRole('row').nth(2)).toHaveAccessibleName('Lemonade');
  await expect
    .poll(async () => (await menuOverREST(hub, k, menuId)).items.map((i) => i.posReference))
    .toEqual(['burger', 'lemonade', 'cola']);

  // Inherited: the product's rate, marked "inherited".
  const burger = items.getByRole('row', { name: 'Burger' });
  await expect(burger.getByText('inherited')).toBeVisible();
  await expect(burger.getByText('VAT 9%')).toBeVisible();
  await overrideTaxRates(page, 'Burger', { uncheck: ['VAT 9% (vat-9)'], check: ['VAT 21% (vat-21)'] });
  await expect(burger.getByText('override', { exact: true })).toBeVisible();
  await expect(burger.getByText('VAT 21%')).toBeVisible();
  await expect(burger.getByText('VAT 9%')).toHaveCount(0);
  expect((await menuOverREST(hub, k, menuId)).items[0]).toMatchObject({
    posReference: 'burger',
    taxRateIds: ['vat-21'],
    taxRateIdsOverride: ['vat-21'],
  });
  // The two look different, not only by their words.
  const badgeColor = (badge: Locator) =>
    badge.evaluate(
      (e) => e.ownerDocument.defaultView!.getComputedStyle(e.closest('.mantine-Badge-root')!).backgroundColor,
    );
  const inheritedColor = await badgeColor(items.getByRole('row', { name: 'Cola' }).getByText('inherited'));
  const overrideColor = await badgeColor(burger.getByText('override', { exact: true }));
  expect(overrideColor).not.toBe(inheritedColor);

  // The modifiers copied with the burger's modifier group.
  await expect(page.getByRole('table', { name: 'Menu modifiers' }).getByText('Extra cheese')).toBeVisible();
  await capture('menu-editor');

  await burger.getByRole('button', { name: 'Clear override of Burger' }).click();
  await expect(burger.getByText('inherited')).toBeVisible();
  await expect(burger.getByText('VAT 9%')).toBeVisible();
  expect((await menuOverREST(hub, k, menuId)).items[0]).toMatchObject({
    taxRateIds: ['vat-9'],
    taxRateIdsOverride: null,
  });

  await items.getByRole('button', { name: 'Remove Cola' }).click();
  await expect(items.getByRole('row', { name: 'Cola' })).toHaveCount(0);

  await page.getByRole('link', { name: 'All menus' }).click();
  const menus = page.getByRole('table', { name: 'Menus' });
  await expect(menus.getByRole('link', { name: 'Lunch' })).toBeVisible();
  await expect(menus.getByText('1 out of stock')).toBeVisible();
  await capture('menus');
});

test("an operator overrides a modifier's tax rates on one menu, and clears the override", async ({
  page,
  hub,
  capture,
}) => {
  const k = await openKitchen(hub, partner, 'Modifier Kitchen');
  await signIn(page);
  const menuId = await createMenu(page, k, 'Late night');
  await addProduct(page, 'burger', 'Burger');
  const cheese = page.getByRole('table', { name: 'Menu modifiers' }).getByRole('row', { name: 'Extra cheese' });
  await expect(cheese.getByText('inherited')).toBeVisible();
  await expect(cheese.getByText('VAT 9%')).toBeVisible();

  await overrideTaxRates(
    page,
    'Extra cheese',
    { uncheck: ['VAT 9% (vat-9)'], check: ['VAT 21% (vat-21)'] },
    'Menu modifiers',
  );
  await expect(cheese.getByText('override', { exact: true })).toBeVisible();
  await expect(cheese.getByText('VAT 21%')).toBeVisible();
  await expect(cheese.getByText('VAT 9%')).toHaveCount(0);
  expect((await menuOverREST(hub, k, menuId)).modifiers[0]).toMatchObject({
    posReference: 'mod-cheese',
    taxRateIds: ['vat-21'],
    taxRateIdsOverride: ['vat-21'],
  });
  // The menu's item keeps its own rates: the override is the modifier's alone.
  expect((await menuOverREST(hub, k, menuId)).items[0]).toMatchObject({
    taxRateIds: ['vat-9'],
    taxRateIdsOverride: null,
  });
  await capture('menu-modifier-override');

  await cheese.getByRole('button', { name: 'Clear override of Extra cheese' }).click();
  await expect(cheese.getByText('inherited')).toBeVisible();
  await expect(cheese.getByText('VAT 9%')).toBeVisible();
  expect((await menuOverREST(hub, k, menuId)).modifiers[0]).toMatchObject({
    taxRateIds: ['vat-9'],
    taxRateIdsOverride: null,
  });
});

test.describe('a marketplace that refuses the menu', () => {
  // The test hub retries after 50 and 100 ms (testEnv's DELIVERY_RETRY_SCHEDULE): three attempts, then FAILED.
  test('the publication goes from pending to failed with the partner answer, without a reload', async ({
    page,
    hub,
    capture,
  }) => {
    const k = await openKitchen(hub, partner, 'Refused Kitchen');
    partner.always('/menus', { status: 422, body: { error: 'category cat-food is unknown here' } });
    await signIn(page);
    await createMenu(page, k, 'Dinner');
    await addProduct(page, 'burger', 'Burger');
    await page.getByRole('button', { name: 'Publish menu' }).click();
    const row = page
      .getByRole('table', { name: 'Publications' })
      .getByRole('row', { name: /Refused Kitchen Marketplace/ });
    await expect(row.getByText('Failed')).toBeVisible();
    await expect(row).toContainText('HTTP 422');
    await expect(row).toContainText('category cat-food is unknown here');
    expect(partner.requestsTo('/menus')).toHaveLength(3);
    await capture('menu-publication-failed');
  });
});

test("a publication older than the delivery log's retention still shows, delivered, without a link to a delivery that is gone", async ({
  page,
  hub,
  capture,
}) => {
  const k = await openKitchen(hub, partner, 'Archive Kitchen');
  await signIn(page);
  await createMenu(page, k, 'Brunch');
  await addProduct(page, 'burger', 'Burger');
  await page.getByRole('button', { name: 'Publish menu' }).click();
  const row = page
    .getByRole('table', { name: 'Publications' })
    .getByRole('row', { name: /Archive Kitchen Marketplace/ });
  await expect(row.getByText('Delivered')).toBeVisible();
  await expect(row.getByRole('link', { name: 'Open the delivery' })).toBeVisible();

  // Housekeeping's pass a month later (simulated time) takes the delivered MENU_PUBLISHED out of the log.
  expect(
    await deleteDeliveredBefore(hub.hub.orm, new Date(Date.now() + 31 * 24 * 3600 * 1000), 30, 100),
  ).toBeGreaterThanOrEqual(1);
  await page.reload();
  await expect(row.getByText('Delivered')).toBeVisible();
  await expect(row).toContainText('1 attempt');
  await expect(row.getByText('No longer in the delivery log')).toBeVisible();
  await expect(row.getByRole('link', { name: 'Open the delivery' })).toHaveCount(0);
  await capture('menu-publication-past-retention');
});

test('a menu published more than a screenful of times shows its latest publications, and older ones on request', async ({
  page,
  hub,
  capture,
}) => {
  const k = await openKitchen(hub, partner, 'Busy Kitchen');
  const menu = (await hub.admin.post(`${k.loc.path}/menus`, { name: 'Daily', productPosReferences: ['burger'] })).body
    .data;
  for (let i = 0; i < 13; i++)
    expect(
      (await hub.admin.post(`${k.loc.path}/menus/${menu.id}/publications`, { connectionId: k.connectionId })).status,
    ).toBe(201);
  await signIn(page);
  await page.goto(`/ui/accounts/${k.loc.accountId}/locations/${k.loc.locationId}/menus/${menu.id}`);
  const rows = page.getByRole('table', { name: 'Publications' }).getByRole('row', { name: /Busy Kitchen Marketplace/ });
  await expect(rows).toHaveCount(10);
  await capture('menu-publications-many');
  await page.getByRole('button', { name: 'Show older publications' }).click();
  await expect(rows).toHaveCount(13);
  await expect(page.getByRole('button', { name: 'Show older publications' })).toHaveCount(0);
  // A new publication, seen live, joins the list without folding the older ones away again.
  expect(
    (await hub.admin.post(`${k.loc.path}/menus/${menu.id}/publications`, { connectionId: k.connectionId })).status,
  ).toBe(201);
  await expect(rows).toHaveCount(14);
});

test('an open menu follows the catalog live: a product going out of stock at the POS shows without a reload', async ({
  page,
  hub,
}) => {
  const k = await openKitchen(hub, partner, 'Live Menu Kitchen');
  const menu = (
    await hub.admin.post(`${k.loc.path}/menus`, { name: 'Supper', productPosReferences: ['burger', 'cola'] })
  ).body.data;
  await signIn(page);
  await page.goto(`/ui/accounts/${k.loc.accountId}/locations/${k.loc.locationId}/menus/${menu.id}`);
  const cola = page.getByRole('table', { name: 'Menu items' }).getByRole('row', { name: 'Cola' });
  await expect(cola).toBeVisible();
  await expect(cola.getByText('Out of stock')).toHaveCount(0);
  // The POS marks cola out of stock (here over REST, as a POS does): the screen shows it by itself.
  const colaId = menu.items.find((i: { posReference: string }) => i.posReference === 'cola').productId;
  expect((await hub.admin.patch(`${k.loc.path}/catalog/products/${colaId}`, { show_online: false })).status).toBe(200);
  await expect(cola.getByText('Out of stock')).toBeVisible();
  expect((await hub.admin.patch(`${k.loc.path}/catalog/products/${colaId}`, { price: 275 })).status).toBe(200);
  await expect(cola).toContainText('€2.75');
});

test('a merchant of another account opening a menu or its store status by URL gets the not-found page and none of its data', async ({
  page,
  hub,
}) => {
  const k = await openKitchen(hub, partner, 'Private Kitchen');
  const menu = (
    await hub.admin.post(`${k.loc.path}/menus`, { name: 'Secret Specials', productPosReferences: ['burger'] })
  ).body.data;
  const own = await hub.createLocation(undefined, 'Own Kitchen');
  const merchant = await hub.createUser('merchant', [own.accountId]);
  await signIn(page, merchant);
  for (const path of [`menus/${menu.id}`, 'menus', 'store-status']) {
    await page.goto(`/ui/accounts/${k.loc.accountId}/locations/${k.loc.locationId}/${path}`);
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    await expect(page.getByText('Secret Specials')).toHaveCount(0);
    await expect(page.getByText('Burger')).toHaveCount(0);
  }
});
