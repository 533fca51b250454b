import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { UI_DIST_DIR } from '../../src/http/web-ui.js';

// The first load of /ui (the budget: under 300 kB gzip of JS and CSS), read from the build `npm run build` made:
// what index.html loads before anything is opened. bench/ui.bench.ts measures the same in a browser; this
// catches a heavy import (GraphiQL and Monaco above all) reaching the first load without a bench run.

const BUDGET = 300 * 1024;
const index = readFileSync(`${UI_DIST_DIR}index.html`, 'utf8');
const firstLoad = [...index.matchAll(/(?:src|href)="\/ui\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const gzipped = (file: string) => gzipSync(readFileSync(`${UI_DIST_DIR}${file}`), { level: 9 }).length;

test('the first load of /ui is under 300 kB gzip of JS and CSS', () => {
  expect(firstLoad.some((f) => f.endsWith('.js'))).toBe(true);
  expect(firstLoad.some((f) => f.endsWith('.css'))).toBe(true);
  const total = firstLoad.reduce((sum, file) => sum + gzipped(file), 0);
  expect(total).toBeLessThan(BUDGET);
});

test('GraphiQL and its Monaco editor are bundled, in chunks of their own that the first load does not fetch', () => {
  const assets = readdirSync(`${UI_DIST_DIR}assets`);
  const explorer = assets.filter((f) => f.startsWith('graphql-explorer-'));
  expect(explorer.map((f) => f.slice(f.lastIndexOf('.'))).sort()).toEqual(['.css', '.js']);
  for (const worker of ['editor.worker', 'json.worker', 'graphql.worker'])
    expect(assets.some((f) => f.startsWith(`${worker}-`) && f.endsWith('.js'))).toBe(true);
  for (const file of firstLoad) {
    const text = readFileSync(`${UI_DIST_DIR}${file}`, 'utf8');
    expect({ file, monaco: /monaco-editor|graphiql-container/.test(text) }).toEqual({ file, monaco: false });
  }
});

test("the Reports screen's charts (recharts) are a chunk of their own that the first load does not fetch", () => {
  const assets = readdirSync(`${UI_DIST_DIR}assets`);
  expect(assets.some((f) => f.startsWith('report-charts-') && f.endsWith('.js'))).toBe(true);
  for (const file of firstLoad) {
    const text = readFileSync(`${UI_DIST_DIR}${file}`, 'utf8');
    expect({ file, recharts: /recharts-wrapper|recharts-surface/.test(text) }).toEqual({ file, recharts: false });
  }
});
