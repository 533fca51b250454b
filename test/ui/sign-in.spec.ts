import { expect, signIn, test } from './fixtures.js';

test.describe('sign-in', () => {
  test('GET / leads to the sign-in page, and a wrong password is said in plain words', async ({ page, capture }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/ui\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Order Hub' })).toBeVisible();
    await capture('sign-in');
    await page.getByLabel('E-mail').fill('admin@test.example');
    await page.getByRole('textbox', { name: 'Password' }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong e-mail, username or password.');
  });

  test('an admin signs in, lands on Accounts, and a deep link survives the sign-in', async ({ page, capture }) => {
    await page.goto('/ui/accounts');
    await expect(page).toHaveURL(/\/ui\/login\?next=%2Faccounts$/);
    await signIn(page);
    await expect(page).toHaveURL(/\/ui\/accounts$/);
    await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Accounts' }),
    ).toBeVisible();
    await capture('accounts');
  });

  test('an admin gives a new user a username in Users; it shows there, and the user signs in with it', async ({
    page,
    browser,
    hub,
    capture,
  }) => {
    await signIn(page);
    await page.goto('/ui/users');
    await page.getByRole('button', { name: 'Create user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create user' });
    const email = `night-shift-${Date.now()}@test.example`;
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Username').fill('Night.Shift');
    await dialog.getByRole('textbox', { name: 'Password' }).fill('night-shift-password');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: new RegExp(email) });
    await expect(row).toContainText('Username night.shift');
    await capture('users-username');

    const other = await browser.newPage({ baseURL: hub.url });
    await signIn(other, { email: 'night.shift', password: 'night-shift-password' });
    await expect(other.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await other.close();
  });
});
