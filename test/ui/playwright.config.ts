import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

// The browser tests (compiled to dist/test/ui by `npm run build`, run by `npm test` through
// run-browser-tests.js). Debian's Chromium, never a downloaded browser. Two workers, each with a hub and a
// browser of its own: on 2 cores one worker leaves a third of the CPU idle (a test mostly waits for the page
// or the hub), two take the specs from 4.5 to 3.6 minutes.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.js',
  outputDir: '../../../artifacts/ui/results',
  workers: 2,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  forbidOnly: Boolean(process.env.CI),
  use: {
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
