import { chromium, type Page } from '@playwright/test';
import { performance } from 'node:perf_hooks';
import { percentile } from './support.js';
import { startTestHub, TEST_ADMIN } from '../test/support/test-hub.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/ui/chromium.js';

// The live order board under load (bench/README.md "Order board"), in Debian's
// Chromium against a hub in this process on PostgreSQL (TEST_DATABASE_URL):
// 1. a location with BENCH_BOARD_ORDERS (500) orders: from navigation to the board showing its counts and its
//    first 50 orders, median and worst of BENCH_ROUNDS;
// 2. BENCH_BURST_RATE (50) orders a second placed through REST for BENCH_BURST_SECONDS (20) with the board
//    open: whether every order appeared on it, the page's long tasks, and its heap and DOM size over time;
// 3. BENCH_CALM_ORDERS (200) orders at BENCH_CALM_RATE (5) a second: the time from each order's commit to
//    its row on the board, p50 and p99.
// "On the board" is the moment the order's row is in the DOM of the open board (a MutationObserver in the
// page); the commit is taken as the moment the hub's 201 arrived (the hub answers right after its commit, so
// this slightly flatters the figure), and, as an upper bound, the order's createdAt (written before the commit).
// Both clocks are this machine's. `npm run bench:board` after `npm run build`.

