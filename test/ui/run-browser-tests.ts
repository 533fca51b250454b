import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH } from './chromium.js';

// `npm test`'s browser part. Where no Chromium is installed it says so in one loud line and skips only these
// tests; CI (.ci/run) installs Chromium and sets UI_TESTS_REQUIRED=1, which turns a missing browser into a
// failure, so CI never skips them.

if (!existsSync(CHROMIUM_PATH)) {
  if (process.env.UI_TESTS_REQUIRED === '1') {
    console.error(
      `BROWSER TESTS FAILED: no Chromium at ${CHROMIUM_PATH} and UI_TESTS_REQUIRED=1 (apt-get install -y chromium)`,
    );
    process.exit(1);
  }
  console.warn(
    `!!!!! BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROMIUM_PATH) !!!!!`,
  );
  process.exit(0);
}

// The hub serves the UI from the Vite build in dist/ui, which `npm run build` makes and `tsc` alone does not: a
// screen changed since then would be tested as it was. Said once, loudly, rather than a test failing on a
// stale page for no visible reason.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const newestIn = (dir: string): number =>
  Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((entry) =>
      entry.isDirectory() ? newestIn(join(dir, entry.name)) : statSync(join(dir, entry.name)).mtimeMs,
    ),
  );
const bundle = join(root, 'dist/ui/index.html');
if (!existsSync(bundle) || statSync(bundle).mtimeMs < newestIn(join(root, 'src/ui'))) {
  console.error(
    'BROWSER TESTS NOT RUN: the web UI bundle (dist/ui) is missing or older than src/ui; run `npm run build` (or `npm run build:ui`) first',
  );
  process.exit(1);
}

// Playwright matches a file filter against the source path its source maps give (menus.spec.ts): a spec named
// by its compiled file (dist/test/ui/menus.spec.js) would match nothing.
const args = process.argv.slice(2).map((arg) => arg.replace(/^(?:.*\/)?([^/]+)\.spec\.js$/, '$1.spec.ts'));
const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const config = fileURLToPath(new URL('./playwright.config.js', import.meta.url));
// This process's Node options (npm's test:ui passes the hub's, src/config/runtime-options.ts) go on to Playwright,
// whose workers run the hubs under test.
const result = spawnSync(process.execPath, [...process.execArgv, cli, 'test', '--config', config, ...args], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
