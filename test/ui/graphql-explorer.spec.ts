import { getIntrospectionQuery } from 'graphql';
import { secretBox } from '../../src/common/crypto.js';
import { uiGraphql } from '../support/ui-session.js';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.js';

/** Replaces the operation in GraphiQL's (Monaco) editor by typing it, key by key, as a person does. */
async function typeOperation(page: Page, operation: string): Promise<void> {
  await page.getByRole('region', { name: 'Operation Editor' }).locator('.monaco-editor').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(operation);
  // Monaco closes brackets as they are typed, and types over the closing ones: the text is what was typed.
  await expect(page.getByRole('region', { name: 'Operation Editor' }).locator('.view-lines')).toHaveText(
    operation.replaceAll(' ', '\u00a0'),
  );
}

// The GraphQL explorer: GraphiQL bundled with the UI, at /ui/graphql, on the session.

test('a signed-in operator opens GraphiQL from the navigation, runs a query on the session, and browses the schema', async ({
  page,
  context,
  hub,
  capture,
}) => {
  const fromCdn: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(hub.url) && !/^(data|blob):/.test(req.url())) fromCdn.push(req.url());
  });
  await signIn(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'GraphQL explorer' })
    .click();
  await expect(page).toHaveURL(/\/ui\/graphql$/);
  await expect(page.getByRole('heading', { name: 'GraphQL explorer' })).toBeVisible();

  await typeOperation(page, 'query Mine { viewer { email role } }');
  const answered = page.waitForResponse(
    (res) => res.url() === `${hub.url}/graphql` && /query Mine/.test(res.request().postData() ?? ''),
  );
  await page.getByRole('button', { name: /^Execute query/ }).click();
  const answer = await answered;
  expect(answer.status()).toBe(200);
  // The session cookie and the UI's header (CSRF): no token anywhere in the request.
  const sent = await answer.request().allHeaders();
  expect(sent['x-order-hub-ui']).toBe('1');
  expect(sent.authorization).toBeUndefined();
  const result = page.getByRole('region', { name: 'Result Window' });
  await expect(result).toContainText(`"email": "admin@test.example"`);
  await expect(result).toContainText(`"role": "admin"`);

  // Introspection works for it: the docs explorer lists the schema's root types and the fields of Query.
  await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
  await expect(page.getByText('Root Types')).toBeVisible();
  await page.getByRole('link', { name: 'Query', exact: true }).click();
  await expect(page.getByRole('link', { name: 'viewer', exact: true })).toBeVisible();
  await capture('graphql-explorer');

  expect(fromCdn, 'everything GraphiQL loads comes from the hub').toEqual([]);
  // GraphiQL keeps tabs and history in localStorage: queries and answers, never the session or a token.
  const [cookie] = await context.cookies();
  const rows = await hub.hub.orm.em
    .fork()
    .getConnection()
    .execute<{ a: string; r: string }[]>('select access_token_sealed as a, refresh_token_sealed as r from ui_sessions');
  const secrets = [cookie.value, ...rows.flatMap((row) => [secretBox().open(row.a), secretBox().open(row.r)])];
  const storage = async () =>
    String(await page.evaluate('JSON.stringify([localStorage, sessionStorage, document.cookie])'));
  await expect.poll(storage).toContain('query Mine');
  const stored = await storage();
  for (const secret of secrets) expect(stored).not.toContain(secret);
  // The same introspection through the session from outside the browser: the schema, not a refusal.
  const schema = await uiGraphql(hub.url, getIntrospectionQuery(), { cookie: `${cookie.name}=${cookie.value}` });
  expect(schema.body.errors).toBeUndefined();
  expect(schema.body.data.__schema.queryType.name).toBe('Query');
});

test("a merchant finds the explorer too, and it answers with the merchant's reach only", async ({ page, hub }) => {
  const mine = await hub.createLocation(undefined, 'Explorer Home');
  const theirs = await hub.createLocation(undefined, 'Explorer Elsewhere');
  const merchant = await hub.createUser('merchant', [mine.accountId]);
  await signIn(page, merchant);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'GraphQL explorer' })
    .click();
  await typeOperation(page, '{ accounts { data { id } } }');
  const answered = page.waitForResponse(
    (res) => res.url() === `${hub.url}/graphql` && /accounts/.test(res.request().postData() ?? ''),
  );
  await page.getByRole('button', { name: /^Execute query/ }).click();
  const body = await (await answered).json();
  expect(body.data.accounts.data).toEqual([{ id: mine.accountId }]);
  expect(JSON.stringify(body)).not.toContain(theirs.accountId);
  await expect(page.getByRole('region', { name: 'Result Window' })).toContainText('"accounts"');
});
