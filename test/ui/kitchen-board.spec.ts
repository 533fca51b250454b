import { sqlRows } from '../../src/db/raw-sql.js';
import { expect, signIn, test } from './fixtures.js';

// The board a kitchen keeps open: each order by the number its customer was given; the new-order banner until
// the order moves on; each line's total and the subtotal as the server computes them; a ticket to print; and
// the orders of a range of days and the times of each order, on the location's own clock (far from the
// browser's: Kiritimati, UTC+14, seen from Amsterdam).

const ZONE = 'Pacific/Kiritimati';
test.use({ timezoneId: 'Europe/Amsterdam' });

/** yyyy-mm-dd of an instant on the location's clock, `days` later. */
function dayThere(at: number, days = 0): string {
  return new Date(at + days * 24 * 3600_000).toLocaleDateString('en-CA', { timeZone: ZONE });
}

const dinner = (externalId: string, friendlyId: string) => ({
  externalId,
  friendlyId,
  fulfillmentType: 'PICKUP',
  customer: { firstName: 'Ann', lastName: 'de Vries' },
  notes: 'Ring the bell',
  total: 2750,
  items: [
    {
      name: 'Burger',
      quantity: 2,
      price: 850,
      customerNotes: 'No onions',
      options: [{ name: 'Extra cheese', price: 50 }],
    },
    { name: 'Cola', quantity: 3, price: 250 },
  ],
});

