import { expect, test as base, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTestHub, TEST_ADMIN, type TestHub } from '../support/test-hub.js';

// What every browser test gets: a hub of its own on PostgreSQL (TEST_DATABASE_URL) on a free port, the
// browser pointed at it, a page that fails the test on any console error or uncaught exception, and
// screenshots saved as artifacts (artifacts/ui/screens, not committed).

const SCREENSHOT_DIR = fileURLToPath(new URL('../../../artifacts/ui/screens/', import.meta.url));

interface WorkerFixtures {
  /** Settings the worker's hub starts with (testEnv overrides), e.g. `test.use({ hubSettings: { DELIVERY_RETRY_SCHEDULE: '1' } })`. */
  hubSettings: Record<string, string>;
  /** A hub of the spec's own, that no other spec writes to: `test.use({ ownHub: true })`. */
  ownHub: boolean;
  hub: TestHub;
}

interface TestFixtures {
  /**
   * Saves the page at 1280x800 and at a 390 px wide phone (artifacts/ui/screens/<name>-{desktop,phone}.png),
   * and fails when the page is wider than the phone: nothing may need sideways scrolling of the whole page
   * (a wide table scrolls inside its own container).
   */
  capture: (name: string) => Promise<void>;
  /** Console errors a test causes on purpose (the browser logs every 503 it gets); any other fails the test. */
  expectedConsoleErrors: RegExp[];
}

/**
 * What sticks out past the right edge of the viewport: the page's width and, for the failure message, the
 * outermost element of each branch that sticks out (the block that is too wide). Evaluated in the page (a
 * string: the server's TypeScript has no DOM types).
 */
async function overflowOf(page: Page): Promise<{ pageWidth: number; viewportWidth: number; culprits: string[] }> {
  return page.evaluate(`(() => {
    const overflows = (el) => el !== null && el.getBoundingClientRect().right > innerWidth + 1;
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((el) => overflows(el) && !overflows(el.parentElement))
      .slice(0, 5)
      .map((el) => '<' + el.tagName.toLowerCase() + ' class="' + (el.getAttribute('class') ?? '').slice(0, 80) + '"> ends at ' + Math.round(el.getBoundingClientRect().right) + ' px: "' + (el.textContent ?? '').trim().slice(0, 60) + '"');
    return { pageWidth: document.documentElement.scrollWidth, viewportWidth: innerWidth, culprits };
  })()`);
}

/**
 * Controls without a name a screen reader could say (every control must be labelled): buttons, links, form
 * fields and switches with no text, aria-label, aria-labelledby, title, <label> or placeholder (the browser's last
 * resort for a name, which GraphiQL's docs search relies on). Evaluated in the page.
 */
async function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const named = (el) =>
      (el.getAttribute('aria-label') ?? '').trim() || el.getAttribute('aria-labelledby') || (el.getAttribute('title') ?? '').trim() ||
      (el.labels && el.labels.length > 0) || (el.getAttribute('placeholder') ?? '').trim() || ((el.tagName === 'BUTTON' || el.tagName === 'A') && (el.textContent ?? '').trim());
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[aria-hidden="true"], [inert]');
    return [...document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=switch], [role=combobox], [role=checkbox]')]
      .filter((el) => shown(el) && !named(el) && !el.closest('.monaco-editor'))
      .map((el) => el.outerHTML.slice(0, 120));
  })()`);
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  hubSettings: [{}, { scope: 'worker', option: true }],
  // A spec that needs a hub no other spec has written to (an empty hub) sets ownHub: a worker option of its own
  // value gives it a worker, and so a hub, of its own.
  ownHub: [false, { scope: 'worker', option: true }],
  hub: [
    async ({ hubSettings, ownHub }, use) => {
      void ownHub;
      const hub = await startTestHub(hubSettings);
      await use(hub);
      await hub.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ hub }, use) => use(hub.url),
  expectedConsoleErrors: [[], { option: true }],
  page: async ({ page, expectedConsoleErrors }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error' || expectedConsoleErrors.some((expected) => expected.test(message.text()))) return;
      problems.push(`console error: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await use(page);
    expect(problems, 'the page logged errors').toEqual([]);
  },
  capture: async ({ page }, use) => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await use(async (name) => {
      const desktop = page.viewportSize() ?? { width: 1280, height: 800 };
      // From the top: a page scrolled by the test would draw its fixed header half-way down the full-page shot.
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-desktop.png`, fullPage: true, animations: 'disabled' });
      expect.soft(await unlabelledControls(page), `${name}: controls without a name`).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-phone.png`, fullPage: true, animations: 'disabled' });
      const phone = await overflowOf(page);
      await page.setViewportSize(desktop);
      expect
        .soft(phone.pageWidth, `${name} is ${phone.pageWidth} px wide on a 390 px phone: ${phone.culprits.join('; ')}`)
        .toBeLessThanOrEqual(phone.viewportWidth);
    });
  },
});

export { expect };

/** Signs in through the sign-in page and waits for the signed-in shell. */
export async function signIn(page: Page, credentials: { email: string; password: string } = TEST_ADMIN): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/ui/login')) await page.goto('/ui/login');
  await page.getByLabel('E-mail').fill(credentials.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}
