import { expect, signIn, test } from './fixtures.js';

// The README's first tour, "zero to a live order", step by step as an operator takes it in the web UI with no
// partner at all: a new account and location, the sandbox POS and marketplace connected, the catalog synced from
// the sandbox POS, a menu published to the sandbox marketplace (and seen as it received it), a test order sent from the board, and the order
// crossing the board to COMPLETED by the sandbox POS's own status changes.

/** The sandbox kitchen's pace: slow enough to see each step on the board, quick enough for a test. */
test.use({ hubSettings: { SANDBOX_POS_PACE_MS: '1500' } });

test('zero to a live order: sandbox partners connected, catalog synced, menu published, a test order completed', async ({
  page,
  capture,
}) => {
  // The whole first tour, with a screenshot at each stop, in one test: longer than a screen's test.
  test.setTimeout(180_000);
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });

  // A new restaurant.
  await nav.getByRole('link', { name: 'Accounts' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  const account = page.getByRole('dialog', { name: 'Create account' });
  await account.getByLabel('Account name').fill('Sandbox Trattoria Group');
  await account.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox Trattoria Group' })).toBeVisible();
  await page.getByRole('button', { name: 'Create location' }).click();
  const location = page.getByRole('dialog', { name: 'Create location' });
  await location.getByLabel('Location name').fill('Trattoria Sandbox');
  await location.getByLabel('Currency').fill('EUR');
  await location.getByLabel('Timezone').fill('Europe/Amsterdam');
  await location.getByRole('button', { name: 'Create location' }).click();
  await expect(page.getByRole('heading', { name: 'Trattoria Sandbox' })).toBeVisible();

  // The sandbox partners, connected like any application, with no credentials.
  await page.getByRole('tab', { name: 'Connections' }).click();
  const apps = page.getByRole('table', { name: 'Applications at this location' });
  for (const name of ['Sandbox POS', 'Sandbox marketplace']) {
    await apps.getByRole('button', { name: `Connect ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Connect ${name}` })
      .getByRole('button', { name: 'Connect', exact: true })
      .click();
    await expect(
      apps.getByRole('row', { name: new RegExp(name) }).getByText('Connected', { exact: true }),
    ).toBeVisible();
  }
  await capture('sandbox-connections');

  // The demo catalog, pulled from the sandbox POS through the delivery engine.
  await page.getByRole('tab', { name: 'Catalog' }).click();
  await page.getByRole('button', { name: 'Sync catalog' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Catalog synced' })).toContainText('products');
  await expect(
    page.getByRole('table', { name: 'Products' }).getByRole('cell', { name: 'Margherita', exact: true }),
  ).toBeVisible();
  await capture('sandbox-catalog');

  // A menu of two products, published to the sandbox marketplace.
  await page.getByRole('tab', { name: 'Menus' }).click();
  await page.getByRole('button', { name: 'Create menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Create menu' });
  await menu.getByLabel('Menu name').fill('Dinner');
  await menu.getByRole('button', { name: 'Create menu' }).click();
  await expect(page.getByRole('heading', { name: 'Dinner', level: 2 })).toBeVisible();
  for (const [search, name] of [
    ['margh', 'Margherita'],
    ['carbo', 'Spaghetti carbonara'],
  ]) {
    await page.getByRole('searchbox', { name: 'Search products' }).fill(search);
    await page
      .getByRole('listitem', { name })
      .getByRole('button', { name: `Add ${name}` })
      .click();
    await expect(page.getByRole('table', { name: 'Menu items' }).getByRole('row', { name })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Publish menu' }).click();
  const publication = page
    .getByRole('table', { name: 'Publications' })
    .getByRole('row', { name: /Sandbox marketplace/ });
  await expect(publication.getByText('Delivered')).toBeVisible();
  await capture('sandbox-menu-published');

  // What the sandbox marketplace received: the menu as published, shown with the location's connections.
  await page.getByRole('link', { name: 'Trattoria Sandbox' }).click();
  await page.getByRole('tab', { name: 'Connections' }).click();
  const received = page.getByRole('region', { name: 'Received by the sandbox marketplace' });
  await received.getByRole('button', { name: /^MENU_PUBLISHED · .* · Dinner, 2 items$/ }).click();
  await expect(received.getByText(/"name": "Dinner"/)).toBeVisible();
  await expect(received.getByText(/"name": "Spaghetti carbonara"/)).toBeVisible();
  await capture('sandbox-received-menu');

  // The board: a test order arrives, the sandbox POS moves it on, it ends in COMPLETED.
  await page.getByRole('link', { name: 'Order board' }).click();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(page.getByText('Live')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'NEW (0)' })).toBeVisible();
  await page.getByRole('button', { name: 'Send a test order' }).click();
  const sent = page.getByRole('alert').filter({ hasText: /^Test order sandbox-\S+ sent$/ });
  await expect(sent).toBeVisible();
  const externalId = (await sent.textContent())!.replace(/^Test order (\S+) sent$/, '$1');

  // It is shown where it is now (NEW, or already further on the sandbox kitchen's pace), marked as a test.
  const order = page.getByRole('button', { name: externalId });
  await page.getByRole('searchbox', { name: 'Find an order' }).fill(externalId);
  await expect(order).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(externalId) }).getByText('Test order')).toBeVisible();
  await order.click();
  const detail = page.getByRole('region', { name: `Order ${externalId}` });
  await expect(detail).toBeVisible();
  await capture('sandbox-test-order');

  // Every step by the sandbox POS, in order, read live into the open detail; the board's counts follow.
  await expect(detail.getByText('Status: COMPLETED')).toBeVisible({ timeout: 20_000 });
  const history = detail.getByRole('table', { name: 'Status history' }).getByRole('row');
  await expect(history).toHaveCount(6);
  for (const [i, status] of ['NEW', 'ACCEPTED', 'PREPARING', 'READY', 'COMPLETED'].entries()) {
    const row = history.nth(i + 1);
    await expect(row.getByRole('cell').first()).toHaveText(status);
    await expect(row.getByRole('cell').last()).toContainText(status === 'NEW' ? 'Sandbox marketplace' : 'Sandbox POS');
  }
  await page.getByRole('searchbox', { name: 'Find an order' }).fill('');
  await expect(page.getByRole('tab', { name: 'COMPLETED (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'NEW (0)' })).toBeVisible();
  await page.getByRole('tab', { name: 'COMPLETED (1)' }).click();
  await expect(
    page.getByRole('table', { name: 'Orders in COMPLETED' }).getByRole('button', { name: externalId }),
  ).toBeVisible();
  await capture('sandbox-order-completed');
});
