import { expect, test as base, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTestHub, TEST_ADMIN, type TestHub } from '../support/test-hub.js';

// What every browser test gets: a hub of its own on PostgreSQL (TEST_DATABASE_URL) on a free port, the
// browser pointed at it, a page that fails the test on any console error or uncaught exception, and
// screenshots saved as artifacts (artifacts/ui/screens, not committed).

export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../artifacts/ui/screens/', import.meta.url));

interface WorkerFixtures {
  /** Settings the worker's hub starts with (testEnv overrides), e.g. `test.use({ hubSettings: { DELIVERY_RETRY_SCHEDULE: '1' } })`. */
  hubSettings: Record<string, string>;
  hub: TestHub;
}

interface TestFixtures {
  /** Saves the page at 1280x800 and at a 390 px wide phone: artifacts/ui/screens/<name>-{desktop,phone}.png */
  capture: (name: string) => Promise<void>;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  hubSettings: [{}, { scope: 'worker', option: true }],
  hub: [
    async ({ hubSettings }, use) => {
      const hub = await startTestHub(hubSettings);
      await use(hub);
      await hub.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ hub }, use) => use(hub.url),
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()} (${message.location().url})`);
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
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-phone.png`, fullPage: true, animations: 'disabled' });
      await page.setViewportSize(desktop);
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
