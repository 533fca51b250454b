import { MikroORM } from '@mikro-orm/postgresql';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { createLogger } from '../src/common/logger.js';
import { ormOptions } from '../src/db/mikro-orm.config.js';
import { housekeepingTasks } from '../src/housekeeping.js';
import { MAINTENANCE_BATCH, runMaintenance } from '../src/maintenance.js';
import { fmt, startFlowBench, untilDelivered, type Outcome } from './order-flow.js';

// Housekeeping under the order bench: do the tables that grow with every order, token and request
// stay bounded? The order flow of bench/order-flow.ts (a marketplace places each order with an
// Idempotency-Key, the POS accepts and completes it: three requests, three deliveries) runs at BENCH_RATE
// orders/s (default 40) against a hub in its own process, while the marketplace also fetches a new token
// BENCH_TOKENS_PER_SECOND times a second (default 2: many partners, each fetching one an hour).
// 1. BENCH_SECONDS (default 120) of load; rows are counted once everything is delivered.
// 2. The load goes on at the same rate while housekeeping passes run (what the hub runs every 15 minutes, in
//    one process under its advisory lock, batches of 2,000 rows a statement) at simulated times: one hour
//    later (access tokens expired), 25 hours later (idempotency keys past their 24 h window) and 31 days later
//    (delivered deliveries past the 30-day DELIVERY_RETENTION_DAYS, refresh tokens and grants past their 30
//    days). Rows are counted after each pass.
// Run: npm run bench:housekeeping (DATABASE_URL names the PostgreSQL server, default the local one).

const RATE = Number(process.env.BENCH_RATE ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const TOKENS_PER_SECOND = Number(process.env.BENCH_TOKENS_PER_SECOND ?? 2);
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** What is counted: every table that grows with the load, and the orders themselves (kept: business records). */
const COUNTS: Record<string, string> = {
  'oidc_payloads: AccessToken': `select count(*) from oidc_payloads where model = 'AccessToken'`,
  'oidc_payloads: RefreshToken': `select count(*) from oidc_payloads where model = 'RefreshToken'`,
  'oidc_payloads: Grant': `select count(*) from oidc_payloads where model = 'Grant'`,
  'oidc_payloads: other': `select count(*) from oidc_payloads where model not in ('AccessToken', 'RefreshToken', 'Grant')`,
  idempotency_keys: 'select count(*) from idempotency_keys',
  'deliveries: DELIVERED': `select count(*) from deliveries where status = 'DELIVERED'`,
  'deliveries: other': `select count(*) from deliveries where status <> 'DELIVERED'`,
  delivery_attempts: 'select count(*) from delivery_attempts',
  'graphile_worker jobs': 'select count(*) from graphile_worker._private_jobs',
  'rate_limiter.limits': 'select count(*) from rate_limiter.limits',
  'orders (kept)': 'select count(*) from orders',
};

// Rate limits on, high enough never to refuse this load, so that their counts are written too.
process.env.RATE_LIMIT_RPS ??= '1000';
process.env.RATE_LIMIT_BURST ??= '2000';
const bench = await startFlowBench('housekeeping', { idempotencyKeys: true });
const db = new pg.Client({ connectionString: bench.databaseUrl });
await db.connect();
const orm = await MikroORM.init(ormOptions(bench.databaseUrl, { pool: { min: 0, max: 2 } }));
const deps = {
  orm,
  databaseUrl: bench.databaseUrl,
  log: createLogger('warn'),
  tasks: housekeepingTasks({ deliveryRetentionDays: 30, eventFeedRetentionDays: 7, activityRetentionDays: 365 }),
};
const lines: string[] = [];

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, sql] of Object.entries(COUNTS))
    out[name] = Number((await db.query<{ count: string }>(sql)).rows[0].count);
  return out;
}

