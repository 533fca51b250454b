import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.js';

// An order that must be accepted in time, as the kitchen sees it on the board: while its time runs out a banner
// names it with the time left and the board sounds (whatever the new-order switch says); at its deadline the
// banner says it was not accepted in time, until someone answers it; Silence stops the sound. A minute of a
// deadline lasts two seconds here (CLOCK_MINUTE_MS), so the test waits for what the board shows, not for minutes.

test.use({ hubSettings: { CLOCK_MINUTE_MS: '2000' } });

/** Counts every WebAudio source the page starts (the beep's two oscillators), installed before the page's scripts. */
const COUNT_SOUNDS = `
  window.soundsStarted = 0;
  const start = AudioScheduledSourceNode.prototype.start;
  AudioScheduledSourceNode.prototype.start = function (...args) {
    window.soundsStarted++;
    return start.apply(this, args);
  };
`;
const soundsStarted = (page: Page) => page.evaluate<number>('window.soundsStarted');

test('an order not accepted in time warns on the board, and the operator can silence it', async ({
  page,
  hub,
  capture,
}) => {
  const market = await hub.createApplication('MARKETPLACE', { name: 'FoodNow' });
  const loc = await hub.createLocation(undefined, 'Deadline Kitchen');
  await hub.connect(market, loc);
  const marketClient = await hub.applicationClient(market);

  await page.addInitScript(COUNT_SOUNDS);
  await signIn(page);
  // The location's Order settings tab: two minutes to accept, then only warn.
  await page.goto(`/ui/accounts/${loc.accountId}/locations/${loc.locationId}/order-settings`);
  await page.getByRole('switch', { name: 'Orders must be accepted in time' }).click();
  await page.getByRole('textbox', { name: 'Minutes to accept an order' }).fill('2');
  await page.getByRole('button', { name: 'Save order settings' }).click();
  await expect(page.getByText('Order settings saved')).toBeVisible();
  expect((await hub.admin.get(`${loc.path}/order-settings`)).body.data).toEqual({
    acceptanceDeadlineMinutes: 2,
    afterDeadline: 'NOTHING',
    deliveryAlertMinutes: 15,
  });

  await page.goto(`/ui/accounts/${loc.accountId}/locations/${loc.locationId}/orders`);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Sound for new orders' })).not.toBeChecked();
  const placed = await marketClient.post(`${loc.path}/orders`, {
    externalId: 'late-1',
    orderNumber: 'A-42',
    fulfillmentType: 'PICKUP',
    total: 650,
    items: [{ name: 'Soup', quantity: 1, price: 650 }],
  });
  expect(placed.status).toBe(201);

  // The second half of its time: the banner counts down, and the board sounds once for it.
  const banner = page.getByRole('alert').filter({ hasText: 'A-42' });
  await expect(banner).toContainText('Orders to accept now');
  await expect(banner).toContainText(/A-42 from FoodNow: 0:0\d left to accept/);
  await expect.poll(() => soundsStarted(page)).toBe(2);
  await capture('acceptance-deadline-warning');

  // At the deadline: not accepted in time, in red, still there.
  await expect(banner).toContainText('Orders not accepted in time');
  await expect(banner).toContainText('A-42 from FoodNow: not accepted in time');
  // The board counts down on the browser's clock; the hub marks the order overdue when its deadline job runs,
  // which the scheduler picks up on its next look for due jobs (every 2 s), so the record may follow the banner.
  const orderPath = `${loc.path}/orders/${placed.body.data.id}`;
  await expect
    .poll(async () => (await hub.admin.get(orderPath)).body.data)
    .toMatchObject({ status: 'NEW', overdueAt: expect.any(String) });
  await capture('acceptance-deadline-overdue');

  await banner.getByRole('button', { name: 'Silence' }).click();
  await expect(banner.getByRole('button', { name: 'Silenced' })).toBeDisabled();
  expect(await soundsStarted(page)).toBe(2);

  // Answered: the banner goes.
  expect((await hub.admin.patch(orderPath, { status: 'ACCEPTED' })).status).toBe(200);
  await expect(page.getByRole('alert').filter({ hasText: 'A-42' })).toHaveCount(0);
});