test('the kitchen finds an order by its number, reads its totals, prints its ticket and looks at a range of days', async ({
  page,
  hub,
  capture,
}) => {
  const market = await hub.createApplication('MARKETPLACE', { name: 'Ticket Marketplace' });
  const loc = await hub.createLocation(undefined, 'Ticket Kitchen');
  expect((await hub.admin.patch(loc.path, { currency: 'EUR', timezone: ZONE })).status).toBe(200);
  await hub.connect(market, loc);
  const marketClient = await hub.applicationClient(market);
  const placedAt = new Map<string, string>();
  const place = async (externalId: string, friendlyId: string) => {
    const res = await marketClient.post(`${loc.path}/orders`, dinner(externalId, friendlyId));
    expect(res.status).toBe(201);
    placedAt.set(externalId, res.body.data.createdAt as string);
    return res.body.data.id as string;
  };
  // An order of three days ago (as placed then: only its placement time is moved back).
  const old = await place('web-old', 'K-0');
  await sqlRows(hub.hub.orm.em.fork(), `update orders set created_at = created_at - interval '3 days' where id = ?`, [
    old,
  ]);

  await signIn(page);
  await page.goto(`/ui/accounts/${loc.accountId}/locations/${loc.locationId}/orders`);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'NEW (1)' })).toBeVisible();

  // A new order: the banner names it by its number, and goes once it is accepted.
  await place('web-1', 'K-1');
  const banner = page.getByRole('status').filter({ hasText: 'new order' });
  await expect(banner).toContainText('A new order arrived: K-1.');
  const orders = page.getByRole('table', { name: 'Orders in NEW' });
  const row = orders.getByRole('button', { name: /web-1 / });
  await expect(row).toHaveAccessibleName('K-1 web-1 · Ann de Vries');
  // Placed on the location's clock, which the column's heading names: not the browser's.
  const clock = (zone: string) =>
    page.evaluate(
      ([iso, timeZone]) => new Date(iso).toLocaleTimeString(undefined, { timeZone }),
      [placedAt.get('web-1')!, zone],
    );
  await expect(orders.getByRole('columnheader', { name: 'Placed (Kiritimati time)' })).toBeVisible();
  const placedCell = orders
    .getByRole('row', { name: /web-1 / })
    .getByRole('cell')
    .last();
  await expect(placedCell).toHaveText(await clock(ZONE));
  expect(await clock(ZONE)).not.toBe(await clock('Europe/Amsterdam'));
  await capture('kitchen-board');
  await row.click();
  const detail = page.getByRole('region', { name: 'Order web-1' });
  await expect(detail.getByRole('heading', { name: 'K-1' })).toBeVisible();
  // Its history too: each change on the location's clock, named once in the heading.
  const history = detail.getByRole('table', { name: 'Status history' });
  await expect(history.getByRole('columnheader', { name: 'When (Kiritimati time)' })).toBeVisible();
  await expect(history.getByRole('row', { name: /^NEW/ }).getByRole('cell').nth(1)).toHaveText(await clock(ZONE));

  // Totals: 2 × (8.50 + 0.50) and 3 × 2.50, and their sum, from the server.
  const lines = detail.getByRole('table', { name: 'Lines' });
  await expect(
    lines
      .getByRole('row', { name: /Burger/ })
      .getByRole('cell')
      .nth(3),
  ).toHaveText(/18[.,]00/);
  await expect(lines.getByRole('row', { name: /Cola/ }).getByRole('cell').nth(3)).toHaveText(/7[.,]50/);
  await expect(lines.getByRole('row', { name: /Subtotal/ })).toContainText(/25[.,]50/);
  await capture('kitchen-order-totals');

  await detail.getByRole('button', { name: 'Accept' }).click();
  await expect(detail.getByText('Status: ACCEPTED')).toBeVisible();
  await expect(banner).toHaveCount(0);

  // The ticket: the number big, the lines with their options, notes and totals; printed without the hub around it.
  await detail.getByRole('link', { name: 'Print ticket' }).click();
  const ticket = page.getByRole('document', { name: 'Order ticket' });
  await expect(ticket).toContainText('K-1');
  await expect(ticket).toContainText('web-1 · Ann de Vries');
  await expect(ticket).toContainText('Ticket Kitchen');
  const ticketLines = ticket.getByRole('list', { name: 'Ticket lines' });
  await expect(ticketLines.getByRole('listitem').nth(0)).toContainText('2 × Burger');
  await expect(ticketLines.getByRole('listitem').nth(0)).toContainText('+ Extra cheese');
  await expect(ticketLines.getByRole('listitem').nth(0)).toContainText('“No onions”');
  await expect(ticketLines.getByRole('listitem').nth(0)).toContainText(/18[.,]00/);
  await expect(ticket.getByLabel('Subtotal')).toHaveText(/25[.,]50/);
  await expect(ticket).toContainText(/Charged by Ticket Marketplace\s*€?27[.,]50/);
  await expect(ticket).toContainText('Ring the bell');
  // Placed on the location's clock, labelled since the browser keeps another.
  await expect(ticket).toContainText('(Kiritimati time)');
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  await capture('order-ticket');
  await page.emulateMedia({ media: 'print' });
  await expect(ticket).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('order-ticket-print.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('link', { name: 'Back to the board' }).click();

  // A range of days on the location's clock: today there, then the day of the old order alone.
  const now = Date.now();
  await expect(page.getByRole('tab', { name: 'NEW (1)' })).toBeVisible();
  await page.getByLabel('Placed from').fill(dayThere(now));
  await expect(page.getByRole('tab', { name: 'NEW (0)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'ACCEPTED (1)' })).toBeVisible();
  await expect(page.getByText('No order in NEW placed in these days.')).toBeVisible();
  await page.getByRole('button', { name: 'All days' }).click();
  await page.getByLabel('Placed to').fill(dayThere(now, -3));
  await expect(page.getByRole('tab', { name: 'NEW (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'ACCEPTED (0)' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Orders in NEW' }).getByRole('button', { name: /web-old/ }),
  ).toBeVisible();
  await expect(page.getByText(`Days in Kiritimati time`)).toBeVisible();
  await capture('kitchen-board-days');
  // A search keeps to the range.
  await page.getByRole('searchbox', { name: 'Find an order' }).fill('de vries');
  const found = page.getByRole('table', { name: 'Orders matching "de vries"' });
  await expect(found.getByRole('row')).toHaveCount(2);
  await expect(found.getByRole('button', { name: /web-old/ })).toBeVisible();

  // The same filter over REST: placed at or after `since`, before `until`.
  const since = new Date(now - 4 * 24 * 3600_000).toISOString();
  const until = new Date(now - 2 * 24 * 3600_000).toISOString();
  const listed = await hub.admin.get(`${loc.path}/orders?since=${since}&until=${until}`);
  expect(listed.status).toBe(200);
  expect(listed.body.data.map((o: { externalId: string }) => o.externalId)).toEqual(['web-old']);
  const counted = await hub.admin.get(`${loc.path}/order-counts?until=${until}`);
  expect(counted.body.data.find((c: { status: string }) => c.status === 'NEW').count).toBe(1);
  expect(counted.body.data.find((c: { status: string }) => c.status === 'ACCEPTED').count).toBe(0);
});
