import { performance } from 'node:perf_hooks';
import { fmt, latency, openLoop, startFlowBench, untilDelivered, type Outcome } from './order-flow.js';

// The soak: BENCH_RATE orders/s (default 40) for BENCH_MINUTES (default 30), each order placed by
// a marketplace, then accepted and completed by the POS (three requests, three deliveries; bench/order-flow.ts),
// against a hub in its own process. Per minute: requests, p50/p99 of the answers, anything not 2xx, and the
// hub's RSS at the minute's end. Targets: RSS after the first 5 minutes grows by less than 50 MB to the end;
// p99 under 50 ms in every minute after the first; every event delivered.
// Run: npm run bench:soak (BENCH_MINUTES=5 for a short run; ADMISSION_* and the other hub settings of
// bench/overload.bench.ts are passed on to the hub).

const RATE = Number(process.env.BENCH_RATE ?? 40);
const MINUTES = Number(process.env.BENCH_MINUTES ?? 30);

const bench = await startFlowBench('soak');
const lines: string[] = [];
try {
  const outcomes: Outcome[] = [];
  const placed: string[] = [];
  const pending = new Set<Promise<unknown>>();
  const t0 = performance.now();
  const rssAtMinute: number[] = [];
  const rssStart = bench.rssMb();
  const sampler = setInterval(() => rssAtMinute.push(bench.rssMb()), 60_000);
  await openLoop(RATE, MINUTES * 60, () => {
    const order: Promise<unknown> = bench
      .order((o) => outcomes.push(o))
      .then((id) => {
        if (id) placed.push(id);
        pending.delete(order);
      });
    pending.add(order);
  });
  await Promise.all(pending);
  clearInterval(sampler);
  while (rssAtMinute.length < MINUTES) rssAtMinute.push(bench.rssMb());

  lines.push(`${RATE} orders/s for ${MINUTES} min (hub RSS at start ${rssStart.toFixed(0)} MB)`);
  lines.push('| minute | requests | p50 ms | p99 ms | max ms | not 2xx | RSS MB at its end |');
  lines.push('|---:|---:|---:|---:|---:|---:|---:|');
  for (let minute = 0; minute < MINUTES; minute++) {
    const mine = outcomes.filter((o) => Math.floor((o.at - t0) / 60_000) === minute);
    const ok = latency(mine.filter((o) => o.status >= 200 && o.status < 300));
    const bad = mine.filter((o) => !(o.status >= 200 && o.status < 300)).length;
    lines.push(
      `| ${minute + 1} | ${mine.length} | ${fmt(ok.p50)} | ${fmt(ok.p99)} | ${fmt(ok.max)} | ${bad} | ${rssAtMinute[minute].toFixed(0)} |`,
    );
  }
  const afterWarmUp = rssAtMinute[Math.min(4, MINUTES - 1)];
  lines.push(
    `RSS growth from the end of minute ${Math.min(5, MINUTES)} to the end: ${(rssAtMinute[MINUTES - 1] - afterWarmUp).toFixed(0)} MB`,
  );
  const statusChanges = outcomes.filter((o) => o.kind !== 'place' && o.status >= 200 && o.status < 300).length;
  const missing = await untilDelivered(bench.arrivals, placed, 120_000);
  // The marketplace's status events can trail the last ORDER_CREATED by a moment.
  const deadline = performance.now() + 60_000;
  while (bench.statusEvents() < statusChanges && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 200));
  lines.push(
    `placements answered 201: ${placed.length}, stored: ${await bench.stored(placed)}, ORDER_CREATED delivered: ${placed.length - missing}; status changes answered 200: ${statusChanges}, their events delivered: ${bench.statusEvents()}`,
  );
} finally {
  await bench.close();
}
process.stdout.write(`${lines.join('\n')}\n`);
