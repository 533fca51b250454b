import { FakePartner } from '../support/fake-partner.js';
import { expect, signIn, test } from './fixtures.js';

// The delivery log. The POS fails every attempt: the log shows each attempt (time, HTTP
// status, where it went, duration) and the next retry; once the POS's webhook URL is corrected, Retry now
// delivers it there and the log shows the success and the new URL, live. A marketplace that answers 410 Gone to a store status makes a dead (FAILED) delivery, whose
// payload carries the connection's credentials, masked on screen; it is retried the same way.
// Retry timing comes from configuration: two quick retries, then one an hour away, so the test sees a
// delivery waiting for its next retry without waiting for anything itself.

test.use({ hubSettings: { DELIVERY_RETRY_SCHEDULE: '0.05,0.05,3600' } });

const MARKET_KEY = 'market-api-key-0123456789';

test.describe('delivery log', () => {
  test('shows every failed attempt and the next retry; Retry now delivers once the partner is back', async ({
    page,
    hub,
    capture,
  }) => {
    const partner = await FakePartner.start();
    try {
      partner.always('/pos', { status: 503, body: { error: 'POS down for maintenance' } });
      partner.always('/store', { status: 410, body: { error: 'gone' } });
      const pos = await hub.createApplication('POS', { webhookUrl: partner.urlFor('/pos') });
      const market = await hub.createApplication('MARKETPLACE', {
        webhookUrl: partner.urlFor('/market'),
        storeStatusUrl: partner.urlFor('/store'),
      });
      const loc = await hub.createLocation(undefined, 'Log Kitchen');
      await hub.connect(pos, loc);
      await hub.connect(market, loc, { apiKey: MARKET_KEY });
      const marketClient = await hub.applicationClient(market);

      await signIn(page);
      await page.goto(`/ui/accounts/${loc.accountId}/locations/${loc.locationId}`);
      await page.getByRole('link', { name: 'Delivery log' }).click();
      await expect(page.getByRole('heading', { name: 'Delivery log' })).toBeVisible();
      await expect(page.getByText('Live', { exact: true })).toBeVisible();
      await expect(page.getByText('Nothing has been sent from here yet.')).toBeVisible();

      const placed = await marketClient.post(`${loc.path}/orders`, {
        externalId: 'log-1',
        fulfillmentType: 'PICKUP',
        total: 650,
        items: [{ name: 'Soup', quantity: 1, price: 650 }],
      });
      expect(placed.status).toBe(201);
      await partner.waitForRequests(3, { path: '/pos' });

      // Three attempts failed; the fourth waits an hour (±20 % jitter). Pushed to the open log, no reload.
      const table = page.getByRole('table', { name: 'Deliveries' });
      const created = table.getByRole('row').filter({ hasText: 'Order created' });
      await expect(created).toContainText('PENDING · retrying');
      await expect(created).toContainText('3 · HTTP 503');
      // The partner by its name, not its URL.
      await expect(created.getByRole('cell').nth(1)).toHaveText(pos.data.name);
      await expect(table).not.toContainText(partner.url);
      await expect(created.getByRole('cell').nth(5)).toHaveText(/^in (4\d|5\d) min|^in 1\.\d h/);
      await capture('delivery-log');

      await created.getByRole('button', { name: 'Order created' }).click();
      const detail = page.getByRole('dialog', { name: 'Order created delivery' });
      const attempts = detail.getByRole('table', { name: 'Attempts' });
      await expect(attempts.getByRole('row')).toHaveCount(4);
      for (const n of [1, 2, 3]) {
        const row = attempts.getByRole('row').nth(n);
        await expect(row.getByRole('cell').nth(0)).toHaveText(String(n));
        await expect(row.getByRole('cell').nth(2)).toContainText('HTTP 503');
        await expect(row.getByRole('cell').nth(3)).toHaveText(/^\d+ ms$/);
        await expect(row.getByRole('cell').nth(4)).toContainText('POS down for maintenance');
      }
      await expect(detail.getByText('Next retry')).toBeVisible();
      await expect(detail).toContainText(/Next retry\s*in (4\d|5\d) min|Next retry\s*in 1\.\d h/);
      await expect(detail.getByLabel('Payload')).toContainText('"externalId": "log-1"');
      await capture('delivery-detail');

      await expect(attempts.getByRole('row').nth(3).getByRole('cell').nth(2)).toContainText(
        `to ${partner.urlFor('/pos')}`,
      );
      // The POS's webhook URL is corrected: Retry now sends it at once to the new one, and the open detail and
      // the log show the success and where it went.
      partner.always('/pos-fixed', { status: 200, body: { ok: true } });
      expect(
        (await hub.admin.patch(`/v1/applications/${pos.id}`, { webhookUrl: partner.urlFor('/pos-fixed') })).status,
      ).toBe(200);
      await detail.getByRole('button', { name: 'Retry now' }).click();
      await expect(attempts.getByRole('row')).toHaveCount(5);
      await expect(attempts.getByRole('row').nth(4).getByRole('cell').nth(2)).toContainText('HTTP 200');
      await expect(attempts.getByRole('row').nth(4).getByRole('cell').nth(2)).toContainText(
        `to ${partner.urlFor('/pos-fixed')}`,
      );
      await expect(detail.getByText('DELIVERED', { exact: true })).toBeVisible();
      await expect(detail.getByRole('button', { name: 'Retry now' })).toHaveCount(0);
      const sent = [...partner.requestsTo('/pos'), ...partner.requestsTo('/pos-fixed')];
      expect(sent.map((r) => r.path)).toEqual(['/pos', '/pos', '/pos', '/pos-fixed']);
      expect(new Set(sent.map((r) => r.headers['webhook-id'])).size).toBe(1);
      await page.keyboard.press('Escape');
      await expect(created).toContainText('DELIVERED');
      await expect(created.getByRole('cell').nth(5)).toHaveText('—');

      // A dead delivery: the marketplace answers 410 Gone to the store status, which stops at once.
      const paused = await hub.admin.put(`${loc.path}/store-status`, {
        storeStatus: 'OFFLINE',
        closedReason: 'Kitchen cleaning',
      });
      expect(paused.status).toBe(200);
      const dead = table.getByRole('row').filter({ hasText: 'Store status changed' });
      await expect(dead).toContainText('FAILED · no retry left');
      await expect(dead).toContainText('1 · HTTP 410');

      // Filters, answered by the server.
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'FAILED' }).click();
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table.getByRole('row').nth(1)).toContainText('Store status changed');
      await page.getByRole('combobox', { name: 'Event type' }).click();
      await page.getByRole('option', { name: 'Order created', exact: true }).click();
      await expect(page.getByText('No delivery matches these filters.')).toBeVisible();
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'DELIVERED' }).click();
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table.getByRole('row').nth(1)).toContainText('Order created');

      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'FAILED' }).click();
      await page.getByRole('combobox', { name: 'Event type' }).click();
      await page.getByRole('option', { name: 'Store status changed' }).click();
      await dead.getByRole('button', { name: 'Store status changed' }).click();
      const deadDetail = page.getByRole('dialog', { name: 'Store status changed delivery' });
      await expect(deadDetail.getByText('No retry left', { exact: true })).toBeVisible();
      // The payload as sent, the marketplace's credentials masked.
      const payload = deadDetail.getByLabel('Payload');
      await expect(payload).toContainText('"closedReason": "Kitchen cleaning"');
      await expect(payload).toContainText('"apiKey": "****6789"');
      await expect(page.locator('body')).not.toContainText(MARKET_KEY);
      await capture('delivery-dead');
      partner.always('/store', { status: 204 });
      await deadDetail.getByRole('button', { name: 'Retry now' }).click();
      await expect(deadDetail.getByText('DELIVERED', { exact: true })).toBeVisible();
      await expect(
        deadDetail.getByRole('table', { name: 'Attempts' }).getByRole('row').nth(2).getByRole('cell').nth(2),
      ).toContainText('HTTP 204');

      // The POS goes down again: the next order waits for its retry in an hour. Once the POS is back, Retry all
      // failed sends it (and anything else failing here) at once.
      partner.always('/pos-fixed', { status: 503, body: { error: 'down again' } });
      expect(
        (
          await marketClient.post(`${loc.path}/orders`, {
            externalId: 'log-2',
            fulfillmentType: 'PICKUP',
            items: [{ name: 'Soup', quantity: 1, price: 650 }],
          })
        ).status,
      ).toBe(201);
      await page.keyboard.press('Escape');
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'PENDING' }).click();
      await page.getByRole('combobox', { name: 'Event type' }).click();
      await page.getByRole('option', { name: 'Order created', exact: true }).click();
      await expect(table.getByRole('row').nth(1)).toContainText('3 · HTTP 503');
      partner.always('/pos-fixed', { status: 200 });
      await page.getByRole('button', { name: 'Retry all failed' }).click();
      await page
        .getByRole('dialog', { name: 'Retry all failed deliveries' })
        .getByRole('button', { name: 'Retry all' })
        .click();
      await expect(page.getByRole('alert').filter({ hasText: '1 delivery sent again' })).toBeVisible();
      await expect(page.getByText('No delivery matches these filters.')).toBeVisible();
      await capture('delivery-log-retried-all');

      // The same deliveries, seen from the application: everything sent to the POS.
      await page.goto(`/ui/applications/${pos.id}`);
      await page.getByRole('link', { name: 'Delivery log' }).click();
      // Both orders' creations, delivered in the end.
      await expect(
        page
          .getByRole('table', { name: 'Deliveries' })
          .getByRole('row')
          .filter({ hasText: 'Order created' })
          .filter({ hasText: 'DELIVERED' }),
      ).toHaveCount(2);
      await capture('application-delivery-log');
    } finally {
      await partner.close();
    }
  });
});
