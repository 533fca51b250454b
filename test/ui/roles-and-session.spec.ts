import { FakePartner } from '../support/fake-partner.js';
import { uiGraphql } from '../support/ui-session.js';
import { expect, signIn, test } from './fixtures.js';

// What each role sees, and the session's guarantees as a browser experiences them (docs/contract.md "Web UI").

test('a reseller sees only the accounts it created, and no Applications', async ({ page, hub, capture }) => {
  const reseller = await hub.createUser('reseller');
  const resellerApi = await hub.userClient(reseller);
  const own = (await resellerApi.post('/v1/accounts', { name: 'Reseller Own Account' })).body.data;
  await hub.admin.post('/v1/accounts', { name: 'Someone Else Account' });
  await signIn(page, reseller);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Accounts' }).click();
  const accounts = page.getByRole('table', { name: 'Accounts' });
  await expect(accounts.getByRole('link', { name: 'Reseller Own Account' })).toBeVisible();
  await expect(accounts.getByRole('row')).toHaveCount(2);
  await expect(page.getByText('Someone Else Account')).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Applications' })).toHaveCount(0);
  await capture('reseller-accounts');
  // Users: a reseller creates merchants only, for its own accounts.
  await nav.getByRole('link', { name: 'Users' }).click();
  await page.getByRole('button', { name: 'Create user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create user' });
  await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('Merchant');
  await dialog.getByLabel('E-mail').fill(`merchant-of-reseller-${Date.now()}@test.example`);
  await dialog.getByRole('textbox', { name: 'Password' }).fill('merchant-password-0123');
  await dialog.getByRole('combobox', { name: 'Accounts' }).click();
  await page.getByRole('option', { name: 'Reseller Own Account' }).click();
  // Close the choices (a click outside them), as a person does before submitting.
  await dialog.getByRole('heading', { name: 'Create user' }).click();
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(
    page.getByRole('table', { name: 'Users' }).getByRole('cell', { name: 'Reseller Own Account' }),
  ).toBeVisible();
  await capture('users');
  expect(own.id).toBeTruthy();
});

