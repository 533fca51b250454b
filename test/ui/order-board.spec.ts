import { FakePartner } from '../support/fake-partner.js';
import { completeFromBoard, openBoard, placeOrderOnBoard } from './board-flow.js';
import { expect, signIn, test } from './fixtures.js';

// The live order board: an order a marketplace places over REST appears on the open board within
// 2 s without a reload, with its tab count; the operator moves it through its statuses with the actions the
// server offers, and the marketplace receives ORDER_STATUS_CHANGED for each, in order (board-flow.ts;
// end-to-end.spec runs the same after publishing a menu).

test.describe('live order board', () => {
  test('a new order appears within 2 s, and accept, preparing, ready, complete reach the marketplace in order', async ({
    page,
    hub,
    capture,
  }) => {
    const partner = await FakePartner.start();
    try {
      const market = await hub.createApplication('MARKETPLACE', { webhookUrl: partner.urlFor('/hooks') });
      const loc = await hub.createLocation(undefined, 'Board Kitchen');
      await hub.connect(market, loc);
      const marketClient = await hub.applicationClient(market);

      await signIn(page);
      await openBoard(page, loc);
      await placeOrderOnBoard(page, marketClient, loc, 'board-1');
      await capture('order-board');
      await completeFromBoard(page, 'board-1', partner, '/hooks', capture);
    } finally {
      await partner.close();
    }
  });
});

test('a busy tab shows its 50 latest orders, and older ones on asking', async ({ page, hub }) => {
  const market = await hub.createApplication('MARKETPLACE');
  const loc = await hub.createLocation(undefined, 'Busy Board Kitchen');
  await hub.connect(market, loc);
  const marketClient = await hub.applicationClient(market);
  for (let batch = 0; batch < 6; batch++) {
    const placed = await Promise.all(
      Array.from({ length: batch < 5 ? 10 : 2 }, (_, i) =>
        marketClient.post(`${loc.path}/orders`, {
          externalId: `busy-${batch * 10 + i + 1}`,
          fulfillmentType: 'PICKUP',
          total: 650,
          items: [{ name: 'Soup', quantity: 1, price: 650 }],
        }),
      ),
    );
    expect(placed.map((r) => r.status)).toEqual(placed.map(() => 201));
  }

  await signIn(page);
  await page.goto(`/ui/accounts/${loc.accountId}/locations/${loc.locationId}/orders`);
  await expect(page.getByRole('tab', { name: 'NEW (52)' })).toBeVisible();
  const orders = page.getByRole('table', { name: 'Orders in NEW' });
  await expect(orders.getByRole('row')).toHaveCount(51);
  await page.getByRole('button', { name: 'Show older orders' }).click();
  await expect(orders.getByRole('row')).toHaveCount(53);
  await expect(page.getByRole('button', { name: 'Show older orders' })).toHaveCount(0);
  // Another tab starts with its latest again.
  await page.getByRole('tab', { name: 'ACCEPTED (0)' }).click();
  await expect(page.getByText('No order in ACCEPTED.')).toBeVisible();
});

test('an operator finds the order a customer calls about by its number or their name, whatever its status', async ({
  page,
  hub,
  capture,
}) => {
  const market = await hub.createApplication('MARKETPLACE', { name: 'Find Kitchen Marketplace' });
  const pos = await hub.createApplication('POS');
  const loc = await hub.createLocation(undefined, 'Find Kitchen');
  await hub.connect(market, loc);
  await hub.connect(pos, loc);
  const [marketClient, posClient] = await Promise.all([hub.applicationClient(market), hub.applicationClient(pos)]);
  const order = (externalId: string, friendlyId: string, firstName: string, lastName: string) => ({
    externalId,
    friendlyId,
    customer: { firstName, lastName },
    fulfillmentType: 'PICKUP',
    total: 650,
    items: [{ name: 'Soup', quantity: 1, price: 650 }],
  });
  const ann = await marketClient.post(`${loc.path}/orders`, order('web-2001', 'A-21', 'Ann', 'de Vries'));
  await marketClient.post(`${loc.path}/orders`, order('web-2002', 'A-22', 'Bram', 'Jansen'));
  await marketClient.post(`${loc.path}/orders`, order('web-2003', 'B-7', 'Anna', 'Smit'));
  // Ann's order has moved on: it is no longer on the NEW tab the board opens on.
  expect((await posClient.patch(`${loc.path}/orders/${ann.body.data.id}`, { status: 'ACCEPTED' })).status).toBe(200);

  await signIn(page);
  await page.goto(`/ui/accounts/${loc.accountId}/locations/${loc.locationId}/orders`);
  const newOrders = page.getByRole('table', { name: 'Orders in NEW' });
  await expect(newOrders.getByRole('row')).toHaveCount(3);
  // Each row says what the kitchen calls the order by: the customer's number, the reference and their name under it.
  await expect(newOrders.getByRole('button', { name: /web-2002/ })).toHaveAccessibleName('A-22 web-2002 · Bram Jansen');

  const find = page.getByRole('searchbox', { name: 'Find an order' });
  await find.fill('de vries');
  const matching = page.getByRole('table', { name: 'Orders matching "de vries"' });
  await expect(matching.getByRole('row')).toHaveCount(2);
  await expect(matching.getByRole('row', { name: /web-2001/ })).toContainText('ACCEPTED');
  await capture('order-board-find');
  await matching.getByRole('button', { name: 'web-2001' }).click();
  await expect(
    page.getByRole('region', { name: 'Order web-2001' }).getByRole('table', { name: 'Order facts' }),
  ).toContainText('A-21');

  // "ann" is in two customers' names; a number finds its one order; nothing found says so.
  await find.fill('ann');
  await expect(page.getByRole('table', { name: 'Orders matching "ann"' }).getByRole('row')).toHaveCount(3);
  await find.fill('b-7');
  await expect(
    page.getByRole('table', { name: 'Orders matching "b-7"' }).getByRole('row', { name: /web-2003/ }),
  ).toContainText('NEW');
  await find.fill('Z-99');
  await expect(page.getByText(`No order's number, reference or customer contains "Z-99".`)).toBeVisible();

  // Choosing a tab leaves the search.
  await page.getByRole('tab', { name: 'ACCEPTED (1)' }).click();
  await expect(find).toHaveValue('');
  await expect(
    page.getByRole('table', { name: 'Orders in ACCEPTED' }).getByRole('row', { name: /web-2001/ }),
  ).toBeVisible();
});
