import { FakePartner } from '../support/fake-partner.js';
import { completeFromBoard, openBoard, placeOrderOnBoard } from './board-flow.js';
import { expect, signIn, test } from './fixtures.js';
import { addProduct, createMenu, openKitchen, overrideTaxRates } from './kitchen.js';

// The operator's whole day in one test: sign in; build a menu with one item override; publish it; the fake marketplace
// receives MENU_PUBLISHED and the screen shows delivered without a reload; then the marketplace places an
// order through REST, it appears on the open board within 2 s, accept, preparing, ready, complete from the
// UI, the marketplace receives ORDER_STATUS_CHANGED for each in order, and the board counts follow.
// (Registering applications, the location and the catalog sync through the UI: application-flow.spec.)

test('sign in, build a menu with an override, publish it live, then take an order through the board', async ({
  page,
  hub,
  capture,
}) => {
  const partner = await FakePartner.start();
  try {
    const k = await openKitchen(hub, partner, 'Harbour Kitchen');
    await signIn(page);
    await createMenu(page, k, 'Evening');
    await addProduct(page, 'burger', 'Burger');
    await addProduct(page, 'cola', 'Cola');
    await overrideTaxRates(page, 'Burger', { check: ['VAT 21% (vat-21)'] });

    // Publish: pending at first, delivered when the marketplace has it, on this screen as it is.
    // The marketplace takes its time to answer, so the screen is seen pending before it turns delivered.
    partner.always('/menus', { status: 200, body: { received: true }, delayMs: 1500 });
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
    await page.getByRole('button', { name: 'Publish menu' }).click();
    const row = page
      .getByRole('table', { name: 'Publications' })
      .getByRole('row', { name: /Harbour Kitchen Marketplace/ });
    await expect(row.getByText('Pending')).toBeVisible();
    await expect(row.getByText('Delivered')).toBeVisible();
    expect(navigations).toEqual([]);
    await expect(row).toContainText('{"received":true}');
    await capture('menu-published');

    const [published] = await partner.waitForRequests(1, { path: '/menus' });
    const body = JSON.parse(published.body);
    expect(body).toMatchObject({
      eventType: 'MENU_PUBLISHED',
      connectionId: k.connectionId,
      menu: { name: 'Evening' },
    });
    // The override travels as the item's effective taxRateIds; the other item inherits its product's.
    expect(
      body.menu.items.map((i: { posReference: string; taxRateIds: string[] }) => [i.posReference, i.taxRateIds]),
    ).toEqual([
      ['burger', ['vat-9', 'vat-21']],
      ['cola', ['vat-21']],
    ]);

    const marketClient = await hub.applicationClient(k.market);
    await openBoard(page, k.loc);
    await placeOrderOnBoard(page, marketClient, k.loc, 'harbour-1');
    await completeFromBoard(page, 'harbour-1', partner, '/hooks');
  } finally {
    await partner.close();
  }
});
