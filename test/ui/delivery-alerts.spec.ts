import { FakePartner } from '../support/fake-partner.js';
import { expect, signIn, test } from './fixtures.js';

// A kitchen's POS stops answering: once it has failed for the location's alert minutes, the merchant of the
// account sees it in words on the home page (the location first, before a busier one), on the order board and
// on the delivery log; Retry all failed, once the POS is back, ends it. The hub's minute lasts 100 ms here
// (CLOCK_MINUTE_MS) and a failed delivery waits an hour for its retry, so the streak is what the test sets up.

test.use({ hubSettings: { CLOCK_MINUTE_MS: '100', DELIVERY_RETRY_SCHEDULE: '3600' } });

test('a partner failing for longer than the location allows is said on home, the board and the log', async ({
  page,
  hub,
  capture,
}) => {
  const partner = await FakePartner.start();
  try {
    partner.always('/pos', { status: 503, body: { error: 'kitchen printer offline' } });
    const pos = await hub.createApplication('POS', { name: 'Pasta POS', webhookUrl: partner.urlFor('/pos') });
    const market = await hub.createApplication('MARKETPLACE', { webhookUrl: partner.urlFor('/market') });
    const kitchen = await hub.createLocation(undefined, 'Pasta Kitchen');
    const busy = await hub.createLocation(undefined, 'Crowded Canteen');
    await hub.connect(pos, kitchen);
    await hub.connect(market, kitchen);
    await hub.connect(market, busy);
    expect(
      (
        await hub.admin.put(`${kitchen.path}/order-settings`, {
          acceptanceDeadlineMinutes: null,
          afterDeadline: 'NOTHING',
          deliveryAlertMinutes: 2,
        })
      ).status,
    ).toBe(200);
    const marketClient = await hub.applicationClient(market);
    const place = async (path: string, externalId: string) =>
      expect(
        (
          await marketClient.post(`${path}/orders`, {
            externalId,
            fulfillmentType: 'PICKUP',
            items: [{ name: 'Penne', quantity: 1, price: 1200 }],
          })
        ).status,
      ).toBe(201);
    await place(kitchen.path, 'alert-1');
    await place(busy.path, 'canteen-1');
    await place(busy.path, 'canteen-2');
    await partner.waitForRequests(1, { path: '/pos' });
    await expect.poll(async () => (await hub.admin.get(`${kitchen.path}/delivery-alerts`)).body.data.length).toBe(1);

    const merchant = await hub.createUser('merchant', [kitchen.accountId, busy.accountId]);
    await signIn(page, merchant);
    const banner = page.getByRole('alert').filter({ hasText: 'Deliveries are failing' });
    await expect(banner).toContainText('Pasta Kitchen');
    await expect(banner).toContainText(/Pasta POS has not taken a delivery for \d+ s/);
    const table = page.getByRole('table', { name: 'Locations' });
    // First, though the canteen has more new orders.
    await expect(table.getByRole('row').nth(1)).toHaveAccessibleName('Pasta Kitchen');
    await expect(table.getByRole('row').nth(2)).toHaveAccessibleName('Crowded Canteen');
    await expect(table.getByRole('row', { name: 'Pasta Kitchen' })).toContainText('Pasta POS has not taken a delivery');
    await expect(table.getByRole('row', { name: 'Crowded Canteen' })).not.toContainText('has not taken');
    await capture('home-delivery-alert');

    await table.getByRole('link', { name: 'Order board of Pasta Kitchen' }).click();
    await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
    const boardAlert = page.getByRole('alert').filter({ hasText: 'Deliveries are failing' });
    await expect(boardAlert).toContainText('Pasta POS has not taken a delivery');
    await expect(boardAlert).toContainText('1 delivery has not arrived; its last answer: HTTP 503');
    await capture('board-delivery-alert');
    await boardAlert.getByRole('link', { name: 'Open the delivery log' }).click();

    await expect(page.getByRole('heading', { name: 'Delivery log' })).toBeVisible();
    const logAlert = page.getByRole('alert').filter({ hasText: 'Deliveries are failing' });
    await expect(logAlert).toContainText('Pasta POS has not taken a delivery');
    await capture('delivery-log-alert');

    partner.always('/pos', { status: 200, body: {} });
    await page.getByRole('button', { name: 'Retry all failed' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Retry all' }).click();
    // The retried delivery arrives, the live log hears of it, and the banner goes.
    await expect(logAlert).toHaveCount(0);
  } finally {
    await partner.close();
  }
});
