import { FakePartner } from '../support/fake-partner.js';
import { expect, signIn, test } from './fixtures.js';

// The home page per role: after sign-in an operator sees its locations, those with new
// orders and failing deliveries first, each linking to its board and its delivery log. A merchant sees only
// its own locations and no Applications or Users; an admin has those shortcuts.

test('a merchant lands on its locations, new orders and failing deliveries first, and goes to the board and the log', async ({
  page,
  hub,
  capture,
}) => {
  const partner = await FakePartner.start();
  try {
    partner.always('/store-down', { status: 503, body: { error: 'down for maintenance' } });
    const quiet = await hub.createLocation(undefined, 'Quiet Corner');
    const busy = await hub.createLocation(undefined, 'Busy Bistro');
    const failing = await hub.createLocation(undefined, 'Failing Fish');
    const market = await hub.createApplication('MARKETPLACE', {
      webhookUrl: partner.urlFor('/hooks'),
      storeStatusUrl: partner.urlFor('/store-down'),
    });
    await hub.connect(market, busy);
    await hub.connect(market, failing);
    const marketClient = await hub.applicationClient(market);
    for (const externalId of ['bistro-1', 'bistro-2']) {
      expect(
        (
          await marketClient.post(`${busy.path}/orders`, {
            externalId,
            fulfillmentType: 'PICKUP',
            items: [{ name: 'Soup', quantity: 1, price: 650 }],
          })
        ).status,
      ).toBe(201);
    }
    // The marketplace does not take the store status: three attempts, then FAILED (the test hub retries fast).
    expect((await hub.admin.put(`${failing.path}/store-status`, { storeStatus: 'OFFLINE' })).status).toBe(200);
    await expect
      .poll(async () => (await hub.admin.get(`${failing.path}/deliveries?status=FAILED`)).body.data.length)
      .toBe(1);

    const merchant = await hub.createUser('merchant', [quiet.accountId, busy.accountId, failing.accountId]);
    await signIn(page, merchant);
    await expect(page).toHaveURL(/\/ui\/?$/);
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Locations' });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('row').nth(1)).toHaveAccessibleName('Busy Bistro');
    await expect(table.getByRole('row').nth(2)).toHaveAccessibleName('Failing Fish');
    await expect(table.getByRole('row').nth(3)).toHaveAccessibleName('Quiet Corner');
    await expect(table.getByRole('row', { name: 'Busy Bistro' }).getByText('2 new')).toBeVisible();
    const fish = table.getByRole('row', { name: 'Failing Fish' });
    await expect(fish.getByText('1 failing')).toBeVisible();
    await expect(fish.getByText('Paused')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'need attention' })).toHaveText(
      '2 locations need attention.',
    );
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Applications' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Applications' })).toHaveCount(0);
    await capture('home-merchant');

    await table.getByRole('link', { name: 'Order board of Busy Bistro' }).click();
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'NEW (2)' })).toBeVisible();
    await nav.getByRole('link', { name: 'Home' }).click();
    await table.getByRole('link', { name: 'Delivery log of Failing Fish' }).click();
    await expect(page.getByRole('heading', { name: 'Delivery log' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Store status changed' })).toBeVisible();
  } finally {
    await partner.close();
  }
});

test("an admin's home has the shortcuts of its role", async ({ page, capture }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Applications' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Users' })).toBeVisible();
  await capture('home-admin');
});
