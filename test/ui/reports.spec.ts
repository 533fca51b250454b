import { readFileSync } from 'node:fs';
import pg from 'pg';
import { csvRecords } from '../support/csv.js';
import type { TestHub, TestLocation } from '../support/test-hub.js';
import { expect, signIn, test } from './fixtures.js';

// The Reports screen on a seeded location: orders placed through REST by two marketplaces, accepted,
// rejected and cancelled by the POS, then moved by SQL over the first two weeks of November 2026 (placement
// stamps the hub's clock; the rollups follow any update). The screen is opened from the location's page,
// its range typed, its charts checked by their names and legends, walked with the keyboard, and its CSV
// downloaded and read back.

const FROM = '2026-11-02';
const TO = '2026-11-15';

interface Seeded {
  loc: TestLocation;
  /** externalIds of the orders placed, by marketplace. */
  placed: Record<string, string[]>;
}

async function seed(hub: TestHub): Promise<Seeded> {
  const pos = await hub.createApplication('POS', { name: 'Grill POS' });
  const markets = {
    FoodNow: await hub.createApplication('MARKETPLACE', { name: 'FoodNow' }),
    EatHere: await hub.createApplication('MARKETPLACE', { name: 'EatHere' }),
  };
  const loc = await hub.createLocation(undefined, 'Harbour Grill');
  expect((await hub.admin.patch(loc.path, { timezone: 'Europe/Amsterdam', currency: 'EUR' })).status).toBe(200);
  await hub.connect(pos, loc);
  const posClient = await hub.applicationClient(pos);
  const db = new pg.Client({ connectionString: hub.db.url });
  await db.connect();
  const placed: Record<string, string[]> = { FoodNow: [], EatHere: [] };
  try {
    let n = 0;
    for (const [name, market] of Object.entries(markets)) {
      await hub.connect(market, loc);
      const client = await hub.applicationClient(market);
      // FoodNow: 3 orders a day on weekdays, EatHere: 1 a day; every fifth rejected or cancelled.
      const perDay = name === 'FoodNow' ? 3 : 1;
      for (let day = 0; day < 14; day++)
        for (let i = 0; i < perDay; i++) {
          const externalId = `${name}-${day}-${i}`;
          const res = await client.post(`${loc.path}/orders`, {
            externalId,
            fulfillmentType: 'DELIVERY',
            customer: { firstName: 'Sam', lastName: `Guest ${n}` },
            items: [{ name: 'Fish, chips', quantity: 1 + (n % 2), price: 1250 }],
            total: 1250 + 250 * (n % 4),
          });
          expect(res.status).toBe(201);
          const id = res.body.data.id;
          const outcome = n % 5 === 4 ? (n % 10 === 9 ? 'CANCELLED' : 'REJECTED') : 'ACCEPTED';
          const by = outcome === 'CANCELLED' ? client : posClient;
          const reason = outcome === 'CANCELLED' ? 'CUSTOMER_CANCELLED' : n % 3 ? 'TOO_BUSY' : 'OUT_OF_STOCK';
          const changed = await by.patch(`${loc.path}/orders/${id}`, {
            status: outcome,
            ...(outcome === 'ACCEPTED' ? {} : { cancellationReason: reason }),
          });
          expect(changed.status).toBe(200);
          // Noon-ish in Amsterdam (UTC+1), accepted after 40 s to 4 min.
          const at = new Date(Date.UTC(2026, 10, 2 + day, 10 + i, 7 * i));
          await db.query(
            `update orders set created_at = $2, accepted_at = case when accepted_at is null then null else $2::timestamptz + $3 * interval '1 second' end
              where id = $1`,
            [id, at.toISOString(), 40 + ((n * 37) % 200)],
          );
          placed[name].push(externalId);
          n++;
        }
    }
  } finally {
    await db.end();
  }
  return { loc, placed };
}

test('the Reports screen draws its charts from a seeded location, by keyboard too, and downloads its orders', async ({
  page,
  hub,
  capture,
}) => {
  test.setTimeout(180_000);
  const { loc, placed } = await seed(hub);
  await signIn(page);
  await page.goto(`/ui/accounts/${loc.accountId}/locations/${loc.locationId}`);
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 2 })).toBeVisible();

  // The range, typed.
  await page.getByLabel('From', { exact: true }).fill(FROM);
  await page.getByLabel('To', { exact: true }).fill(TO);
  await expect(page).toHaveURL(new RegExp(`from=${FROM}&to=${TO}`));
  await expect(page.getByText("counted on the location's days (Europe/Amsterdam)")).toBeVisible();

  const orders = page.getByRole('group', { name: 'Orders' });
  await expect(orders).toContainText('56');
  await expect(orders).toContainText(/\d+ accepted/);

  const ordersChart = page.getByRole('figure', { name: 'Orders per marketplace' });
  await expect(ordersChart).toBeVisible();
  await expect(ordersChart.getByText('FoodNow')).toBeVisible();
  await expect(ordersChart.getByText('EatHere')).toBeVisible();
  // A bar per day and marketplace: 14 days, two marketplaces.
  await expect(ordersChart.locator('.recharts-bar-rectangle')).toHaveCount(28);
  for (const name of ['Revenue per marketplace', 'Time to accept', 'Rejected and cancelled, by reason'])
    await expect(page.getByRole('figure', { name })).toBeVisible();
  const reasons = page.getByRole('figure', { name: 'Rejected and cancelled, by reason' });
  for (const reason of ['Too busy', 'Out of stock', 'Customer cancelled'])
    await expect(reasons.getByText(reason)).toBeVisible();

  const table = page.getByRole('table', { name: 'Figures per marketplace' });
  await expect(table.getByRole('row', { name: /FoodNow 42/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /EatHere 14/ })).toBeVisible();
  await capture('reports-location');

  // The keyboard walks a chart: focus it, and the arrow keys move the tooltip from day to day.
  await ordersChart.locator('.recharts-surface').focus();
  await page.keyboard.press('ArrowRight');
  await expect(ordersChart.locator('.recharts-tooltip-wrapper')).toContainText('FoodNow');

  // By week: two Mondays; by hour is for ranges of a week at most.
  await expect(page.getByRole('radio', { name: 'Hour' })).toBeDisabled();
  await page.getByRole('radio', { name: 'Day' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
  await expect(ordersChart).toContainText(/Week of (Nov 9|9 Nov)/);
  await expect(ordersChart.locator('.recharts-bar-rectangle')).toHaveCount(4);

  // The CSV of the range shown, read back: every order placed, once.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download orders (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`orders-${FROM}-to-${TO}.csv`);
  const records = csvRecords(readFileSync(await download.path(), 'utf8'));
  expect(records.map((r) => r.externalId).sort()).toEqual([...placed.FoodNow, ...placed.EatHere].sort());
  expect(records.every((r) => r.locationName === 'Harbour Grill' && r.customer.startsWith('Sam Guest'))).toBe(true);

  // The account's screen, from the account's page.
  await page.goto(`/ui/accounts/${loc.accountId}`);
  await page.getByRole('link', { name: 'Reports' }).click();
  await page.getByLabel('From', { exact: true }).fill(FROM);
  await page.getByLabel('To', { exact: true }).fill(TO);
  await expect(page.getByText("counted on each location's own days")).toBeVisible();
  await expect(page.getByRole('group', { name: 'Orders' })).toContainText('56');
  await expect(
    page.getByRole('figure', { name: 'Orders per marketplace' }).locator('.recharts-bar-rectangle'),
  ).toHaveCount(28);
  await capture('reports-account');
});
