import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createLogger } from '../src/common/logger.js';
import { loadConfig } from '../src/config/config.js';
import { enqueueDelivery } from '../src/delivery-engine/outbox.js';
import { openDatabase } from '../src/db/database.js';
import { startHub } from '../src/hub.js';
import { createTestDatabase } from '../test/support/database.js';
import { cpuNow, cpuPer } from './support.js';

// Delivery engine benchmark (see bench/README.md):
//   1. throughput: N events enqueued in batches, delivered to a loopback partner that answers 200 at once;
//      deliveries per second from the first request received to the last.
//   2. latency: events committed one per transaction at RATE per second for SECONDS; the time from commit to
//      the partner receiving the request, p50/p99/max.
//   3. the same latency while a slow partner (each answer after SLOW_MS) is at its per-endpoint limit with a
//      backlog of BENCH_BACKLOG due events (default 20,000; 0 skips it): what a healthy partner's events wait,
//      and what each costs PostgreSQL, when every claim has that backlog in front of it.
// Run: npm run build && DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node dist/bench/deliveries.bench.js
// BENCH_ORDERED=1: every event has an ordering key of its own (each the first event of its order, like
// ORDER_CREATED), so enqueueing and recording take the ordering-chain path.

const N = Number(process.env.BENCH_EVENTS ?? 5000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const ORDERED = Boolean(process.env.BENCH_ORDERED);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const APP = '01a20000-0000-7000-8000-00000000a001';
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 20_000);
const SLOW_MS = 1000;

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
// Answers every request after SLOW_MS: a partner that is up but slow, so its endpoint sits at its limit.
const slowPartner = createServer((req, res) => {
  req.resume();
  req.on('end', () => setTimeout(() => res.writeHead(200).end('{}'), SLOW_MS));
});
await new Promise<void>((resolve) => slowPartner.listen(0, '127.0.0.1', resolve));
const slowUrl = `http://127.0.0.1:${(slowPartner.address() as AddressInfo).port}/hook`;
const allReceived = (count: number) =>
  new Promise<void>((resolve) => {
    waiting = { count, resolve };
    if (received.size >= count) resolve();
  });

const db = await createTestDatabase();
const database = new URL(db.url).pathname.slice(1);
const config = loadConfig({
  PORT: '0',
  DATABASE_URL: db.url,
  LOG_LEVEL: 'warn',
  ALLOW_PRIVATE_PARTNER_URLS: 'true',
  // The defaults of config.ts unless given.
  ...(process.env.DELIVERY_CONCURRENCY ? { DELIVERY_CONCURRENCY: process.env.DELIVERY_CONCURRENCY } : {}),
  ...(process.env.DELIVERY_ENDPOINT_CONCURRENCY
    ? { DELIVERY_ENDPOINT_CONCURRENCY: process.env.DELIVERY_ENDPOINT_CONCURRENCY }
    : {}),
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
const hub = await startHub(config, createLogger(config.logLevel), {
  webhookSecrets: { secretFor: async () => 'whsec_YmVuY2gtc2VjcmV0LWJlbmNoLXNlY3JldA==' },
});
try {
  await allReceived(N);
  const times = [...received.values()].sort((a, b) => a - b);
  const drain = (times[times.length - 1] - times[0]) / 1000;
  console.log(`throughput: ${N} deliveries in ${drain.toFixed(2)} s = ${Math.round(N / drain)} deliveries/s`);

  // 2. Latency at RATE events/s, one event per transaction.
  await latencyAtRate('latency');

  // 3. The same with a slow partner's backlog in front of every claim: written in one statement (as many
  // events of a partner at its limit pile up), due before anything the healthy partner gets.
  if (BACKLOG > 0) {
    await hub.orm.em
      .fork()
      .getConnection()
      .execute(
        `insert into deliveries (id, created_at, updated_at, event_id, event_type, application_id, url, endpoint, payload, status, held)
       select gen_random_uuid(), now() - interval '1 hour' + g * interval '1 millisecond', now(), gen_random_uuid(), 'ORDER_CREATED', ?, ?, ?,
              '{}', 'PENDING', false
         from generate_series(1, ?) g`,
        [APP, slowUrl, new URL(slowUrl).origin, BACKLOG],
      );
    await hub.orm.em.fork().getConnection().execute('analyze deliveries');
    await latencyAtRate(`with a slow partner at its limit and ${BACKLOG} of its events due`);
  }
} finally {
  await hub.stop();
  await db.drop();
  partner.close();
  slowPartner.closeAllConnections();
  slowPartner.close();
}

/** Events committed one per transaction at RATE per second for SECONDS: commit to arrival, and CPU per event. */
async function latencyAtRate(label: string): Promise<void> {
  received.clear();
  const committed = new Map<string, number>();
  const total = RATE * SECONDS;
  const cpuBefore = cpuNow(database);
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
  const cpu = cpuPer(cpuBefore, cpuNow(database), total, 'event');
  const latencies = [...committed].map(([id, at]) => received.get(id)! - at).sort((a, b) => a - b);
  const achieved = total / ((performance.now() - start) / 1000);
  console.log(
    `${label} at ${RATE} events/s (${total} events, achieved ${achieved.toFixed(0)}/s): p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies[latencies.length - 1].toFixed(1)} ms; ${cpu}`,
  );
}
