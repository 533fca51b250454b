import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createLogger } from '../src/common/logger.js';
import { loadConfig } from '../src/config/config.js';
import { enqueueDelivery } from '../src/delivery-engine/outbox.js';
import { openDatabase } from '../src/db/database.js';
import { startHub } from '../src/hub.js';
import { createTestDatabase } from '../test/support/database.js';

// Delivery engine benchmark (see bench/README.md):
//   1. throughput: N events enqueued in batches, delivered to a loopback partner that answers 200 at once;
//      deliveries per second from the first request received to the last.
//   2. latency: events committed one per transaction at RATE per second for SECONDS; the time from commit to
//      the partner receiving the request, p50/p99/max.
// Run: npm run build && DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node dist/bench/deliveries.bench.js
// BENCH_ORDERED=1: every event has an ordering key of its own (each the first event of its order, like
// ORDER_CREATED), so enqueueing and recording take the ordering-chain path.

const N = Number(process.env.BENCH_EVENTS ?? 5000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const ORDERED = Boolean(process.env.BENCH_ORDERED);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const APP = '01a20000-0000-7000-8000-00000000a001';

const received = new Map<string, number>();
let waiting: { count: number; resolve: () => void } | undefined;
const partner = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const id = req.headers['webhook-id'] as string;
    if (!received.has(id)) received.set(id, performance.now());
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    if (waiting && received.size >= waiting.count) waiting.resolve();
  });
});
await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(partner.address() as AddressInfo).port}/hook`;
const allReceived = (count: number) =>
  new Promise<void>((resolve) => {
    waiting = { count, resolve };
    if (received.size >= count) resolve();
  });

const db = await createTestDatabase();
const config = loadConfig({
  PORT: '0',
  DATABASE_URL: db.url,
  LOG_LEVEL: 'warn',
  ALLOW_PRIVATE_PARTNER_URLS: 'true',
  // The defaults of config.ts unless given.
  ...(process.env.DELIVERY_CONCURRENCY ? { DELIVERY_CONCURRENCY: process.env.DELIVERY_CONCURRENCY } : {}),
  ...(process.env.DELIVERY_ENDPOINT_CONCURRENCY ? { DELIVERY_ENDPOINT_CONCURRENCY: process.env.DELIVERY_ENDPOINT_CONCURRENCY } : {}),
});
const event = (i: number) => ({
  eventType: 'ORDER_CREATED' as const,
  applicationId: APP,
  url,
  orderingKey: ORDERED ? `o-${i}` : null,
  payload: { orderId: `o-${i}`, lines: [{ name: 'Margherita', qty: 1, price: 950 }] },
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// 1. Throughput: a backlog of N events written while no worker runs, then a hub started to drain it.
const backlog = await openDatabase(db.url);
const BATCH = 100;
for (let i = 0; i < N; i += BATCH) {
  await backlog.em.fork().transactional(async (em) => {
    for (let j = i; j < Math.min(N, i + BATCH); j++) await enqueueDelivery(em, event(j));
  });
}
await backlog.close();
// The engine is measured, not the applications module: a fixed webhook secret (the real source is cached too).
const hub = await startHub(config, createLogger(config.logLevel), { webhookSecrets: { secretFor: async () => 'whsec_YmVuY2gtc2VjcmV0LWJlbmNoLXNlY3JldA==' } });
try {
  await allReceived(N);
  const times = [...received.values()].sort((a, b) => a - b);
  const drain = (times[times.length - 1] - times[0]) / 1000;
  console.log(`throughput: ${N} deliveries in ${drain.toFixed(2)} s = ${Math.round(N / drain)} deliveries/s`);

  // 2. Latency at RATE events/s, one event per transaction.
  received.clear();
  const committed = new Map<string, number>();
  const total = RATE * SECONDS;
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      hub.orm.em
        .fork()
        .transactional((em) => enqueueDelivery(em, event(i)))
        .then(({ eventId }) => {
          committed.set(eventId, performance.now());
        }),
    );
  }
  await Promise.all(inFlight);
  await allReceived(total);
  const latencies = [...committed].map(([id, at]) => received.get(id)! - at).sort((a, b) => a - b);
  const achieved = total / ((performance.now() - start) / 1000);
  console.log(
    `latency at ${RATE} events/s (${total} events, achieved ${achieved.toFixed(0)}/s): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies[latencies.length - 1].toFixed(1)} ms`,
  );
} finally {
  await hub.stop();
  await db.drop();
  partner.close();
}
