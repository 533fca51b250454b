import type { Page, Route } from '@playwright/test';
import { expect, signIn, test } from './fixtures.js';

// A short outage (the hub answering 503 database_unavailable with Retry-After, as it does while its database
// restarts): the page says it is reconnecting, keeps its navigation, sends its queries again after the
// Retry-After, and carries on by itself when the hub answers, without a reload.

/** Answers every GraphQL request as the hub does during a database outage until `end()`; counts the refusals. */
async function outage(page: Page): Promise<{ refused: () => number; end: () => Promise<void> }> {
  let refused = 0;
  const handler = (route: Route) => {
    refused++;
    return route.fulfill({
      status: 503,
      headers: { 'retry-after': '1', 'content-type': 'application/json' },
      body: JSON.stringify({
        errors: [{ message: 'The database is unavailable', extensions: { code: 'database_unavailable' } }],
      }),
    });
  };
  await page.route('**/graphql', handler);
  return { refused: () => refused, end: () => page.unroute('**/graphql', handler) };
}

// The browser logs each 503 it is given; those are the point here.
test.use({ expectedConsoleErrors: [/status of 503 \(Service Unavailable\)/] });

test('a short outage: reconnecting, navigation kept, recovered without a reload', async ({ page, hub, capture }) => {
  await hub.createLocation(undefined, 'Outage Osteria');
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();

  // Opened from the navigation during the outage.
  const down = await outage(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reconnecting to Order Hub' })).toBeVisible();
  await expect.poll(down.refused).toBeGreaterThanOrEqual(2); // sent again after the Retry-After
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await capture('outage-reconnecting');
  await down.end();
  await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Reconnecting to Order Hub' })).toHaveCount(0);

  // A full load during the outage.
  const again = await outage(page);
  await page.reload();
  await expect.poll(again.refused).toBeGreaterThanOrEqual(2);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await again.end();
  await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
});
