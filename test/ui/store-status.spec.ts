import { FakePartner } from '../support/fake-partner.js';
import { expect, signIn, test } from './fixtures.js';
import { openKitchen } from './kitchen.js';

// Store status per location: pause with a resume time from the UI; the
// marketplace receives the pause, and again the reopening. The reopening time is brought forward through the
// API (PUT store-status with a closedUntil 300 ms away) so the test does not wait an hour; the screen, left
// open, shows the store open again without a reload. Then "Reopen now" by hand.

test('pause with a resume time: the marketplace receives the pause and the reopening, seen live on the screen', async ({
  page,
  hub,
  capture,
}) => {
  const partner = await FakePartner.start();
  try {
    const k = await openKitchen(hub, partner, 'Pier Kitchen');
    const name = 'Pier Kitchen Marketplace';
    await signIn(page);
    await page.goto(`/ui/accounts/${k.loc.accountId}/locations/${k.loc.locationId}/store-status`);
    await expect(page.getByRole('heading', { name: 'The store is open' })).toBeVisible();
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    const row = page.getByRole('table', { name: 'Marketplaces told' }).getByRole('row', { name: new RegExp(name) });
    await expect(row.getByText('Nothing sent yet')).toBeVisible();

    const form = page.getByRole('form', { name: 'Pause the store' });
    // A reopening time in the past is refused, and said next to the field.
    await form.getByRole('radio', { name: 'At a time' }).check();
    await form.getByLabel('Reopen at').fill('2020-01-01T10:00');
    await form.getByRole('button', { name: 'Pause store' }).click();
    await expect(form.getByText('must be in the future')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The store is open' })).toBeVisible();
    await form.getByRole('radio', { name: 'In 1 hour' }).check();
    await form.getByLabel('Reason').fill('TOO_BUSY');
    await form.getByLabel('Notes').fill('Kitchen full');
    const pausedAt = Date.now();
    await form.getByRole('button', { name: 'Pause store' }).click();
    await expect(page.getByRole('heading', { name: 'The store is paused' })).toBeVisible();
    await expect(
      page.getByText(/Reopens by itself at .* \(in (59 min|60 min|1\.0 h)\)\. Reason: TOO_BUSY\. Kitchen full/),
    ).toBeVisible();

    const [paused] = await partner.waitForRequests(1, { path: '/store-status' });
    const pause = JSON.parse(paused.body);
    expect(pause).toMatchObject({
      eventType: 'STORE_STATUS_CHANGED',
      connectionId: k.connectionId,
      storeStatus: 'OFFLINE',
      closedReason: 'TOO_BUSY',
      closedReasonNotes: 'Kitchen full',
    });
    expect(Math.abs(new Date(pause.closedUntil).getTime() - (pausedAt + 3_600_000))).toBeLessThan(60_000);
    await expect(row.getByText('Paused')).toBeVisible();
    await expect(row.getByText('Received', { exact: true })).toBeVisible();
    await capture('store-status-paused');

    // The resume time, brought forward through the API: the hub reopens by itself and tells the marketplace.
    const sooner = await hub.admin.put(`${k.loc.path}/store-status`, {
      storeStatus: 'OFFLINE',
      closedUntil: new Date(Date.now() + 300).toISOString(),
      closedReason: 'TOO_BUSY',
    });
    expect(sooner.status).toBe(200);
    await expect(page.getByRole('heading', { name: 'The store is open' })).toBeVisible();
    const [, , reopened] = await partner.waitForRequests(3, { path: '/store-status' });
    expect(JSON.parse(reopened.body)).toMatchObject({ storeStatus: 'ONLINE', closedUntil: null, closedReason: null });
    await expect(row.getByText('Open', { exact: true })).toBeVisible();
    await expect(row.getByText('Received', { exact: true })).toBeVisible();
    await capture('store-status-open');

    // Paused until reopened by hand, then "Reopen now".
    await form.getByRole('radio', { name: 'No, I reopen it' }).check();
    await form.getByRole('button', { name: 'Pause store' }).click();
    await expect(page.getByText('Stays paused until someone reopens it.')).toBeVisible();
    await page.getByRole('button', { name: 'Reopen now' }).click();
    await expect(page.getByRole('heading', { name: 'The store is open' })).toBeVisible();
    const sent = await partner.waitForRequests(5, { path: '/store-status' });
    expect(sent.map((r) => JSON.parse(r.body).storeStatus)).toEqual([
      'OFFLINE',
      'OFFLINE',
      'ONLINE',
      'OFFLINE',
      'ONLINE',
    ]);
  } finally {
    await partner.close();
  }
});

test.describe('a location in another timezone', () => {
  test.use({ timezoneId: 'UTC' });

  test('shows its reopening time on its own clock, labelled', async ({ page, hub }) => {
    const loc = await hub.createLocation(undefined, 'Amsterdam Kitchen');
    expect((await hub.admin.patch(loc.path, { timezone: 'Europe/Amsterdam' })).status).toBe(200);
    // 23:47 UTC tomorrow is 00:47 the day after in Amsterdam.
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
    tomorrow.setUTCHours(23, 47, 0, 0);
    const paused = await hub.admin.put(`${loc.path}/store-status`, {
      storeStatus: 'OFFLINE',
      closedUntil: tomorrow.toISOString(),
    });
    expect(paused.status).toBe(200);
    await signIn(page);
    await page.goto(`/ui/accounts/${loc.accountId}/locations/${loc.locationId}/store-status`);
    await expect(page.getByText(/Reopens by itself at .*12:47:00 AM \(Amsterdam time\)/)).toBeVisible();
  });
});
