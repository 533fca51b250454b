import 'reflect-metadata';
import pg from 'pg';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { uuidv7 } from '../src/common/ids.js';
import { adminApi, applicationToken, type Json } from './hub-api.js';
import { cpuNow, cpuPer, percentile, scratchHub } from './support.js';
import { baselinePlacement, deliveringBaseline } from './delivering-baseline.js';
import { countStatements, statementsByText, statementsSent } from './statement-count.js';
import { closeLoopbackClient, send } from './loopback-client.js';
import { watchPauses } from './gc-pauses.js';

// Order placement benchmark. A hub in this process on a scratch database of the local PostgreSQL; a
// MARKETPLACE application places orders of 3 items with 2 options each through the full stack (bearer token
// lookup, OpenAPI and contract validation, tax resolution against the catalog, the order insert and its
// ORDER_CREATED outbox row in one transaction); a fake POS on loopback records when each ORDER_CREATED arrives.
//   1. closed loop: 16 clients, each placing its next order as soon as the previous one is answered;
//   2. open loop: 200 orders/s for a fixed time, latency of each placement;
//   3. GETs of one order by the same marketplace, 16 clients in a closed loop (what any request costs);
//   4. the baseline: the same inserts (order row + outbox row, one transaction) through plain `pg` behind a
//      bare node:http server, with the same 16 clients and bodies;
//   5. the delivering baseline (bench/delivering-baseline.ts): the same, and its ORDER_CREATED delivered to the
//      same POS (LISTEN/NOTIFY, SKIP LOCKED claims, signed keep-alive POSTs, rows marked delivered).
// Every closed loop reports CPU per order (this process; the database's backends) and the statements this
// process sent per order (bench/statement-count.ts).
// Run: npm run bench:orders (the machine's Node) or npm run bench:orders:node24 (Node 24 LTS, the runtime of the hub's
// image; .ci/node24.sh installs it from the registry). BENCH_SECONDS: each phase's length (default 10); BENCH_CLIENTS: closed-loop clients
// (default 16); BENCH_NO_POS=1: no POS connected, so no outbox row and no delivery (isolates their cost);
// BENCH_NO_DELIVERY=1: the POS is connected, so each order writes its outbox row and job, but the delivery
// worker is stopped before the first order (isolates the cost of delivering from that of the outbox);
// BENCH_DEADLINE=1: the location has an acceptance deadline (an hour, never reached here), so each placement also
// adds its deadline's job (src/modules/orders/acceptance-deadline-job.ts); BENCH_SKIP_OPEN=1: no open-loop phase; BENCH_RATE: its rate (default 200 orders/s); BENCH_OPEN_SECONDS: its
// length (default 60); BENCH_TIMELINE=1: its placements by the quarter second they were sent in;
// BENCH_SKIP_BASELINE=1: no baseline (to profile the hub alone); BENCH_PAIRS=n: n pairs of the hub's closed loop and
// the delivering baseline's, each pair's ratio and their median (default 3; the first pair is phases 1 and 5); BENCH_CLIENT=fetch: the measured requests
// through Node's fetch instead of bench/loopback-client.ts. DATABASE_URL names the server (default
// the local one).

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const CLOSED_LOOP_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const OPEN_LOOP_RATE = Number(process.env.BENCH_RATE ?? 200);
// Three by default: the goal is read on their median ratio (bench/README.md "Orders").
const PAIRS = Math.max(1, Number(process.env.BENCH_PAIRS ?? 3));
// A minute, not BENCH_SECONDS: the fixed rate is about the steady state. Its tail follows the process's full
// collections (bench/README.md "Orders"), which come as the old generation fills: within a few seconds the
// open loop would still be paying for the garbage the 16-client phase before it promoted, and a full collection
// in a short window weighs many times what it does at the rate's own pace (one in about 30 s here).
const OPEN_LOOP_SECONDS = Number(process.env.BENCH_OPEN_SECONDS ?? 60);

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