/** Orders at RATE (an open loop) with token grants alongside while `going()`, recording outcomes and ids placed. */
async function loadWhile(going: () => boolean, outcomes: Outcome[], placed: string[]): Promise<void> {
  const pending = new Set<Promise<unknown>>();
  const grants = setInterval(() => void bench.grantToken().catch(() => undefined), 1000 / TOKENS_PER_SECOND);
  const t0 = performance.now();
  for (let i = 0; going(); i++) {
    const wait = t0 + (i * 1000) / RATE - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const order: Promise<unknown> = bench
      .order((o) => outcomes.push(o))
      .then((id) => {
        if (id) placed.push(id);
        pending.delete(order);
      });
    pending.add(order);
  }
  clearInterval(grants);
  await Promise.all(pending);
}

try {
  const snapshots: { label: string; rows: Record<string, number> }[] = [{ label: 'at start', rows: await counts() }];
  const loadOutcomes: Outcome[] = [];
  const placed: string[] = [];
  const loadEnds = performance.now() + SECONDS * 1000;
  await loadWhile(() => performance.now() < loadEnds, loadOutcomes, placed);
  const missing = await untilDelivered(bench.arrivals, placed, 120_000);
  snapshots.push({ label: `after ${SECONDS} s of load`, rows: await counts() });

  // Phase 2: the passes at simulated times, under the same load.
  const passOutcomes: Outcome[] = [];
  const passes: { label: string; ms: number; removed: Record<string, number> }[] = [];
  let passing = true;
  const loading = loadWhile(() => passing, passOutcomes, placed);
  // The load settles for a few seconds before the first pass.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  // +1 h: past the access tokens' 3,600 s and the 300 s grace housekeeping gives expired OAuth rows.
  for (const [label, offset] of [
    ['+1 h', HOUR + 301_000],
    ['+25 h', 25 * HOUR],
    ['+31 days', 31 * DAY],
  ] as const) {
    const t0 = performance.now();
    let removed: Record<string, number> | null = null;
    // The hub's own pass (at start, then every 15 minutes) may hold the lock for a moment.
    while (removed === null) removed = await runMaintenance(deps, new Date(Date.now() + offset));
    const t1 = performance.now();
    passes.push({ label, ms: t1 - t0, removed });
    snapshots.push({ label: `after the pass at ${label}`, rows: await counts() });
  }
  passing = false;
  await loading;

  const names = Object.keys(COUNTS);
  lines.push(
    `${RATE} orders/s (3 requests, 3 deliveries each, an Idempotency-Key on each placement) and ${TOKENS_PER_SECOND} token grants/s; ${placed.length} orders placed, ${missing} ORDER_CREATED missing after phase 1`,
  );
  lines.push('');
  lines.push(`| table | ${snapshots.map((s) => s.label).join(' | ')} |`);
  lines.push(`|---|${snapshots.map(() => '---:').join('|')}|`);
  for (const name of names)
    lines.push(`| ${name} | ${snapshots.map((s) => s.rows[name].toLocaleString('en')).join(' | ')} |`);
  lines.push('');
  lines.push(`| pass at | took | rows removed (batches of ${MAINTENANCE_BATCH}) |`);
  lines.push('|---|---:|---|');
  for (const pass of passes)
    lines.push(
      `| ${pass.label} | ${fmt(pass.ms)} ms | ${Object.entries(pass.removed)
        .map(([task, n]) => `${task}: ${n}`)
        .join('; ')} |`,
    );
  const refused = (outcomes: Outcome[]) => outcomes.filter((o) => !(o.status >= 200 && o.status < 300)).length;
  lines.push('');
  lines.push(
    `requests not answered 2xx (the machine's overload, not housekeeping): phase 1 ${refused(loadOutcomes)} of ${loadOutcomes.length}, phase 2 ${refused(passOutcomes)} of ${passOutcomes.length}`,
  );
} finally {
  await orm.close();
  await db.end();
  await bench.close();
}
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(0);
