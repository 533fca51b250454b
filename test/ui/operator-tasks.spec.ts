import { FakePartner } from '../support/fake-partner.js';
import { expect, signIn, test } from './fixtures.js';

// Everyday tasks on the screens, as an admin does them: rotate an application's secrets and edit
// its URLs (an error next to its field); a failed catalog sync in words; paging through a catalog; Disconnect
// after a confirmation; find an account by name.

let pos: FakePartner;
test.beforeAll(async () => {
  pos = await FakePartner.start();
});
test.afterAll(() => pos?.close());

test("an admin rotates an application's secrets (the old one stops working) and edits its URLs", async ({
  page,
  hub,
  capture,
}) => {
  const app = await hub.createApplication('POS', {
    webhookUrl: pos.urlFor('/webhooks'),
    catalogPullUrl: pos.urlFor('/catalog'),
    redirectUris: [pos.urlFor('/callback')],
  });
  await signIn(page);
  await page.goto(`/ui/applications/${app.id}`);
  await page.getByRole('button', { name: 'Rotate secret' }).click();
  await page.getByRole('dialog', { name: 'Rotate the secrets?' }).getByRole('button', { name: 'Rotate' }).click();
  const shown = page.getByRole('dialog', { name: `New secrets for ${app.data.name}` });
  await expect(shown.getByText('shown only this once')).toBeVisible();
  const secret = (await shown.getByLabel('Client secret', { exact: true }).textContent())!.trim();
  expect(secret).not.toBe(app.clientSecret);
  await shown.getByRole('button', { name: 'I have saved them' }).click();
  expect(
    (await hub.token({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret }))
      .status,
  ).toBe(401);
  expect(
    (await hub.token({ grant_type: 'client_credentials', client_id: app.clientId, client_secret: secret })).status,
  ).toBe(200);

  // A URL the hub refuses: its reason next to the field, and nothing saved.
  const webhook = page.getByRole('textbox', { name: 'Webhook URL' });
  await webhook.fill('not a url');
  await page.getByRole('button', { name: 'Save application' }).click();
  await expect(webhook).toHaveAttribute('aria-invalid', 'true');
  // The field's own description: the reason stands under it, read out with it.
  await expect(webhook).toHaveAccessibleDescription(/must be an absolute URL/);
  await capture('application-url-error');
  // The reason was about what was typed: it goes as the field changes, and comes back if it is typed again.
  await webhook.fill(pos.urlFor('/hooks-v2'));
  await expect(webhook).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('must be an absolute URL')).toHaveCount(0);
  await webhook.fill('not a url');
  await expect(webhook).toHaveAccessibleDescription(/must be an absolute URL/);
  await webhook.fill(pos.urlFor('/hooks-v2'));
  await page.getByRole('button', { name: 'Save application' }).click();
  await expect(page.getByText('Application saved')).toBeVisible();
  await expect(webhook).not.toHaveAttribute('aria-invalid', 'true');
  expect((await hub.admin.get(`/v1/applications/${app.id}`)).body.data.webhookUrl).toBe(pos.urlFor('/hooks-v2'));
});

