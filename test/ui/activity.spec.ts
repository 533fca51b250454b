import { expect, signIn, test } from './fixtures.js';

// The Activity screen: a run through the flow (an application registered and its URL corrected, a location
// set up and connected, the store paused, an order accepted on the board's API) reads back as who did what,
// newest first, filtered by account, kind of record and days; a secret never shows.

test('shows who changed what in a run through the flow, filtered by account, kind and days', async ({
  page,
  hub,
  capture,
}) => {
  const loc = await hub.createLocation(undefined, 'Activity Trattoria');
  const market = await hub.createApplication('MARKETPLACE', { name: 'FoodNow activity' });
  expect(
    (await hub.admin.patch(`/v1/applications/${market.id}`, { webhookUrl: 'http://127.0.0.1:9/fixed-hooks' })).status,
  ).toBe(200);
  const rotated = (await hub.admin.post(`/v1/applications/${market.id}/secret`, {})).body.data;
  await hub.connect(market, loc, { apiKey: 'do-not-show-this-key' });
  expect((await hub.admin.put(`${loc.path}/store-status`, { storeStatus: 'OFFLINE' })).status).toBe(200);
  const order = (
    await (
      await hub.applicationClient({ clientId: market.clientId, clientSecret: rotated.clientSecret })
    ).post(`${loc.path}/orders`, {
      externalId: 'fn-2001',
      fulfillmentType: 'PICKUP',
      items: [{ name: 'Soup', quantity: 1, price: 650 }],
    })
  ).body.data;
  expect((await hub.admin.patch(`${loc.path}/orders/${order.id}`, { status: 'ACCEPTED' })).status).toBe(200);

  await signIn(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Activity' });
  await expect(table.getByText('Application secrets rotated: FoodNow activity')).toBeVisible();
  await expect(table.getByText(/webhookUrl: .* → http:\/\/127\.0\.0\.1:9\/fixed-hooks/)).toBeVisible();
  await expect(page.getByText('do-not-show-this-key')).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Account' }).click();
  const accountName = (await hub.admin.get(`/v1/accounts/${loc.accountId}`)).body.data.name;
  await page.getByRole('option', { name: accountName }).click();
  await expect(table.getByText('Application secrets rotated: FoodNow activity')).toHaveCount(0);
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText('Order status changed: fn-2001');
  await expect(rows.nth(1)).toContainText('status: NEW → ACCEPTED');
  await expect(rows.nth(1)).toContainText('admin@test.example');
  await expect(rows.nth(2)).toContainText('Store status changed: Activity Trattoria');
  await expect(rows.nth(3)).toContainText('Connection created: FoodNow activity');
  await capture('activity');

  await page.getByRole('combobox', { name: 'Changes to' }).click();
  await page.getByRole('option', { name: 'Orders' }).click();
  await expect(rows).toHaveCount(2);
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);
  await page.getByLabel('From').fill(tomorrow);
  await expect(page.getByText('No changes match these filters.')).toBeVisible();

  // A location's page opens its own activity.
  await page.goto(`/ui/accounts/${loc.accountId}/locations/${loc.locationId}`);
  await page.getByRole('main').getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByText('One location')).toBeVisible();
  await expect(table.getByText('Order status changed: fn-2001')).toBeVisible();
});
