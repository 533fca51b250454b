import { performance } from 'node:perf_hooks';
import { fmt, latency, openLoop, startFlowBench, untilDelivered, type Outcome } from './order-flow.js';

// Overload: how the hub behaves when offered twice what it can serve. A hub in its own process on
// a scratch database; each order is placed by a marketplace, then accepted and completed by the POS (three
// requests, three deliveries; bench/order-flow.ts).
//   1. capacity: BENCH_CLIENTS (default 32) clients in a closed loop for BENCH_CAPACITY_SECONDS (default 20):
//      requests answered 2xx per second, divided by the three of an order;
//   2. overload: an open loop at BENCH_FACTOR (default 2) times that rate for BENCH_SECONDS (default 60);
//      answered requests split into accepted (2xx) and refused (503), with their latencies; the hub's RSS
//      sampled every second; then every placement answered 201 must be stored and its ORDER_CREATED must
//      reach the POS.
// Run: npm run bench:overload. ADMISSION_*, DATABASE_ACQUIRE_TIMEOUT_MS, OVERLOAD_*, DELIVERY_* and PARTNER_*
// are passed on to the hub (ADMISSION_MAX_IN_FLIGHT=0 shows the hub without admission control).

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const CAPACITY_SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 20);
const FACTOR = Number(process.env.BENCH_FACTOR ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);

const bench = await startFlowBench('overload');
const lines: string[] = [];
try {
  // Warm-up, then capacity: requests answered 2xx per second with CLIENTS in a closed loop, divided by the
  // three of an order (with a small ADMISSION_MAX_IN_FLIGHT some of the clients' requests are refused).
  const capacity = async (seconds: number) => {
    const until = performance.now() + seconds * 1000;
    let served = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < until)
          await bench.order((o) => (served += o.status >= 200 && o.status < 300 ? 1 : 0));
      }),
    );
    return served / 3 / seconds;
  };
  await capacity(5);
  const measured = await capacity(CAPACITY_SECONDS);
  const rate = Math.round(measured * FACTOR);
  lines.push(
    `capacity: ${measured.toFixed(1)} orders/s (2xx answers / 3; ${CLIENTS} clients, closed loop, ${CAPACITY_SECONDS} s); offered: ${rate} orders/s (x${FACTOR}) for ${SECONDS} s`,
  );

  const outcomes: Outcome[] = [];
  const placed: string[] = [];
  const pending: Promise<unknown>[] = [];
  const rssBefore = bench.rssMb();
  let rssMax = rssBefore;
  const sampler = setInterval(() => (rssMax = Math.max(rssMax, bench.rssMb())), 1000);
  await openLoop(rate, SECONDS, () =>
    pending.push(bench.order((o) => outcomes.push(o)).then((id) => id && placed.push(id))),
  );
  await Promise.all(pending);
  clearInterval(sampler);
  const rssAfterLoad = bench.rssMb();

  const accepted = outcomes.filter((o) => o.status >= 200 && o.status < 300);
  const refused = outcomes.filter((o) => o.status === 503);
  const other = outcomes.filter((o) => !(o.status >= 200 && o.status < 300) && o.status !== 503);
  const withoutRetryAfter = refused.filter((o) => !o.retryAfter).length;
  const a = latency(accepted);
  const r = latency(refused);
  lines.push(
    `requests: ${outcomes.length}; accepted (2xx) ${accepted.length}: p50 ${fmt(a.p50)} ms, p99 ${fmt(a.p99)} ms, max ${fmt(a.max)} ms`,
  );
  lines.push(
    `refused (503) ${refused.length}: p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, max ${fmt(r.max)} ms; without Retry-After: ${withoutRetryAfter}`,
  );
  lines.push(
    `other answers: ${other.length}${other.length ? ` (${[...new Set(other.map((o) => o.status))].join(', ')}; 0 = no answer within 30 s)` : ''}`,
  );
  for (const kind of ['place', 'accept', 'complete'] as const) {
    const mine = outcomes.filter((o) => o.kind === kind);
    const ok = latency(mine.filter((o) => o.status >= 200 && o.status < 300));
    lines.push(
      `  ${kind}: ${mine.length} sent, ${ok.n} accepted (p99 ${fmt(ok.p99)} ms), ${mine.filter((o) => o.status === 503).length} refused`,
    );
  }
  const deliveredStart = performance.now();
  const missing = await untilDelivered(bench.arrivals, placed, 180_000);
  const stored = await bench.stored(placed);
  lines.push(
    `placements answered 201: ${placed.length}; stored: ${stored}; ORDER_CREATED delivered: ${placed.length - missing} (all within ${((performance.now() - deliveredStart) / 1000).toFixed(1)} s after the load)`,
  );
  lines.push(
    `hub RSS: ${rssBefore.toFixed(0)} MB before the overload, ${rssMax.toFixed(0)} MB at most during it, ${rssAfterLoad.toFixed(0)} MB at its end`,
  );
} finally {
  await bench.close();
}
process.stdout.write(`${lines.join('\n')}\n`);
