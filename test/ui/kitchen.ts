import type { Page } from '@playwright/test';
import type { FakePartner } from '../support/fake-partner.js';
import type { TestApplication, TestHub, TestLocation } from '../support/test-hub.js';
import { expect } from './fixtures.js';

// A location the menu, publication and store-status specs share: two tax rates, a small catalog (one product
// with a modifier group, one out of stock) imported through REST, and a marketplace connected whose menu,
// store-status and webhook URLs are the fake partner's.

const KITCHEN_CATALOG = {
  location: {
    taxRates: [
      { posReference: 'vat-9', name: 'VAT 9%', type: 'PERCENTAGE', rate: 90000 },
      { posReference: 'vat-21', name: 'VAT 21%', type: 'PERCENTAGE', rate: 210000 },
    ],
  },
  categories: [{ posReference: 'cat-food', name: 'Food' }],
  modifiers: [{ posReference: 'mod-cheese', name: 'Extra cheese', price: 50, taxRateIds: ['vat-9'] }],
  modifierGroups: [{ posReference: 'grp-extras', name: 'Extras', modifiers: ['mod-cheese'] }],
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
    {
      posReference: 'lemonade',
      name: 'Lemonade',
      price: 300,
      categories: ['cat-food'],
      taxRateIds: ['vat-21'],
      show_online: false,
    },
  ],
};

export interface Kitchen {
  loc: TestLocation;
  market: TestApplication;
  connectionId: string;
}

export async function openKitchen(hub: TestHub, partner: FakePartner, name: string): Promise<Kitchen> {
  const market = await hub.createApplication('MARKETPLACE', {
    name: `${name} Marketplace`,
    webhookUrl: partner.urlFor('/hooks'),
    menuPublicationUrl: partner.urlFor('/menus'),
    storeStatusUrl: partner.urlFor('/store-status'),
  });
  const loc = await hub.createLocation(undefined, name);
  const imported = await hub.admin.put(`${loc.path}/catalog/import`, KITCHEN_CATALOG);
  if (imported.status !== 200) throw new Error(`catalog import failed: ${imported.status} ${imported.text}`);
  const connectionId = await hub.connect(market, loc);
  return { loc, market, connectionId };
}

/** Creates a menu through the Menus tab; the browser lands on it. */
export async function createMenu(page: Page, k: Kitchen, name: string): Promise<string> {
  await page.goto(`/ui/accounts/${k.loc.accountId}/locations/${k.loc.locationId}/menus`);
  await page.getByRole('button', { name: 'Create menu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create menu' });
  await dialog.getByLabel('Menu name').fill(name);
  await dialog.getByRole('button', { name: 'Create menu' }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Finds a product with the search box and adds it. */
export async function addProduct(page: Page, search: string, name: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search products' }).fill(search);
  await page
    .getByRole('listitem', { name })
    .getByRole('button', { name: `Add ${name}` })
    .click();
  await expect(page.getByRole('table', { name: 'Menu items' }).getByRole('row', { name })).toBeVisible();
}

/** Sets an item's own tax rates on the menu through its override dialog (labels as "VAT 9% (vat-9)"). */
export async function overrideTaxRates(
  page: Page,
  item: string,
  change: { check?: string[]; uncheck?: string[] },
  table: 'Menu items' | 'Menu modifiers' = 'Menu items',
): Promise<void> {
  await page
    .getByRole('table', { name: table })
    .getByRole('button', { name: `Override tax rates of ${item}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Tax rates of ${item} on this menu` });
  for (const label of change.uncheck ?? []) await dialog.getByRole('checkbox', { name: label }).uncheck();
  for (const label of change.check ?? []) await dialog.getByRole('checkbox', { name: label }).check();
  await dialog.getByRole('button', { name: 'Save override' }).click();
  await expect(dialog).toBeHidden();
}
