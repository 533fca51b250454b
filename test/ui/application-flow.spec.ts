import type { Locator, Page } from '@playwright/test';
import { FakePartner } from '../support/fake-partner.js';
import { TEST_ADMIN } from '../support/test-hub.js';
import { expect, signIn, test } from './fixtures.js';

// The Application Flow (docs/contract.md "Onboarding flows"), as an admin does it in the web UI: register a POS and a
// marketplace, create an account and a location with two tax rates, connect both applications, Open the POS through
// /oauth2/authorize, sync the catalog from the POS, find a product and mark it out of stock; REST sees it.

const CATALOG = {
  categories: [{ posReference: 'cat-mains', name: 'Mains' }],
  modifiers: [{ posReference: 'mod-sauce', name: 'Sauce', price: 30 }],
  modifierGroups: [{ posReference: 'grp-sauces', name: 'Sauces', modifiers: ['mod-sauce'] }],
  products: [
    {
      posReference: 'pasta',
      name: 'Pasta',
      price: 1250,
      categories: ['cat-mains'],
      taxRateIds: ['vat-10'],
      modifierGroups: ['grp-sauces'],
    },
    {
      posReference: 'pizza-margherita',
      name: 'Pizza Margherita',
      price: 1100,
      categories: ['cat-mains'],
      taxRateIds: ['vat-10'],
    },
  ],
};

/** At most three toasts at once, and none over any of `uncovered`. */
async function expectToastsOutOfTheWay(page: Page, uncovered: Locator[]): Promise<void> {
  const toasts = page.getByRole('alert');
  await expect(toasts.first()).toBeVisible();
  expect(await toasts.count()).toBeLessThanOrEqual(3);
  const boxes = await Promise.all((await toasts.all()).map((toast) => toast.boundingBox()));
  for (const target of uncovered) {
    const box = (await target.boundingBox())!;
    const over = boxes.filter(
      (t) =>
        t && t.x < box.x + box.width && box.x < t.x + t.width && t.y < box.y + box.height && box.y < t.y + t.height,
    );
    expect(over, `toasts over ${target}`).toEqual([]);
  }
}

let pos: FakePartner;
let marketplace: FakePartner;
test.beforeAll(async () => {
  pos = await FakePartner.start();
  marketplace = await FakePartner.start();
  pos.always('/catalog', { body: CATALOG });
});
test.afterAll(async () => {
  await pos?.close();
  await marketplace?.close();
});

