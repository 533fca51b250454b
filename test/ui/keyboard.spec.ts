import type { Locator, Page } from '@playwright/test';
import { TEST_ADMIN } from '../support/test-hub.js';
import { expect, test } from './fixtures.js';

// Keyboard only (everything must be reachable by keyboard): sign in, move through the navigation, open a dialog and
// close it, and run a query in the GraphQL explorer, with Tab, Enter, Escape and typing; on a phone too, through
// the navigation's toggle. No mouse click anywhere in this file.

/** Presses Tab until `target` has the focus, as a person tabbing through the page; fails if it never gets it. */
async function tabTo(page: Page, target: Locator, most = 40): Promise<void> {
  const handle = await target.elementHandle();
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    if (
      await page.evaluate(
        (el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
        handle,
      )
    )
      return;
  }
  throw new Error(`${target} was not reached with ${most} presses of Tab`);
}

async function signInByKeyboard(page: Page): Promise<void> {
  await page.goto('/ui/login');
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(TEST_ADMIN.email);
  await tabTo(page, page.getByRole('textbox', { name: 'Password' }));
  await page.keyboard.type(TEST_ADMIN.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

test('an operator signs in, opens screens and a dialog, and runs a GraphQL query with the keyboard alone', async ({
  page,
}) => {
  await signInByKeyboard(page);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await tabTo(page, nav.getByRole('link', { name: 'Applications' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Applications' })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Register application' }));
  await page.keyboard.press('Enter');
  // The dialog holds the focus (and gives it back when closed).
  const dialog = page.getByRole('dialog', { name: 'Register application' });
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await tabTo(page, nav.getByRole('link', { name: 'GraphQL explorer' }));
  await page.keyboard.press('Enter');
  // GraphiQL's editor is one Tab stop; Enter goes into it (and Tab inside it indents, as in any code editor).
  const editor = page.getByRole('region', { name: 'Operation Editor' });
  await tabTo(page, editor.locator('.graphiql-editor'));
  await page.keyboard.press('Enter');
  await expect(editor.getByRole('textbox')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type('{ viewer { email } }');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByRole('region', { name: 'Result Window' })).toContainText(`"email": "${TEST_ADMIN.email}"`);
});

test('on a 390 px phone the navigation opens from its toggle with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByKeyboard(page);
  await tabTo(page, page.getByRole('button', { name: 'Toggle navigation' }));
  await page.keyboard.press('Enter');
  const users = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' });
  await expect(users).toBeVisible();
  await tabTo(page, users);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  // Closed again, the navigation takes no Tab stop: from the toggle, Tab goes through the header to the screen.
  const nav = page.getByRole('navigation', { name: 'Main navigation', includeHidden: true });
  await tabTo(page, page.getByRole('button', { name: 'Toggle navigation' }));
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    await expect(nav.locator(':focus')).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: 'Create user' })).toBeFocused();
});
