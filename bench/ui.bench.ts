import { chromium } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { UI_DIST_DIR } from '../src/http/web-ui.js';
import { startTestHub, TEST_ADMIN } from '../test/support/test-hub.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/ui/chromium.js';

// The web UI as a person meets it (bench/README.md "Web UI first load"): what the first load of /ui weighs, how long
// until the sign-in page can be used, and the catalog screen of a location with 10,000 products (first page,
// then a search answered by the server). `npm run bench:ui`, after `npm run build`; TEST_DATABASE_URL names
// the PostgreSQL server. Debian's Chromium, headless.

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const gzipOf = (files: string[]) =>
  files.reduce((sum, f) => sum + gzipSync(readFileSync(`${UI_DIST_DIR}assets/${f}`)).length, 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const hub = await startTestHub({}, { validateResponses: false });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const location = await hub.createLocation(undefined, 'Bench location');
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({
    posReference: `p-${i}`,
    name: `Product ${String(i).padStart(5, '0')} ${i % 7 === 0 ? 'Margherita' : 'Pasta'}`,
    price: 100 + (i % 900),
  }));
  const imported = await hub.admin.put(`${location.path}/catalog/import`, { products });
  if (imported.status !== 200) throw new Error(`import failed: ${imported.status} ${imported.text}`);

  // 1. First load: every JS and CSS file the sign-in page fetched, gzip-compressed as a proxy would send them.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const loaded = new Set<string>();
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    if (/\.(js|css)$/.test(path)) loaded.add(path.replace('/ui/assets/', ''));
  });
  const signInTimes: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await context.clearCookies();
    const start = performance.now();
    await page.goto(`${hub.url}/ui/login`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ state: 'visible' });
    await page.getByLabel('E-mail').fill('x');
    signInTimes.push(performance.now() - start);
  }
  const files = readdirSync(`${UI_DIST_DIR}assets`).filter((f) => loaded.has(f));
  const gzip = gzipOf(files);
  const raw = files.reduce((sum, f) => sum + readFileSync(`${UI_DIST_DIR}assets/${f}`).length, 0);

  // 2. The catalog screen with PRODUCTS products.
  await page.getByLabel('E-mail').fill(TEST_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
  const catalogUrl = `${hub.url}/ui/accounts/${location.accountId}/locations/${location.locationId}/catalog`;
  const firstPage: number[] = [];
  const search: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    await page.goto(catalogUrl, { waitUntil: 'commit' });
    await page.getByRole('table', { name: 'Products' }).getByRole('row').nth(25).waitFor();
    firstPage.push(performance.now() - start);
    const wanted = `Product ${String(7 * (round + 100)).padStart(5, '0')} Margherita`;
    const asked = performance.now();
    // Typed at once: the screen waits 250 ms for typing to pause before it asks, which is not the server's time.
    await page.getByRole('searchbox', { name: 'Search' }).fill(wanted);
    await page
      .getByRole('table', { name: 'Products' })
      .getByRole('cell', { name: wanted, exact: false })
      .first()
      .waitFor();
    search.push(performance.now() - asked - 250);
  }

  // 3. The GraphQL explorer opened for the first time (a fresh browser cache): what it fetches on top of the
  // app, and how long until its editor takes a query.
  const explorerContext = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: await context.storageState(),
  });
  const explorer = await explorerContext.newPage();
  await explorer.goto(`${hub.url}/ui/accounts`);
  await explorer.getByRole('button', { name: 'Sign out' }).waitFor();
  const before = new Set(loaded);
  const explorerFiles = new Set<string>();
  explorer.on('response', (res) => {
    const path = new URL(res.url()).pathname.replace('/ui/assets/', '');
    if (/\.(js|css|ttf|woff2?)$/.test(path) && !before.has(path)) explorerFiles.add(path);
  });
  const opened = performance.now();
  await explorer.getByRole('link', { name: 'GraphQL explorer' }).click();
  await explorer.getByRole('region', { name: 'Operation Editor' }).locator('.monaco-editor .view-lines').waitFor();
  await explorer.getByRole('button', { name: /^Execute query/ }).click();
  await explorer.getByRole('region', { name: 'Result Window' }).getByText('"email"').waitFor();
  const explorerMs = performance.now() - opened;
  const explorerGzip = gzipOf(readdirSync(`${UI_DIST_DIR}assets`).filter((f) => explorerFiles.has(f)));
  await explorerContext.close();

  console.log(`| Figure | Value |\n|---|---|`);
  console.log(
    `| First load of /ui/login: JS + CSS (${files.length} files) | ${(gzip / 1024).toFixed(0)} kB gzip (${(raw / 1024).toFixed(0)} kB raw) |`,
  );
  console.log(
    `| Sign-in page usable (navigation to a fillable form), median of ${ROUNDS} | ${median(signInTimes).toFixed(0)} ms |`,
  );
  console.log(
    `| Catalog screen, ${PRODUCTS} products: first page of 25 shown, median of ${ROUNDS} | ${median(firstPage).toFixed(0)} ms |`,
  );
  console.log(
    `| Catalog search answered (after the 250 ms typing pause), median of ${ROUNDS} | ${median(search).toFixed(0)} ms |`,
  );
  console.log(
    `| GraphQL explorer opened the first time: files fetched on top of the app (${explorerFiles.size}) | ${(explorerGzip / 1024).toFixed(0)} kB gzip |`,
  );
  console.log(
    `| GraphQL explorer opened the first time: click to the first query's answer shown | ${explorerMs.toFixed(0)} ms |`,
  );
} finally {
  await browser.close();
  await hub.stop();
}
