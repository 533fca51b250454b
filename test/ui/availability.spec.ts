import { FakePartner } from '../support/fake-partner.js';
import { expect, signIn, test } from './fixtures.js';
import { openKitchen } from './kitchen.js';

// Availability in the web UI, by role and name: the week grid of opening hours (a day copied to others, a
// range past midnight refused and said on its row, a holiday on the location's clock, a marketplace with its
// own hours), saved as one document the marketplaces hear of; snoozing a product "until closing" and a
// modifier at a custom time from the catalog, the list of what is snoozed with Unsnooze; and on the order
// board, an order that named a snoozed modifier, and busy mode in one press.

const two = (n: number) => String(n).padStart(2, '0');

test('opening hours: a week with a day copied, a holiday and a marketplace’s own hours, saved whole', async ({
  page,
  hub,
  capture,
}) => {
  const partner = await FakePartner.start();
  try {
    const k = await openKitchen(hub, partner, 'Canal Kitchen');
    expect((await hub.admin.patch(k.loc.path, { timezone: 'Europe/Amsterdam' })).status).toBe(200);
    await signIn(page);
    await page.goto(`/ui/accounts/${k.loc.accountId}/locations/${k.loc.locationId}/opening-hours`);
    const week = page.getByRole('table', { name: 'Weekly opening hours', exact: true });
    await expect(week.getByRole('row', { name: /Monday/ })).toContainText('Closed');

    // Monday: lunch and dinner.
    await page.getByRole('button', { name: 'Add hours to Monday', exact: true }).click();
    await page.getByLabel('Monday opens', { exact: true }).fill('11:30');
    await page.getByLabel('Monday closes', { exact: true }).fill('14:00');
    await page.getByRole('button', { name: 'Add hours to Monday', exact: true }).click();
    await page.getByLabel('Monday opens (2)', { exact: true }).fill('17:00');
    await page.getByLabel('Monday closes (2)', { exact: true }).fill('22:00');
    // The same on Tuesday to Friday, copied.
    await page.getByRole('button', { name: 'Copy Monday to other days', exact: true }).click();
    for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await page.getByRole('checkbox', { name: day }).check();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByLabel('Friday opens (2)', { exact: true })).toHaveValue('17:00');
    // Saturday until midnight; Sunday "22:00 to 02:00", which the hub refuses: a range past midnight is two.
    await page.getByRole('button', { name: 'Add hours to Saturday', exact: true }).click();
    await page.getByLabel('Saturday opens', { exact: true }).fill('12:00');
    await page.getByLabel('Saturday closes', { exact: true }).fill('00:00');
    await page.getByRole('button', { name: 'Add hours to Sunday', exact: true }).click();
    await page.getByLabel('Sunday opens', { exact: true }).fill('22:00');
    await page.getByLabel('Sunday closes', { exact: true }).fill('02:00');

    // Christmas closed, typed on Amsterdam's clock.
    await page.getByRole('button', { name: 'Add a holiday' }).click();
    await page.getByLabel('Closed from (Europe/Amsterdam)').fill('2026-12-25T00:00');
    await page.getByLabel('Open again at (Europe/Amsterdam)').fill('2026-12-26T00:00');
    await page.getByLabel('Reason').fill('Christmas');

    // The marketplace keeps the week without Saturday.
    const market = 'Canal Kitchen Marketplace';
    await page.getByRole('switch', { name: `${market} has its own hours` }).check();
    await page.getByRole('button', { name: `${market}: Remove Saturday 12:00–24:00` }).click();
    await page.getByRole('button', { name: `${market}: Remove Sunday 22:00–02:00` }).click();

    await page.getByRole('button', { name: 'Save opening hours' }).click();
    await expect(page.getByLabel('Sunday closes', { exact: true })).toHaveAccessibleDescription(
      /must be after start \(22:00\); a range past midnight is written as two/,
    );
    expect((await hub.admin.get(`${k.loc.path}/opening-hours`)).body.data.openingHours).toEqual([]);
    await capture('opening-hours-refused');
    await page.getByRole('button', { name: 'Remove Sunday 22:00–02:00', exact: true }).click();
    await page.getByRole('button', { name: 'Save opening hours' }).click();
    await expect(page.getByText('Opening hours saved; the marketplaces are told')).toBeVisible();

    const weekdays = [1, 2, 3, 4, 5].flatMap((dayOfWeek) => [
      { dayOfWeek, start: '11:30', end: '14:00' },
      { dayOfWeek, start: '17:00', end: '22:00' },
    ]);
    const saved = (await hub.admin.get(`${k.loc.path}/opening-hours`)).body.data;
    expect(saved).toEqual({
      openingHours: [...weekdays, { dayOfWeek: 6, start: '12:00', end: '24:00' }],
      overrides: [{ connectionId: k.connectionId, openingHours: weekdays }],
      holidays: [{ from: '2026-12-24T23:00:00.000Z', to: '2026-12-25T23:00:00.000Z', reason: 'Christmas' }],
    });
    const [told] = await partner.waitForRequests(1, { path: '/hooks' });
    expect(JSON.parse(told.body)).toMatchObject({ eventType: 'OPENING_HOURS_CHANGED', openingHours: weekdays });

    // What was saved is what the screen shows again.
    await page.reload();
    await expect(page.getByLabel('Friday opens (2)', { exact: true })).toHaveValue('17:00');
    await expect(page.getByLabel('Closed from (Europe/Amsterdam)')).toHaveValue('2026-12-25T00:00');
    await expect(page.getByRole('switch', { name: `${market} has its own hours` })).toBeChecked();
    await capture('opening-hours');
  } finally {
    await partner.close();
  }
});