const BOARD_ORDERS = Number(process.env.BENCH_BOARD_ORDERS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const BURST_RATE = Number(process.env.BENCH_BURST_RATE ?? 50);
const BURST_SECONDS = Number(process.env.BENCH_BURST_SECONDS ?? 20);
const CALM_ORDERS = Number(process.env.BENCH_CALM_ORDERS ?? 200);
const CALM_RATE = Number(process.env.BENCH_CALM_RATE ?? 5);

/** In the page before its scripts: when each order's row first appears on the board, and every long task. */
const INSTRUMENT = `
  window.__bench = { seen: {}, longTasks: [] };
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__bench.longTasks.push(e.duration); }).observe({ type: 'longtask' });
  const scan = () => {
    const now = performance.timeOrigin + performance.now();
    for (const b of document.querySelectorAll('table[aria-label="Orders in NEW"] button')) {
      const id = b.textContent;
      if (id && !(id in window.__bench.seen)) window.__bench.seen[id] = now;
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true });
`;

const epochNow = () => performance.timeOrigin + performance.now();
const sleepUntil = (epochMs: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, epochMs - epochNow())));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const hub = await startTestHub({}, { validateResponses: false });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const market = await hub.createApplication('MARKETPLACE');
  const loc = await hub.createLocation(undefined, 'Bench board');
  await hub.connect(market, loc);
  const marketClient = await hub.applicationClient(market);
  const order = (externalId: string) => ({
    externalId,
    fulfillmentType: 'PICKUP',
    total: 650,
    items: [{ name: 'Soup', quantity: 1, price: 650 }],
  });

  /** Places one order; when its 201 arrived and its createdAt, both epoch ms. */
  async function place(externalId: string): Promise<{ externalId: string; answeredAt: number; createdAt: number }> {
    const res = await marketClient.post(`${loc.path}/orders`, order(externalId));
    const answeredAt = epochNow();
    if (res.status !== 201) throw new Error(`order ${externalId}: ${res.status} ${res.text}`);
    return { externalId, answeredAt, createdAt: Date.parse(res.body.data.createdAt) };
  }

  /** Places `count` orders at `rate` a second, on a fixed schedule (a slow answer does not delay the next). */
  async function placeAtRate(prefix: string, count: number, rate: number) {
    const start = epochNow() + 50;
    const placed: Promise<Awaited<ReturnType<typeof place>>>[] = [];
    for (let i = 0; i < count; i++) {
      await sleepUntil(start + (i * 1000) / rate);
      placed.push(place(`${prefix}-${i}`));
    }
    const results = await Promise.all(placed);
    return { results, seconds: (epochNow() - start) / 1000 };
  }

  const seen = (page: Page) => page.evaluate<Record<string, number>>('window.__bench.seen');
  async function waitForAll(page: Page, ids: string[], timeoutMs: number): Promise<Record<string, number>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const now = await seen(page);
      if (ids.every((id) => id in now) || Date.now() > deadline) return now;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  // Seed the location (8 in flight).
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < BOARD_ORDERS) await place(`seed-${next++}`);
    }),
  );

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(INSTRUMENT);
  await page.goto(`${hub.url}/ui/login`);
  await page.getByLabel('E-mail').fill(TEST_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();

  // 1. The board with BOARD_ORDERS orders.
  const boardUrl = `${hub.url}/ui/accounts/${loc.accountId}/locations/${loc.locationId}/orders`;
  const shown: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    await page.goto(boardUrl, { waitUntil: 'commit' });
    await page.getByRole('tab', { name: `NEW (${BOARD_ORDERS})` }).waitFor();
    await page.getByRole('table', { name: 'Orders in NEW' }).getByRole('row').nth(Math.min(50, BOARD_ORDERS)).waitFor();
    shown.push(performance.now() - start);
  }
  await page.getByText('Live', { exact: true }).waitFor();

  // 2. The burst, with the board open.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const metrics = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return { heap: get('JSHeapUsedSize'), nodes: get('Nodes') };
  };
  const collected = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return metrics();
  };
  const before = await collected();
  await page.evaluate('window.__bench.longTasks = []');
  const samples: { at: number; heap: number; nodes: number }[] = [];
  const burstStart = epochNow();
  const sampler = setInterval(
    () => void metrics().then((m) => samples.push({ at: (epochNow() - burstStart) / 1000, ...m })),
    2000,
  );
  const burst = await placeAtRate('burst', BURST_RATE * BURST_SECONDS, BURST_RATE);
  const burstSeen = await waitForAll(
    page,
    burst.results.map((r) => r.externalId),
    30_000,
  );
  clearInterval(sampler);
  const longTasks = await page.evaluate<number[]>('window.__bench.longTasks');
  const after = await collected();
  const burstMissing = burst.results.filter((r) => !(r.externalId in burstSeen)).length;
  const burstLag = burst.results
    .filter((r) => r.externalId in burstSeen)
    .map((r) => burstSeen[r.externalId] - r.answeredAt)
    .sort((a, b) => a - b);

  // 3. Commit to board, at a calm pace.
  const calm = await placeAtRate('calm', CALM_ORDERS, CALM_RATE);
  const calmSeen = await waitForAll(
    page,
    calm.results.map((r) => r.externalId),
    30_000,
  );
  const calmMissing = calm.results.filter((r) => !(r.externalId in calmSeen)).length;
  const fromAnswer = calm.results
    .filter((r) => r.externalId in calmSeen)
    .map((r) => calmSeen[r.externalId] - r.answeredAt)
    .sort((a, b) => a - b);
  const fromCreated = calm.results
    .filter((r) => r.externalId in calmSeen)
    .map((r) => calmSeen[r.externalId] - r.createdAt)
    .sort((a, b) => a - b);

  const maxSample = samples.reduce((m, s) => (s.heap > m.heap ? s : m), { at: 0, heap: 0, nodes: 0 });
  console.log(`| Figure | Value |\n|---|---|`);
  console.log(
    `| Board with ${BOARD_ORDERS} orders: navigation to counts and first 50 rows shown, median (worst) of ${ROUNDS} | ${median(shown).toFixed(0)} ms (${Math.max(...shown).toFixed(0)} ms) |`,
  );
  console.log(
    `| Burst: orders placed, achieved rate | ${burst.results.length} in ${burst.seconds.toFixed(1)} s (${(burst.results.length / burst.seconds).toFixed(1)}/s) |`,
  );
  console.log(
    `| Burst: orders that appeared on the open board | ${burst.results.length - burstMissing} of ${burst.results.length} |`,
  );
  console.log(
    `| Burst: 201 to row on the board, p50 / p99 / max | ${percentile(burstLag, 50).toFixed(0)} / ${percentile(burstLag, 99).toFixed(0)} / ${burstLag[burstLag.length - 1]?.toFixed(0)} ms |`,
  );
  console.log(
    `| Burst: long tasks (over 50 ms), over 200 ms, longest | ${longTasks.length}, ${longTasks.filter((d) => d > 200).length}, ${longTasks.length ? Math.max(...longTasks).toFixed(0) : 0} ms |`,
  );
  console.log(
    `| Burst: JS heap after GC before / highest sample during (at ${maxSample.at.toFixed(0)} s) / after GC after | ${mb(before.heap)} / ${mb(maxSample.heap)} / ${mb(after.heap)} |`,
  );
  console.log(`| Burst: DOM nodes before / after | ${before.nodes} / ${after.nodes} |`);
  console.log(
    `| Burst: heap samples every 2 s | ${samples.map((s) => (s.heap / 1024 / 1024).toFixed(0)).join(', ')} MB |`,
  );
  console.log(
    `| Calm: ${CALM_ORDERS} orders at ${CALM_RATE}/s, appeared | ${calm.results.length - calmMissing} of ${calm.results.length} |`,
  );
  console.log(
    `| Calm: commit (201 arrived) to row on the board, p50 / p99 | ${percentile(fromAnswer, 50).toFixed(0)} / ${percentile(fromAnswer, 99).toFixed(0)} ms |`,
  );
  console.log(
    `| Calm: createdAt (before the commit) to row on the board, p50 / p99 | ${percentile(fromCreated, 50).toFixed(0)} / ${percentile(fromCreated, 99).toFixed(0)} ms |`,
  );
} finally {
  await browser.close();
  await hub.stop();
}
