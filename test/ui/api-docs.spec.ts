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