test("a merchant opening another account's location by URL gets a not-found page and no data", async ({
  page,
  hub,
  capture,
}) => {
  const mine = await hub.createLocation(undefined, 'Merchant Home');
  const theirs = await hub.createLocation(undefined, 'Secret Kitchen');
  const merchant = await hub.createUser('merchant', [mine.accountId]);
  await signIn(page, merchant);
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' }),
  ).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0);
  await page.goto(`/ui/accounts/${theirs.accountId}/locations/${theirs.locationId}`);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page.getByText('Secret Kitchen')).toHaveCount(0);
  await capture('not-found');
  // Its own account: what a merchant cannot do (provisioning) is not offered.
  await page.goto(`/ui/accounts/${mine.accountId}`);
  await expect(
    page.getByRole('table', { name: 'Locations' }).getByRole('link', { name: 'Merchant Home' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create location' })).toHaveCount(0);
});

test('no token reaches the page; the cookie is httpOnly and SameSite=Lax; sign-out ends the session', async ({
  page,
  context,
  hub,
  capture,
}) => {
  await signIn(page);
  const tokens = await hub.hub.orm.em
    .fork()
    .getConnection()
    .execute<{ n: string }[]>('select count(*) as n from ui_sessions');
  expect(Number(tokens[0].n)).toBeGreaterThan(0);
  // Evaluated in the page: what any script there could read.
  const storage = await page.evaluate(
    '({ local: JSON.stringify(localStorage), session: JSON.stringify(sessionStorage), cookies: document.cookie })',
  );
  expect(storage).toEqual({ local: '{}', session: '{}', cookies: '' });
  const cookies = await context.cookies();
  expect(cookies).toHaveLength(1);
  expect(cookies[0]).toMatchObject({ name: 'order_hub_session', httpOnly: true, sameSite: 'Lax', path: '/' });
  const old = `${cookies[0].name}=${cookies[0].value}`;
  expect((await uiGraphql(hub.url, '{ viewer { email } }', { cookie: old })).body.data.viewer).not.toBeNull();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Order Hub' })).toBeVisible();
  await capture('signed-out');
  expect(await context.cookies()).toEqual([]);
  expect((await uiGraphql(hub.url, '{ viewer { email } }', { cookie: old })).body.data.viewer).toBeNull();
  expect(
    (await uiGraphql(hub.url, '{ accounts { data { id } } }', { cookie: old })).body.errors[0].extensions.code,
  ).toBe('unauthorized');
  await page.goto('/ui/accounts');
  await expect(page).toHaveURL(/\/ui\/login/);
});

test('a cross-site form posting to /graphql with the session cookie is refused', async ({ page, context, hub }) => {
  await signIn(page);
  const evil = await FakePartner.start();
  try {
    // Another site (127.0.0.1 is not the hub's localhost): an auto-submitting form, the classic CSRF.
    const mutation = JSON.stringify({ query: 'mutation { createAccount(input: { name: "CSRF Account" }) { id } }' });
    evil.always('/attack', {
      headers: { 'content-type': 'text/html' },
      body: `<!doctype html><form id="f" method="POST" action="${hub.url}/graphql" enctype="text/plain"><input name='${mutation.slice(0, -2)}' value='"}'></form><script>document.getElementById('f').submit()</script>`,
    });
    const attacker = await context.newPage();
    const answered = attacker.waitForResponse((res) => res.url() === `${hub.url}/graphql`);
    await attacker.goto(evil.urlFor('/attack'));
    expect((await answered).status()).toBe(401);
    await attacker.close();
  } finally {
    await evil.close();
  }
  // Even with the cookie attached (a same-site attacker), no header and a foreign Origin are refused.
  const [cookie] = await context.cookies();
  const forged = await uiGraphql(hub.url, 'mutation { createAccount(input: { name: "CSRF Account" }) { id } }', {
    cookie: `${cookie.name}=${cookie.value}`,
    uiHeader: false,
    origin: 'http://127.0.0.1:1',
  });
  expect(forged.status).toBe(401);
  const names = (await hub.admin.get('/v1/accounts?limit=200')).body.data.map((a: { name: string }) => a.name);
  expect(names).not.toContain('CSRF Account');
});

test('an admin deactivates a merchant who left: their open session ends at once, and they sign in again only once reactivated', async ({
  page,
  browser,
  hub,
  capture,
}) => {
  const loc = await hub.createLocation(undefined, 'Leaver Kitchen');
  const merchant = await hub.createUser('merchant', [loc.accountId]);
  const theirs = await browser.newContext({ baseURL: hub.url });
  try {
    const merchantPage = await theirs.newPage();
    await signIn(merchantPage, merchant);
    await expect(merchantPage.getByRole('heading', { name: 'Home' })).toBeVisible();

    await signIn(page);
    await page.goto('/ui/users');
    const users = page.getByRole('table', { name: 'Users' });
    const row = users.getByRole('row', { name: new RegExp(merchant.email.replace(/[.+]/g, '\\$&')) });
    // The users list is oldest first, a page at a time: the merchant is on the last page.
    await expect(users.getByRole('row').nth(1)).toBeVisible();
    for (let shown = 2; !(await row.isVisible()); shown++) {
      await page.getByRole('navigation', { name: 'Users pages' }).getByRole('button', { name: 'Next page' }).click();
      await expect(page.getByText(`Page ${shown}`)).toBeVisible();
      await expect(users.getByRole('row').nth(1)).toBeVisible();
    }
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Deactivate ${merchant.email}` }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate ${merchant.email}?` });
    await expect(confirm).toContainText('signed out everywhere at once');
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(row.getByText('Deactivated', { exact: true })).toBeVisible();
    // Nobody deactivates themselves from here.
    await expect(page.getByRole('button', { name: 'Deactivate admin@test.example' })).toHaveCount(0);
    await capture('users-deactivated');

    // Their next step in the UI finds them signed out, and their password no longer opens it.
    await merchantPage.reload();
    await expect(merchantPage).toHaveURL(/\/ui\/login/);
    await merchantPage.getByLabel('E-mail').fill(merchant.email);
    await merchantPage.getByRole('textbox', { name: 'Password' }).fill(merchant.password);
    await merchantPage.getByRole('button', { name: 'Sign in' }).click();
    await expect(merchantPage.getByRole('alert')).toHaveText('Wrong e-mail, username or password.');

    await row.getByRole('button', { name: `Reactivate ${merchant.email}` }).click();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();
    await signIn(merchantPage, merchant);
  } finally {
    await theirs.close();
  }
});

