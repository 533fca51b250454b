import { FakePartner } from '../support/fake-partner.js';
import { expect, signIn, test } from './fixtures.js';

// The live order board (issue 13): an order a marketplace places over REST appears on the open board within
// 2 s without a reload, with its tab count; the operator moves it through its statuses with the actions the
// server offers, and the marketplace receives ORDER_STATUS_CHANGED for each, in order.

test.describe('live order board', () => {
  test('a new order appears within 2 s, and accept, preparing, ready, complete reach the marketplace in order', async ({ page, hub, capture }) => {
    const partner = await FakePartner.start();
    try {
      const market = await hub.createApplication('MARKETPLACE', { webhookUrl: partner.urlFor('/hooks') });
      const loc = await hub.createLocation(undefined, 'Board Kitchen');
      await hub.connect(market, loc);
      const marketClient = await hub.applicationClient(market);

      await signIn(page);
      await page.goto(`/ui/accounts/${loc.accountId}/locations/${loc.locationId}/orders`);
      await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
      await expect(page.getByText('Live')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'NEW (0)' })).toBeVisible();

      const placedAt = Date.now();
      const placed = await marketClient.post(`${loc.path}/orders`, { externalId: 'board-1', fulfillmentType: 'PICKUP', total: 650, items: [{ name: 'Soup', quantity: 1, price: 650 }] });
      expect(placed.status).toBe(201);
      await expect(page.getByRole('button', { name: 'board-1' })).toBeVisible({ timeout: 2000 });
      expect(Date.now() - placedAt).toBeLessThan(2000);
      await expect(page.getByRole('tab', { name: 'NEW (1)' })).toBeVisible();
      await expect(page.getByRole('status')).toContainText('A new order arrived.');
      await capture('order-board');

      await page.getByRole('button', { name: 'board-1' }).click();
      const detail = page.getByRole('region', { name: 'Order board-1' });
      await expect(detail.getByRole('button', { name: 'Accept' })).toBeVisible();
      await expect(detail.getByRole('button', { name: 'Mark ready' })).toHaveCount(0);
      await capture('order-detail');
      for (const [action, status] of [['Accept', 'ACCEPTED'], ['Start preparing', 'PREPARING'], ['Mark ready', 'READY'], ['Complete', 'COMPLETED']] as const) {
        await detail.getByRole('button', { name: action }).click();
        await expect(detail.getByText(`Status: ${status}`)).toBeVisible();
      }
      await expect(detail.getByText('No further status change is possible.')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'COMPLETED (1)' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'NEW (0)' })).toBeVisible();
      await expect(detail.getByRole('table', { name: 'Status history' })).toContainText('admin@test.example (OPERATOR)');

      const events = await partner.waitForRequests(4, { path: '/hooks' });
      expect(events.map((r) => JSON.parse(r.body)).map((e) => `${e.eventType}:${e.newState.status}`)).toEqual([
        'ORDER_STATUS_CHANGED:ACCEPTED',
        'ORDER_STATUS_CHANGED:PREPARING',
        'ORDER_STATUS_CHANGED:READY',
        'ORDER_STATUS_CHANGED:COMPLETED',
      ]);
    } finally {
      await partner.close();
    }
  });
});
