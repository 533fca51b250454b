import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH } from './chromium.js';

// `npm test`'s browser part. Where no Chromium is installed it says so in one loud line and skips only these
// tests; CI (.ci/run) installs Chromium and sets UI_TESTS_REQUIRED=1, which turns a missing browser into a
// failure, so CI never skips them.

if (!existsSync(CHROMIUM_PATH)) {
  if (process.env.UI_TESTS_REQUIRED === '1') {
    console.error(`BROWSER TESTS FAILED: no Chromium at ${CHROMIUM_PATH} and UI_TESTS_REQUIRED=1 (apt-get install -y chromium)`);
    process.exit(1);
  }
  console.warn(`!!!!! BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH) !!!!!`);
  process.exit(0);
}

const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const config = fileURLToPath(new URL('./playwright.config.js', import.meta.url));
const result = spawnSync(process.execPath, [cli, 'test', '--config', config, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