test("a reseller moves its merchant to another of its accounts: the merchant's open session follows without signing in again", async ({
  page,
  browser,
  hub,
  capture,
}) => {
  const reseller = await hub.createUser('reseller');
  const resellerApi = await hub.userClient(reseller);
  const stamp = Date.now();
  const from = (await resellerApi.post('/v1/accounts', { name: `Old Harbour ${stamp}` })).body.data;
  expect((await resellerApi.post('/v1/accounts', { name: `New Dune ${stamp}` })).status).toBe(201);
  const foreign = (await hub.admin.post('/v1/accounts', { name: `Elsewhere ${stamp}` })).body.data;
  const merchant = { email: `moving-${stamp}@test.example`, password: 'merchant-password-0123' };
  const created = await resellerApi.post('/v1/users', { ...merchant, role: 'merchant', accountIds: [from.id] });
  // An admin also gave the merchant an account of someone else's.
  expect(
    (await hub.admin.patch(`/v1/users/${created.body.data.id}`, { accountIds: [from.id, foreign.id] })).status,
  ).toBe(200);

  const theirs = await browser.newContext({ baseURL: hub.url });
  try {
    const merchantPage = await theirs.newPage();
    await signIn(merchantPage, merchant);
    await merchantPage.goto('/ui/accounts');
    const merchantAccounts = merchantPage.getByRole('table', { name: 'Accounts' });
    await expect(merchantAccounts.getByRole('link', { name: `Old Harbour ${stamp}` })).toBeVisible();

    await signIn(page, reseller);
    await page.goto('/ui/users');
    const row = page
      .getByRole('table', { name: 'Users' })
      .getByRole('row', { name: new RegExp(merchant.email.replace(/[.+]/g, '\\$&')) });
    await expect(row).toContainText(`Old Harbour ${stamp}, 1 other account`);
    await row.getByRole('button', { name: `Change accounts of ${merchant.email}` }).click();
    const dialog = page.getByRole('dialog', { name: `Accounts of ${merchant.email}` });
    await expect(dialog).toContainText('It also works in 1 account that you do not manage; that stays as it is.');
    await dialog.getByRole('combobox', { name: 'Accounts' }).click();
    await page.getByRole('option', { name: `Old Harbour ${stamp}` }).click();
    await page.getByRole('option', { name: `New Dune ${stamp}` }).click();
    await dialog.getByRole('heading', { name: `Accounts of ${merchant.email}` }).click();
    await capture('users-change-accounts');
    await dialog.getByRole('button', { name: 'Save accounts' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText(`New Dune ${stamp}, 1 other account`);

    // The merchant's next look: the new account, the other reseller's still, the old one gone.
    await merchantPage.reload();
    await expect(merchantAccounts.getByRole('link', { name: `New Dune ${stamp}` })).toBeVisible();
    await expect(merchantAccounts.getByRole('link', { name: `Elsewhere ${stamp}` })).toBeVisible();
    await expect(merchantAccounts.getByRole('link', { name: `Old Harbour ${stamp}` })).toHaveCount(0);
    await expect(merchantPage).toHaveURL(/\/ui\/accounts/);
  } finally {
    await theirs.close();
  }
});