let counter = 0;
function orderBody(): Json {
  const option = (ref: string, name: string) => ({ posReference: ref, name, price: 50 });
  return {
    externalId: `bench-${process.pid}-${counter++}`,
    fulfillmentType: 'DELIVERY',
    customer: { firstName: 'Bench', phone: '+31 20 000 0000' },
    items: [
      {
        posReference: 'prod-1',
        name: 'Burger',
        quantity: 2,
        price: 950,
        options: [option('mod-1', 'Cheese'), option('mod-2', 'Bacon')],
      },
      {
        posReference: 'prod-2',
        name: 'Fries',
        quantity: 1,
        price: 350,
        options: [option('mod-3', 'Mayo'), { name: 'Ketchup', price: 0 }],
      },
      {
        name: 'Cola',
        quantity: 1,
        price: 250,
        taxRateIds: ['vat-21'],
        options: [option('mod-4', 'Ice'), option('mod-5', 'Lemon')],
      },
    ],
    subTotal: 2800,
    totalTax: 300,
    total: 3100,
  };
}

/** The fake POS: answers 200 at once and notes when each order's ORDER_CREATED arrived. */
async function fakePos(): Promise<{ url: string; arrivals: Map<string, number>; close(): Promise<void> }> {
  const arrivals = new Map<string, number>();
  const srv = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (event.eventType === 'ORDER_CREATED' && !arrivals.has(event.orderId))
        arrivals.set(event.orderId, performance.now());
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/webhooks`,
    arrivals,
    close: () => new Promise((r) => srv.close(() => r())),
  };
}

/** The baseline: the same two inserts in one transaction through pg, behind node:http, nothing else. */
async function baselineServer(
  url: string,
  ids: { locationId: string; accountId: string; applicationId: string; posApplicationId: string; webhookUrl: string },
): Promise<{ url: string; close(): Promise<void> }> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // DELIVERED already: the row is written as the outbox row is, but no worker picks it up.
  const srv = baselinePlacement(pool, ids, 'base-', (client, orderId, now, body) =>
    client.query(
      `INSERT INTO deliveries (id, created_at, updated_at, event_id, event_type, application_id, account_id, location_id, ordering_key, chain_position, url, endpoint, payload, status, held)
       VALUES ($1, $2, $2, $3, 'ORDER_CREATED', $4, $5, $6, $7, 1, $8, $9, $10::json, 'DELIVERED', false)`,
      [
        uuidv7(),
        now,
        uuidv7(),
        ids.posApplicationId,
        ids.accountId,
        ids.locationId,
        orderId,
        ids.webhookUrl,
        new URL(ids.webhookUrl).origin,
        JSON.stringify({ orderId, newState: body }),
      ],
    ),
  );
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((r) => srv.close(() => r()));
      await pool.end();
    },
  };
}

/** A bare node:http server answering every request with the same JSON (the GET phase's client floor). */
async function staticJsonServer(body: string): Promise<{ url: string; close(): Promise<void> }> {
  const srv = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/`,
    close: () => new Promise((r) => srv.close(() => r())),
  };
}

interface Placement {
  orderId: string;
  sentAt: number;
  latency: number;
}