test('the product list shows what a sync brought without a reload', async ({ page, hub }) => {
  const app = await hub.createApplication('POS', { catalogPullUrl: pos.urlFor('/fresh/catalog') });
  const location = await hub.createLocation(undefined, 'Fresh Kitchen');
  await hub.connect(app, location);
  pos.always('/fresh/catalog', {
    status: 200,
    body: {
      categories: [],
      modifiers: [],
      modifierGroups: [],
      products: ['Soup', 'Salad', 'Stew'].map((name) => ({ posReference: name.toLowerCase(), name, price: 700 })),
    },
  });
  await signIn(page);
  await page.goto(`/ui/accounts/${location.accountId}/locations/${location.locationId}/catalog`);
  await expect(page.getByText('No products yet')).toBeVisible();
  await page.getByRole('button', { name: 'Sync catalog' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Catalog synced' })).toContainText('3 products');
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByRole('cell', { name: 'Stew', exact: true })).toBeVisible();
});

test('a failed sync says why in words, a catalog pages on the server, and Disconnect asks first', async ({
  page,
  hub,
  capture,
}) => {
  const app = await hub.createApplication('POS', { catalogPullUrl: pos.urlFor('/down/catalog') });
  const location = await hub.createLocation(undefined, 'Paging Kitchen');
  await hub.connect(app, location);
  pos.always('/down/catalog', { status: 503, body: { error: 'maintenance' } });
  const products = Array.from({ length: 30 }, (_, i) => ({
    posReference: `p-${String(i).padStart(2, '0')}`,
    name: `Dish ${String(i).padStart(2, '0')}`,
    price: 500 + i,
  }));
  expect((await hub.admin.put(`${location.path}/catalog/import`, { products })).status).toBe(200);
  await signIn(page);
  await page.goto(`/ui/accounts/${location.accountId}/locations/${location.locationId}/catalog`);

  await page.getByRole('button', { name: 'Sync catalog' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'The catalog was not synced' });
  await expect(refusal).toContainText('503');
  await expect(refusal).not.toContainText(/partner_error|bad_gateway|internal/);
  await capture('catalog-sync-failed');

  // 25 a page, the next page from the server's key, and back.
  const table = page.getByRole('table', { name: 'Products' });
  await expect(table.getByRole('row')).toHaveCount(26);
  const pages = page.getByRole('navigation', { name: 'Products pages' });
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(pages.getByText('Page 2')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(6);
  await expect(table.getByRole('cell', { name: 'Dish 29', exact: true })).toBeVisible();
  await pages.getByRole('button', { name: 'Previous page' }).click();
  await expect(table.getByRole('cell', { name: 'Dish 00', exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Connections' }).click();
  const row = page
    .getByRole('table', { name: 'Applications at this location' })
    .getByRole('row', { name: new RegExp(app.data.name) });
  await row.getByRole('button', { name: `Disconnect ${app.data.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Disconnect ${app.data.name}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row.getByText('Connected', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Disconnect ${app.data.name}` }).click();
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(row.getByText('Not connected', { exact: true })).toBeVisible();
  expect((await hub.admin.get(`${location.path}/connections`)).body.data).toEqual([]);
});

test('an admin changes a connection’s credentials without disconnecting; the POS receives the new ones', async ({
  page,
  hub,
  capture,
}) => {
  const app = await hub.createApplication('POS', { catalogPullUrl: pos.urlFor('/rotated/catalog') });
  const location = await hub.createLocation(undefined, 'Rotating Kitchen');
  const connectionId = await hub.connect(app, location, { apiKey: 'old-api-key-1111' });
  pos.always('/rotated/catalog', { body: { categories: [], products: [], modifiers: [], modifierGroups: [] } });
  await signIn(page);
  await page.goto(`/ui/accounts/${location.accountId}/locations/${location.locationId}/connections`);
  const row = page
    .getByRole('table', { name: 'Applications at this location' })
    .getByRole('row', { name: new RegExp(app.data.name) });
  await expect(row).toContainText('apiKey: ****1111');

  await row.getByRole('button', { name: `Change credentials of ${app.data.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Credentials of ${app.data.name}` });
  await dialog.getByLabel('Credential 1 name').fill('apiKey');
  await dialog.getByLabel('Credential 1 value').fill('new-api-key-2222');
  await capture('connection-credentials');
  await dialog.getByRole('button', { name: 'Save credentials' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('apiKey: ****2222');
  await expect(row.getByText('Connected', { exact: true })).toBeVisible();

  // The same connection, and the POS is sent the new key on the next call.
  expect((await hub.admin.get(`${location.path}/connections`)).body.data.map((c: { id: string }) => c.id)).toEqual([
    connectionId,
  ]);
  await page.getByRole('tab', { name: 'Catalog' }).click();
  await page.getByRole('button', { name: 'Sync catalog' }).click();
  await expect.poll(() => pos.requestsTo('/rotated/catalog').length).toBe(1);
  expect(JSON.parse(pos.requestsTo('/rotated/catalog')[0].body).connection.credentials).toEqual({
    apiKey: 'new-api-key-2222',
  });
});

test('an admin finds an account by part of its name among more than a page of accounts', async ({
  page,
  hub,
  capture,
}) => {
  const tag = `q${Date.now().toString(36)}`;
  for (let i = 0; i < 26; i++)
    expect((await hub.admin.post('/v1/accounts', { name: `Filler ${tag} ${i}` })).status).toBe(201);
  for (const name of [`Harbour ${tag} Grill`, `Old harbour ${tag} Café`])
    expect((await hub.admin.post('/v1/accounts', { name })).status).toBe(201);

  await signIn(page);
  await page.goto('/ui/accounts');
  const accounts = page.getByRole('table', { name: 'Accounts' });
  await expect(
    page.getByRole('navigation', { name: 'Accounts pages' }).getByRole('button', { name: 'Next page' }),
  ).toBeEnabled();

  const search = page.getByRole('searchbox', { name: 'Search accounts' });
  // Any case; the tag keeps out the accounts other specs made on this worker's hub.
  await search.fill(`HARBOUR ${tag.toUpperCase()}`);
  await expect(accounts.getByRole('row')).toHaveCount(3);
  await expect(accounts.getByRole('link', { name: `Harbour ${tag} Grill` })).toBeVisible();
  await expect(accounts.getByRole('link', { name: `Old harbour ${tag} Café` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Accounts pages' })).toHaveCount(0);
  await capture('accounts-search');

  await search.fill(`${tag} nothing`);
  await expect(page.getByText(`No account's name contains "${tag} nothing".`)).toBeVisible();

  await search.fill('');
  // The whole list again, a page of 25 (and the header row) at a time.
  await expect(accounts.getByRole('row')).toHaveCount(26);
  await expect(
    page.getByRole('navigation', { name: 'Accounts pages' }).getByRole('button', { name: 'Next page' }),
  ).toBeEnabled();
});

test('an admin renames an account, and the new name shows on its page and in the list', async ({
  page,
  hub,
  capture,
}) => {
  const account = (await hub.admin.post('/v1/accounts', { name: `Trattoria Grup ${Date.now().toString(36)}` })).body
    .data;
  const renamed = account.name.replace('Grup', 'Group');
  await signIn(page);
  await page.goto(`/ui/accounts/${account.id}`);
  await expect(page.getByRole('heading', { name: account.name, level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Rename' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rename account' });
  const field = dialog.getByRole('textbox', { name: 'Account name' });
  await expect(field).toHaveValue(account.name);
  // A blank name is refused next to the field, and nothing changes.
  await field.fill(' ');
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog.getByText('is required and must not be empty')).toBeVisible();
  await capture('account-rename-refused');
  await field.fill(renamed);
  await expect(dialog.getByText('is required and must not be empty')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save name' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: renamed, level: 2 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Accounts' }).click();
  await page.getByRole('searchbox', { name: 'Search accounts' }).fill(renamed);
  await expect(page.getByRole('table', { name: 'Accounts' }).getByRole('link', { name: renamed })).toBeVisible();
});
