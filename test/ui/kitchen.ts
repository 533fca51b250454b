import type { FakePartner } from '../support/fake-partner.js';
import type { TestApplication, TestHub, TestLocation } from '../support/test-hub.js';

// A location the menu, publication and store-status specs share: two tax rates, a small catalog (one product
// with a modifier group, one out of stock) imported through REST, and a marketplace connected whose menu,
// store-status and webhook URLs are the fake partner's.

export const KITCHEN_CATALOG = {
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
    { posReference: 'burger', name: 'Burger', price: 850, categories: ['cat-food'], taxRateIds: ['vat-9'], modifierGroups: ['grp-extras'] },
    { posReference: 'cola', name: 'Cola', price: 250, categories: ['cat-food'], taxRateIds: ['vat-21'] },
    { posReference: 'lemonade', name: 'Lemonade', price: 300, categories: ['cat-food'], taxRateIds: ['vat-21'], show_online: false },
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
