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
    await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.');
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
});