async function getOne(url: string, token: string | null): Promise<Placement> {
  const sentAt = performance.now();
  const res = await send(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET answered ${res.status}: ${res.text.slice(0, 300)}`);
  const json = JSON.parse(res.text) as Json;
  return { orderId: json.data.id, sentAt, latency: performance.now() - sentAt };
}

async function placeOne(url: string, token: string | null): Promise<Placement> {
  const sentAt = performance.now();
  const res = await send(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(orderBody()),
  });
  const latency = performance.now() - sentAt;
  if (res.status !== 201) throw new Error(`placement answered ${res.status}: ${res.text.slice(0, 300)}`);
  const json = JSON.parse(res.text) as Json;
  return { orderId: json.data.id, sentAt, latency };
}

async function closedLoop(
  url: string,
  token: string | null,
  seconds: number,
  call = placeOne,
): Promise<{ placements: Placement[]; elapsed: number; statements: number }> {
  const placements: Placement[] = [];
  const sentBefore = statementsSent();
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) placements.push(await call(url, token));
    }),
  );
  return { placements, elapsed: (performance.now() - t0) / 1000, statements: statementsSent() - sentBefore };
}

/** Statements sent from the loop's start until now (its deliveries included), per order. */
const statementsPer = (loop: { placements: Placement[]; statements: number }, sentBefore: number) =>
  `${((statementsSent() - sentBefore) / loop.placements.length).toFixed(1)} statements per order`;

/**
 * The placements answered 201, and how many the hub refused with 503 `overloaded` (its admission control, issue
 * 18: a machine that cannot serve the rate gets refusals, which are counted, not a failed bench).
 */
async function openLoop(
  url: string,
  token: string,
  rate: number,
  seconds: number,
): Promise<{ placed: Placement[]; refused: number }> {
  const total = rate * seconds;
  const t0 = performance.now();
  const inFlight: Promise<Placement | 'refused'>[] = [];
  const refusedOr503 = (error: Error): 'refused' => {
    if (/answered 503/.test(error.message)) return 'refused';
    throw error;
  };
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(placeOne(url, token).catch(refusedOr503));
  }
  const answers = await Promise.all(inFlight);
  const placed = answers.filter((a): a is Placement => a !== 'refused');
  return { placed, refused: answers.length - placed.length };
}

/**
 * BENCH_TIMELINE=1: how late a 2 ms timer of this process fired, at worst, in each 250 ms (a stall of the whole
 * process, such as a garbage collection or a core taken from it, delays every timer; a slow statement delays none).
 */
function eventLoopStalls(): { start(): void; stop(): Map<number, number> } {
  const worst = new Map<number, number>();
  let timer: NodeJS.Timeout | undefined;
  let start = 0;
  return {
    start() {
      start = performance.now();
      let expected = start + 2;
      timer = setInterval(() => {
        const now = performance.now();
        const at = Math.floor((now - start) / 250);
        worst.set(at, Math.max(worst.get(at) ?? 0, now - expected));
        expected = now + 2;
      }, 2);
    },
    stop() {
      clearInterval(timer);
      return worst;
    },
  };
}

/** BENCH_TIMELINE=1: the open loop's placements by the 250 ms in which they were sent, to see when a tail happens. */
function timeline(placed: Placement[], stalls: Map<number, number>): string[] {
  const start = Math.min(...placed.map((p) => p.sentAt));
  const windows = new Map<number, number[]>();
  for (const p of placed) {
    const at = Math.floor((p.sentAt - start) / 250);
    windows.set(at, [...(windows.get(at) ?? []), p.latency]);
  }
  return [...windows]
    .sort(([a], [b]) => a - b)
    .map(
      ([at, latencies]) =>
        `  ${(at * 0.25).toFixed(2)} s: ${latencies.length} sent, placement p50 ${ms(summary(latencies).p50)}, worst ${ms(Math.max(...latencies))}; event loop late by up to ${ms(stalls.get(at) ?? 0)}`,
    );
}

async function untilDelivered(
  arrivals: Map<string, number>,
  placements: Placement[],
  timeoutMs = 60_000,
): Promise<number[]> {
  const deadline = performance.now() + timeoutMs;
  while (placements.some((p) => !arrivals.has(p.orderId)) && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  const missing = placements.filter((p) => !arrivals.has(p.orderId)).length;
  if (missing) throw new Error(`${missing} orders never reached the POS`);
  return placements.map((p) => (arrivals.get(p.orderId) as number) - p.sentAt);
}

/** With BENCH_MARKS=1, each phase's bounds on the clock of `node --cpu-prof` (for bench/profile-owners.ts). */
function mark(phase: string, requests?: number): void {
  if (process.env.BENCH_MARKS)
    process.stderr.write(
      `mark ${phase} ${process.hrtime.bigint() / 1000n} µs, ${performance.now().toFixed(0)} ms since start${requests === undefined ? '' : `, ${requests} requests`}\n`,
    );
}

async function main(): Promise<void> {
  countStatements();
  const { hub, scratch, databaseUrl, stop } = await scratchHub('orders', { RATE_LIMIT_RPS: '0' });
  const pos = await fakePos();
  // The runtime matters to every figure: Node 20's AsyncLocalStorage runs on promise hooks that every promise
  // pays for, Node 24's does not (bench/README.md "Orders").
  const lines: string[] = [
    `Node ${process.version}${process.execArgv.length ? ` (${process.execArgv.join(' ')})` : ''}, ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the start`,
  ];
  let baseline: Awaited<ReturnType<typeof baselineServer>> | undefined;
  let delivered: Awaited<ReturnType<typeof deliveringBaseline>> | undefined;
  try {
    const { call } = await adminApi(hub.url);
    const account = await call('POST', '/v1/accounts', { name: 'Bench' });
    const taxRates = [
      { posReference: 'vat-9', name: 'VAT 9%', type: 'PERCENTAGE', rate: 90000 },
      { posReference: 'vat-21', name: 'VAT 21%', type: 'PERCENTAGE', rate: 210000 },
    ];
    const location = await call('POST', `/v1/accounts/${account.id}/locations`, { name: 'Bench kitchen', taxRates });
    const loc = `/v1/accounts/${account.id}/locations/${location.id}`;
    if (process.env.BENCH_DEADLINE)
      await call('PUT', `${loc}/order-settings`, {
        acceptanceDeadlineMinutes: 60,
        afterDeadline: 'NOTHING',
        deliveryAlertMinutes: 15,
      });
    await call('PUT', `${loc}/catalog/import`, {
      categories: [{ posReference: 'mains', name: 'Mains' }],
      products: Array.from({ length: 200 }, (_, i) => ({
        posReference: `prod-${i}`,
        name: `Product ${i}`,
        price: 500 + i,
        categories: ['mains'],
        taxRateIds: [i % 2 ? 'vat-9' : 'vat-21'],
      })),
      modifiers: Array.from({ length: 100 }, (_, i) => ({
        posReference: `mod-${i}`,
        name: `Modifier ${i}`,
        price: 50,
        taxRateIds: ['vat-9'],
      })),
      modifierGroups: [],
    });
    const redirect = { redirectUris: ['http://127.0.0.1:9/callback'] };
    const posApp = await call('POST', '/v1/applications', {
      kind: 'POS',
      name: 'Bench POS',
      webhookUrl: pos.url,
      catalogPullUrl: 'http://127.0.0.1:9/catalog',
      ...redirect,
    });
    const marketApp = await call('POST', '/v1/applications', {
      kind: 'MARKETPLACE',
      name: 'Bench marketplace',
      webhookUrl: 'http://127.0.0.1:9/webhooks',
      ...redirect,
    });
    if (!process.env.BENCH_NO_POS) await call('POST', `${loc}/connections`, { applicationId: posApp.id });
    await call('POST', `${loc}/connections`, { applicationId: marketApp.id });
    const marketToken = await applicationToken(hub.url, marketApp);
    const ordersUrl = `${hub.url}${loc}/orders`;

    // Nothing is delivered from here on: no order-to-POS figures either.
    const delivering = !process.env.BENCH_NO_POS && !process.env.BENCH_NO_DELIVERY;
    if (process.env.BENCH_NO_DELIVERY) await hub.worker.stop();

    // Warm-up: connections, JIT, caches.
    await closedLoop(ordersUrl, marketToken, 1);

    /** The hub's closed loop: a line of figures, its rate, and the first order it placed (which the GETs read). */
    const hubPhase = async (): Promise<{ line: string; rate: number; firstOrderId: string }> => {
      const cpuBefore = cpuNow(scratch);
      const sentBefore = statementsSent();
      mark('placements');
      const closed = await closedLoop(ordersUrl, marketToken, CLOSED_LOOP_SECONDS);
      const closedToPos = !delivering
        ? { p50: NaN, p99: NaN }
        : summary(await untilDelivered(pos.arrivals, closed.placements));
      mark('placements-end', closed.placements.length);
      const hubCpu = cpuPer(cpuBefore, cpuNow(scratch), closed.placements.length);
      const hubStatements = statementsPer(closed, sentBefore);
      const closedPlacement = summary(closed.placements.map((p) => p.latency));
      const rate = closed.placements.length / closed.elapsed;
      return {
        rate,
        firstOrderId: closed.placements[0].orderId,
        line: `hub, ${CLIENTS} clients, ${CLOSED_LOOP_SECONDS} s: ${rate.toFixed(0)} orders/s; placement p50 ${ms(closedPlacement.p50)}, p99 ${ms(closedPlacement.p99)}; order-to-POS p50 ${ms(closedToPos.p50)}, p99 ${ms(closedToPos.p99)}; ${hubCpu}; ${hubStatements}`,
      };
    };
    const first = await hubPhase();
    lines.push(first.line);
    const hubRate = first.rate;

    if (!process.env.BENCH_SKIP_GET) {
      const orderUrl = `${ordersUrl}/${first.firstOrderId}`;
      await closedLoop(orderUrl, marketToken, 1, getOne);
      const getCpuBefore = cpuNow(scratch);
      const getSentBefore = statementsSent();
      mark('gets');
      const gets = await closedLoop(orderUrl, marketToken, CLOSED_LOOP_SECONDS, getOne);
      mark('gets-end', gets.placements.length);
      const getCpu = cpuPer(getCpuBefore, cpuNow(scratch), gets.placements.length).replace('per order', 'per GET');
      const getLatency = summary(gets.placements.map((p) => p.latency));
      lines.push(
        `hub, GET of one order, ${CLIENTS} clients: ${(gets.placements.length / gets.elapsed).toFixed(0)}/s; p50 ${ms(getLatency.p50)}, p99 ${ms(getLatency.p99)}; ${getCpu}; ${statementsPer(gets, getSentBefore).replace('per order', 'per GET')}`,
      );

      // The load generator's own share of that figure: the same fetch client against a bare node:http server
      // answering the same bytes. What the hub costs per GET is the difference.
      const answer = await (await fetch(orderUrl, { headers: { authorization: `Bearer ${marketToken}` } })).text();
      const echo = await staticJsonServer(answer);
      try {
        await closedLoop(echo.url, null, 1, getOne);
        const clientCpuBefore = cpuNow(scratch);
        const clientOnly = await closedLoop(echo.url, null, CLOSED_LOOP_SECONDS, getOne);
        const clientCpu = (cpuNow(scratch).process - clientCpuBefore.process) / clientOnly.placements.length;
        lines.push(
          `the same GETs against a bare node:http server answering the same bytes: this process ${clientCpu.toFixed(2)} ms per GET (the load generator's and the socket's share)`,
        );
      } finally {
        await echo.close();
      }
    }

    if (!process.env.BENCH_SKIP_OPEN) {
      statementsByText();
      const openCpuBefore = cpuNow(scratch);
      const openSentBefore = statementsSent();
      const stalls = eventLoopStalls();
      const pauses = watchPauses();
      if (process.env.BENCH_TIMELINE) stalls.start();
      mark('open');
      const { placed: open, refused } = await openLoop(ordersUrl, marketToken, OPEN_LOOP_RATE, OPEN_LOOP_SECONDS);
      mark('open-end', open.length);
      const stalled = stalls.stop();
      const collections = await pauses.stop();
      const openToPos = !delivering ? { p50: NaN, p99: NaN } : summary(await untilDelivered(pos.arrivals, open));
      const openCpu = cpuPer(openCpuBefore, cpuNow(scratch), open.length);
      const openPlacement = summary(open.map((p) => p.latency));
      for (const [text, count] of statementsByText().slice(0, 25))
        lines.push(`  ${(count / open.length).toFixed(2)} per order: ${text}`);
      if (process.env.BENCH_TIMELINE) lines.push(...timeline(open, stalled));
      lines.push(
        `hub, ${OPEN_LOOP_RATE} orders/s for ${OPEN_LOOP_SECONDS} s: ${refused} refused 503; placement p50 ${ms(openPlacement.p50)}, p99 ${ms(openPlacement.p99)}; order-to-POS p50 ${ms(openToPos.p50)}, p99 ${ms(openToPos.p99)}; ${openCpu}; ${statementsPer({ placements: open, statements: 0 }, openSentBefore)}; ${collections}`,
      );
    }

    if (!process.env.BENCH_SKIP_BASELINE) {
      baseline = await baselineServer(databaseUrl, {
        locationId: location.id,
        accountId: account.id,
        applicationId: uuidv7(),
        posApplicationId: posApp.id,
        webhookUrl: pos.url,
      });
      await closedLoop(baseline.url, null, 1);
      const plainCpuBefore = cpuNow(scratch);
      const plainSentBefore = statementsSent();
      const plain = await closedLoop(baseline.url, null, CLOSED_LOOP_SECONDS);
      const plainCpu = cpuPer(plainCpuBefore, cpuNow(scratch), plain.placements.length);
      const plainRate = plain.placements.length / plain.elapsed;
      const plainLatency = summary(plain.placements.map((p) => p.latency));
      lines.push(
        `plain pg on node:http, not delivering, ${CLIENTS} clients: ${plainRate.toFixed(0)} orders/s; p50 ${ms(plainLatency.p50)}, p99 ${ms(plainLatency.p99)}; ${plainCpu}; ${statementsPer(plain, plainSentBefore)}`,
      );
      await baseline.close();
      baseline = undefined;

      delivered = await deliveringBaseline(databaseUrl, {
        locationId: location.id,
        accountId: account.id,
        applicationId: uuidv7(),
        webhookUrl: pos.url,
      });
      await closedLoop(delivered.url, null, 1);
      const floorUrl = delivered.url;
      /** The delivering baseline's closed loop: a line of figures, and its rate. */
      const floorPhase = async (): Promise<{ line: string; rate: number }> => {
        const deliveredCpuBefore = cpuNow(scratch);
        const deliveredSentBefore = statementsSent();
        const floor = await closedLoop(floorUrl, null, CLOSED_LOOP_SECONDS);
        const floorToPos = summary(await untilDelivered(pos.arrivals, floor.placements));
        const floorCpu = cpuPer(deliveredCpuBefore, cpuNow(scratch), floor.placements.length);
        const rate = floor.placements.length / floor.elapsed;
        const floorLatency = summary(floor.placements.map((p) => p.latency));
        return {
          rate,
          line: `plain pg on node:http, delivered, ${CLIENTS} clients: ${rate.toFixed(0)} orders/s; p50 ${ms(floorLatency.p50)}, p99 ${ms(floorLatency.p99)}; order-to-POS p50 ${ms(floorToPos.p50)}, p99 ${ms(floorToPos.p99)}; ${floorCpu}; ${statementsPer(floor, deliveredSentBefore)}`,
        };
      };
      const floor = await floorPhase();
      lines.push(floor.line);
      lines.push(
        `ratio hub / plain pg not delivering: ${(hubRate / plainRate).toFixed(2)}; hub / plain pg delivered: ${(hubRate / floor.rate).toFixed(2)}`,
      );
      // BENCH_PAIRS=n: n - 1 more pairs, each the hub's closed loop and then the delivering baseline's, one right
      // after the other. The machine's speed drifts between phases half a minute apart (the GET, open and plain
      // phases lie between the first pair's two), so a pair's ratio is the steadier figure, and their median
      // the one to compare.
      const ratios = [hubRate / floor.rate];
      for (let pair = 2; pair <= PAIRS; pair++) {
        const hub = await hubPhase();
        const next = await floorPhase();
        ratios.push(hub.rate / next.rate);
        lines.push(
          `pair ${pair}: ${hub.line}`,
          `pair ${pair}: ${next.line}`,
          `pair ${pair}: ratio hub / plain pg delivered: ${(hub.rate / next.rate).toFixed(2)}`,
        );
      }
      if (PAIRS > 1)
        lines.push(
          `ratio hub / plain pg delivered, pair by pair: ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${median(ratios).toFixed(2)}`,
        );
    }
  } finally {
    await baseline?.close();
    await delivered?.close();
    await pos.close();
    closeLoopbackClient();
    await stop();
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