/** Registers an application through the dialog; returns what the secrets dialog showed. */
async function register(
  page: Page,
  kind: 'POS' | 'Marketplace',
  name: string,
  partner: FakePartner,
  capture?: (n: string) => Promise<void>,
) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Applications' }).click();
  await page.getByRole('button', { name: 'Register application' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register application' });
  await dialog.getByText(kind, { exact: true }).click();
  await dialog.getByLabel('Application name').fill(name);
  await dialog.getByLabel('Redirect URIs').fill(partner.urlFor('/callback'));
  await dialog.getByLabel('Webhook URL').fill(partner.urlFor('/webhooks'));
  if (kind === 'POS') await dialog.getByLabel('Catalog pull URL').fill(partner.urlFor('/catalog'));
  else await dialog.getByLabel('Menu publication URL').fill(partner.urlFor('/menus'));
  await dialog.getByRole('button', { name: 'Register application' }).click();
  const secrets = page.getByRole('dialog', { name: `${name} registered` });
  await expect(secrets.getByText('shown only this once')).toBeVisible();
  const read = async (label: string) => (await secrets.getByLabel(label, { exact: true }).textContent())!.trim();
  const shown = {
    clientId: await read('Client ID'),
    clientSecret: await read('Client secret'),
    webhookSecret: await read('Webhook secret'),
  };
  await expect(secrets.getByRole('button', { name: 'Copy client secret' })).toBeVisible();
  if (capture) await capture('application-secrets');
  await secrets.getByRole('button', { name: 'I have saved them' }).click();
  return shown;
}

test('an admin goes from sign-in to a synced catalog with a product out of stock', async ({ page, hub, capture }) => {
  await signIn(page);

  // 1. Applications: the secrets shown once are the real ones.
  const posApp = await register(page, 'POS', 'Trattoria POS', pos, capture);
  const token = await hub.token({
    grant_type: 'client_credentials',
    client_id: posApp.clientId,
    client_secret: posApp.clientSecret,
  });
  expect(token.status).toBe(200);
  expect(posApp.webhookSecret).toMatch(/^whsec_/);
  const market = await register(page, 'Marketplace', 'Hungry Marketplace', marketplace);
  expect(
    (
      await hub.token({
        grant_type: 'client_credentials',
        client_id: market.clientId,
        client_secret: market.clientSecret,
      })
    ).status,
  ).toBe(200);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Applications' }).click();
  await expect(
    page.getByRole('table', { name: 'Applications' }).getByRole('link', { name: 'Trattoria POS' }),
  ).toBeVisible();
  await capture('applications');
  await page.getByRole('table', { name: 'Applications' }).getByRole('link', { name: 'Trattoria POS' }).click();
  await expect(page.getByRole('heading', { name: 'Trattoria POS' })).toBeVisible();
  await expect(page.getByText(posApp.clientId)).toBeVisible();
  await capture('application-detail');

  // 2. Account and location with two tax rates, one without posReference.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Accounts' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('dialog', { name: 'Create account' }).getByLabel('Account name').fill('Trattoria Group');
  await page.getByRole('dialog', { name: 'Create account' }).getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Trattoria Group' })).toBeVisible();
  await page.getByRole('button', { name: 'Create location' }).click();
  const create = page.getByRole('dialog', { name: 'Create location' });
  await create.getByLabel('Location name').fill('Main Street');
  await create.getByLabel('Currency').fill('EUR');
  await create.getByLabel('Timezone').fill('Europe/Rome');
  await create.getByRole('button', { name: 'Create location' }).click();
  await expect(page.getByRole('heading', { name: 'Main Street' })).toBeVisible();
  const locationUrl = new URL(page.url());
  const [, , accountId, , locationId] = locationUrl.pathname.replace('/ui', '').split('/');

  await page.getByRole('button', { name: 'Add tax rate' }).click();
  const first = page.getByRole('group', { name: /^Tax rate 1/ });
  await first.getByLabel('Name').fill('VAT 10%');
  await first.getByLabel('POS reference').fill('vat-10');
  await first.getByLabel('Rate (%)').fill('10');
  await expect(first.getByText('Stored value: 100000')).toBeVisible();
  await first.getByLabel('Inclusive').check();
  await first.getByLabel('Default').check();
  await page.getByRole('button', { name: 'Add tax rate' }).click();
  const second = page.getByRole('group', { name: /^Tax rate 2/ });
  await second.getByLabel('Name').fill('Bag fee');
  await second.getByText('Fixed amount').click();
  await second.getByLabel('Amount (smallest currency unit)').fill('50');
  await expect(second.getByText('Stored value: 50')).toBeVisible();
  // A rate the server refuses: its error appears next to that field.
  await first.getByLabel('Rate (%)').fill('150');
  await page.getByRole('button', { name: 'Save location' }).click();
  await expect(first.getByText(/1000000/)).toBeVisible();
  await first.getByLabel('Rate (%)').fill('10');
  await page.getByRole('button', { name: 'Save location' }).click();
  await expect(page.getByText('Location saved')).toBeVisible();
  // The generated posReference is shown after saving.
  await expect(second.getByLabel('POS reference')).toHaveValue(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  );
  await capture('location-tax-rates');
  const stored = (await hub.admin.get(`/v1/accounts/${accountId}/locations/${locationId}`)).body.data;
  expect(stored.taxRates).toEqual([
    { posReference: 'vat-10', name: 'VAT 10%', type: 'PERCENTAGE', rate: 100000, inclusive: true, isDefault: true },
    {
      posReference: await second.getByLabel('POS reference').inputValue(),
      name: 'Bag fee',
      type: 'FIXED',
      rate: 50,
      inclusive: false,
      isDefault: false,
    },
  ]);

  // 3. Connections: connect both, credentials masked afterwards.
  await page.getByRole('tab', { name: 'Connections' }).click();
  await page.getByRole('button', { name: 'Connect Trattoria POS' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect Trattoria POS' });
  await connect.getByLabel('Credential 1 name').fill('apiKey');
  await connect.getByLabel('Credential 1 value').fill('pos-api-key-0123456789');
  await connect.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('button', { name: 'Connect Hungry Marketplace' }).click();
  await page
    .getByRole('dialog', { name: 'Connect Hungry Marketplace' })
    .getByRole('button', { name: 'Connect', exact: true })
    .click();
  const apps = page.getByRole('table', { name: 'Applications at this location' });
  await expect(apps.getByRole('row', { name: /Trattoria POS/ }).getByText('Connected', { exact: true })).toBeVisible();
  await expect(
    apps.getByRole('row', { name: /Hungry Marketplace/ }).getByText('Connected', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('pos-api-key-0123456789')).toHaveCount(0);
  await expect(apps.getByRole('row', { name: /Trattoria POS/ }).getByText(/apiKey: /)).toBeVisible();
  // A toast names what was done.
  await expect(page.getByRole('alert').filter({ hasText: 'Hungry Marketplace connected' })).toBeVisible();
  // Five actions in a row each said "done": their toasts keep clear of the header and the page's buttons.
  await expectToastsOutOfTheWay(page, [
    page.getByRole('button', { name: 'Sign out' }),
    page.getByRole('link', { name: 'Order board' }),
    page.getByRole('link', { name: 'Delivery log' }),
  ]);
  await capture('connections');

  // 4. Open the POS: through /oauth2/authorize (the hub's sign-in and consent) to its redirect URI.
  await apps.getByRole('link', { name: 'Open Trattoria POS' }).click();
  await page.getByLabel('E-mail').fill(TEST_ADMIN.email);
  await page.getByLabel('Password').fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Location')).toHaveValue(locationId);
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL(`${pos.url}/callback?**`);
  const landed = new URL(page.url()).searchParams;
  for (const name of ['code', 'state', 'account_id', 'location_id', 'connectionId', 'applicationId'])
    expect(landed.get(name)).toBeTruthy();
  expect(landed.get('account_id')).toBe(accountId);
  expect(landed.get('location_id')).toBe(locationId);

  // 5. Catalog: sync from the POS, search, out of stock; REST sees it.
  await page.goto(`/ui/accounts/${accountId}/locations/${locationId}/catalog`);
  await page.getByRole('button', { name: 'Sync catalog' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Catalog synced' })).toContainText('2 products');
  await page.getByRole('searchbox', { name: 'Search' }).fill('margh');
  const products = page.getByRole('table', { name: 'Products' });
  await expect(products.getByRole('row')).toHaveCount(2);
  await expect(products.getByRole('cell', { name: 'pizza-margherita' })).toBeVisible();
  await page.getByRole('switch', { name: 'Pizza Margherita available online' }).click({ force: true });
  await expect(products.getByText('Out of stock')).toBeVisible();
  await capture('catalog');
  await page.getByText('Modifier groups', { exact: true }).click();
  await expect(
    page.getByRole('table', { name: 'Modifier groups' }).getByRole('cell', { name: 'grp-sauces' }),
  ).toBeVisible();
  await capture('catalog-modifier-groups');
  await expect
    .poll(
      async () =>
        (
          await hub.admin.get(
            `/v1/accounts/${accountId}/locations/${locationId}/catalog/products?posReference=pizza-margherita`,
          )
        ).body.data[0]?.show_online,
    )
    .toBe(false);
  const pasta = (
    await hub.admin.get(
      `/v1/accounts/${accountId}/locations/${locationId}/catalog/products?posReference=pizza-margherita`,
    )
  ).body.data[0];
  expect(pasta.taxRateIds).toEqual(['vat-10']);

  // The account's screen, with the location made above.
  await page.goto(`/ui/accounts/${accountId}`);
  await expect(page.getByRole('table', { name: 'Locations' }).getByRole('link', { name: 'Main Street' })).toBeVisible();
  await capture('account-detail');
});
