import { expect, test } from './fixtures.js';

// The API docs (Swagger UI at /docs/index.html) under their Content-Security-Policy: the page draws the
// hub's document and tries a call without one refusal by the browser (a refused script, style or request is
// a console error, which fails the test).

test('Swagger UI draws the document and tries a call within its Content-Security-Policy', async ({ page, hub }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/docs/index.html');
  await expect(page.getByRole('heading', { name: /Order Hub API/ })).toBeVisible();
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  await page.getByRole('textbox', { name: 'auth-bearer-value' }).fill(hub.admin.token!);
  await page.getByRole('button', { name: 'Apply credentials' }).click();
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('button', { name: /^GET \/v1\/accounts List/ }).click();
  await page.getByRole('button', { name: 'Try it out' }).click();
  const answered = page.waitForResponse((res) => res.url().startsWith(`${hub.url}/v1/accounts`));
  await page.getByRole('button', { name: 'Execute' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.locator('.live-responses-table').getByText('"hasNextPage"')).toBeVisible();
  expect(refused).toEqual([]);
});

test('Swagger UI links the partner guides, which open as pages of their own within the same policy', async ({
  page,
  capture,
}) => {
  // A guide is a long page: its full-page screenshots at two widths take a while on a busy machine.
  test.setTimeout(120_000);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/docs/index.html');
  // Swagger UI opens the description's links in a new tab: this one follows the link's address instead.
  const link = page.getByRole('link', { name: 'Build a POS integration' });
  await expect(link).toHaveAttribute('href', '/docs/guides/pos-integration.html');
  await page.goto((await link.getAttribute('href'))!);
  await expect(page.getByRole('heading', { name: 'Build a POS integration', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: '6. Verify every call' })).toBeVisible();
  await capture('guide-pos');
  await page
    .getByRole('navigation', { name: 'Order Hub documentation' })
    .getByRole('link', { name: 'Build a marketplace integration' })
    .click();
  await expect(page.getByRole('heading', { name: 'Build a marketplace integration', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'API reference' }).click();
  // Swagger UI draws the whole document in the browser before its heading shows: slow on a busy machine.
  await expect(page.getByRole('heading', { name: /Order Hub API/ })).toBeVisible({ timeout: 30_000 });
  expect(refused).toEqual([]);
});