test('snooze from the catalog, unsnooze from the list; the board shows a snoozed option and busy mode', async ({
  page,
  hub,
  capture,
}) => {
  const partner = await FakePartner.start();
  try {
    const k = await openKitchen(hub, partner, 'Dock Kitchen');
    // Open today (UTC, the location's zone) from midnight until two hours from now: "until closing" is then.
    const now = new Date();
    const weekday = ((now.getUTCDay() + 6) % 7) + 1;
    const closingHour = Math.min(now.getUTCHours() + 2, 24);
    const hours = { openingHours: [{ dayOfWeek: weekday, start: '00:00', end: `${two(closingHour)}:00` }] };
    expect((await hub.admin.put(`${k.loc.path}/opening-hours`, hours)).status).toBe(200);
    const closing = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), closingHour));

    await signIn(page);
    await page.goto(`/ui/accounts/${k.loc.accountId}/locations/${k.loc.locationId}/catalog`);
    await page.getByRole('button', { name: 'Snooze Burger' }).click();
    await page.getByRole('menuitem', { name: /^Until closing/ }).click();
    const snoozed = page.getByRole('table', { name: 'Snoozed' });
    await expect(snoozed.getByRole('row', { name: /Burger/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Products' }).getByRole('row', { name: /Burger/ })).toContainText(
      'Snoozed',
    );

    // A modifier, at a time of our own on the location's clock: tomorrow at 10:00.
    await page.getByText('Modifiers', { exact: true }).click();
    await page.getByRole('button', { name: 'Snooze Extra cheese' }).click();
    await page.getByRole('menuitem', { name: 'Custom time…' }).click();
    const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 10));
    const dialog = page.getByRole('dialog', { name: 'Snooze Extra cheese' });
    await dialog.getByLabel('Not for sale until (UTC)').fill(tomorrow.toISOString().slice(0, 16));
    await dialog.getByRole('button', { name: 'Snooze until then' }).click();
    await expect(snoozed.getByRole('row', { name: /Extra cheese/ })).toBeVisible();
    expect((await hub.admin.get(`${k.loc.path}/catalog/snoozes`)).body.data.items).toEqual([
      expect.objectContaining({ kind: 'PRODUCT', posReference: 'burger', until: closing.toISOString() }),
      expect.objectContaining({ kind: 'MODIFIER', posReference: 'mod-cheese', until: tomorrow.toISOString() }),
    ]);
    await capture('catalog-snoozed');

    await snoozed.getByRole('button', { name: 'Unsnooze Burger' }).click();
    await expect(snoozed.getByRole('row', { name: /Burger/ })).toHaveCount(0);
    const told = await partner.waitForRequests(4, { path: '/hooks' });
    expect(told.map((r) => JSON.parse(r.body).eventType)).toEqual([
      'OPENING_HOURS_CHANGED',
      'ITEMS_SNOOZED',
      'ITEMS_SNOOZED',
      'ITEMS_UNSNOOZED',
    ]);

    // The marketplace places an order with the snoozed cheese: kept, and the board says so.
    const marketClient = await hub.applicationClient(k.market);
    const placed = await marketClient.post(`${k.loc.path}/orders`, {
      externalId: 'dock-17',
      fulfillmentType: 'PICKUP',
      items: [
        {
          posReference: 'burger',
          name: 'Burger',
          quantity: 1,
          price: 850,
          options: [{ posReference: 'mod-cheese', name: 'Extra cheese', price: 50 }],
        },
      ],
    });
    expect(placed.status).toBe(201);
    await page.goto(`/ui/accounts/${k.loc.accountId}/locations/${k.loc.locationId}/orders`);
    await expect(page.getByRole('row', { name: /dock-17/ })).toContainText('Not available when placed');
    await page.getByRole('button', { name: 'dock-17' }).click();
    const detail = page.getByRole('region', { name: 'Order dock-17' });
    await expect(detail.getByRole('note')).toContainText(/Extra cheese \(on Burger\) is snoozed until/);

    // Busy mode in one press, told to the marketplace with the store status, and ended.
    await page.getByRole('button', { name: 'Busy: +15 min for an hour' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Busy mode' })).toContainText(
      'Every order takes 15 minutes more',
    );
    const [busy] = await partner.waitForRequests(1, { path: '/store-status' });
    expect(JSON.parse(busy.body).busyMode).toMatchObject({ extraMinutes: 15 });
    await capture('order-board-busy');
    await page.getByRole('button', { name: 'End busy mode' }).click();
    await expect(page.getByRole('button', { name: 'Busy: +15 min for an hour' })).toBeVisible();
  } finally {
    await partner.close();
  }
});
