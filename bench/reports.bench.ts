import 'reflect-metadata';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { adminApi } from './hub-api.js';
import { percentile, scratchHub } from './support.js';

// Order reports and exports over a year of a busy location: BENCH_ORDERS orders (default 1,000,000) placed
// by four marketplaces over 365 days (every 50th a test order, every 20th rejected, every 33rd cancelled,
// the rest accepted after 20 s to 5 min), written by SQL in chunks as a bulk load would (the rollup
// triggers keep the figures as for any write). Then, over HTTP with an operator's token:
// 1. reports (docs/reports.md): the location's last 30 days by day (the goal: under 300 ms), its last 7 days
//    by hour, its year by week, and the account's 30 days; BENCH_ROUNDS timed GETs each after 3 warm-ups;
// 2. exports (docs/reports.md "Exports"): the orders of the 38 days holding about 100,000 of them (one line
//    per order, then per order line), read as a client streams them without keeping them; the goal: the
//    process (hub and client share it) grows by under 50 MB over its resident size before the download.
// Run: npm run bench:reports (DATABASE_URL names the PostgreSQL server, default the local one).

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const CHUNK = 50_000;
const DAYS = 365;
/** The year ends on this day (local, Europe/Amsterdam). */
const LAST_DAY = '2026-10-31';
const DAY_MS = 86_400_000;

const day = (offset: number) =>
  new Date(Date.parse(`${LAST_DAY}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);

const bench = await scratchHub('reports');
const url = bench.hub.url;
const lines: string[] = [];
const db = new pg.Client({ connectionString: bench.databaseUrl });
await db.connect();

try {
  const { token: admin, call } = await adminApi(url);
  const account = await call('POST', '/v1/accounts', { name: 'Bench group' });
  const location = await call('POST', `/v1/accounts/${account.id}/locations`, {
    name: 'Bench kitchen',
    timezone: 'Europe/Amsterdam',
    currency: 'EUR',
  });
  const loc = `/v1/accounts/${account.id}/locations/${location.id}`;
  const markets: string[] = [];
  for (const name of ['FoodNow', 'EatHere', 'QuickBite', 'DinnerDash'])
    markets.push(
      (
        await call('POST', '/v1/applications', {
          kind: 'MARKETPLACE',
          name,
          webhookUrl: 'http://127.0.0.1:9/hooks',
          redirectUris: ['http://127.0.0.1:9/callback'],
        })
      ).id,
    );
  for (const id of markets) await call('POST', `${loc}/connections`, { applicationId: id });

  // The year's orders, evenly spread, by chunks (each statement's trigger adds its chunk to the rollups).
  const t0 = performance.now();
  const spanSeconds = DAYS * 86_400;
  const first = `${day(-(DAYS - 1))}T00:00:00+01:00`;
  for (let start = 0; start < ORDERS; start += CHUNK) {
    await db.query(
      `insert into orders (id, created_at, updated_at, location_id, account_id, application_id, client_id, source_name,
                           external_id, test, status, cancellation_reason, accepted_at, rejected_at, cancelled_at,
                           status_history, details, location_snapshot)
       select gen_random_uuid(), at, at, $1::uuid, $2::uuid, ($3::uuid[])[1 + n % 4], 'bench', 'Market ' || n % 4, 'bench-' || n,
              n % 50 = 0,
              case when n % 20 = 0 then 'REJECTED' when n % 33 = 0 then 'CANCELLED' else 'COMPLETED' end,
              case when n % 20 = 0 then 'TOO_BUSY' when n % 33 = 0 then 'CUSTOMER_CANCELLED' end,
              case when n % 20 <> 0 then at + (20 + n % 280) * interval '1 second' end,
              case when n % 20 = 0 then at + interval '1 minute' end,
              case when n % 20 <> 0 and n % 33 = 0 then at + interval '10 minutes' end,
              '[]'::jsonb,
              jsonb_build_object('externalId', 'bench-' || n, 'fulfillmentType', 'DELIVERY', 'currency', 'EUR',
                'total', 1000 + n % 3000, 'customer', jsonb_build_object('firstName', 'Guest', 'lastName', 'No. ' || n),
                'items', jsonb_build_array(
                  jsonb_build_object('name', 'Burger', 'quantity', 1 + n % 2, 'price', 850, 'taxRateIds', '[]'::jsonb,
                    'options', jsonb_build_array(jsonb_build_object('name', 'Cheese', 'quantity', 1, 'price', 50))),
                  jsonb_build_object('name', 'Cola', 'quantity', 1, 'price', 250, 'taxRateIds', '[]'::jsonb, 'options', '[]'::jsonb))),
              jsonb_build_object('id', $1::uuid::text, 'name', 'Bench kitchen', 'currency', 'EUR', 'timezone', 'Europe/Amsterdam', 'taxRates', '[]'::jsonb)
         from generate_series($4::int, $5::int) n,
              lateral (select $6::timestamptz + (n::float8 * $7 / $8) * interval '1 second' as at) x`,
      [location.id, account.id, markets, start, Math.min(ORDERS, start + CHUNK) - 1, first, spanSeconds, ORDERS],
    );
  }
  const seeded = performance.now() - t0;
  await db.query('vacuum analyze orders');
  for (const table of ['hours', 'outcomes', 'acceptance_hours', 'acceptance_days'])
    await db.query(`vacuum analyze order_reports.${table}`);
  const rollupRows = (
    await db.query<{ n: string }>(
      `select (select count(*) from order_reports.hours) + (select count(*) from order_reports.outcomes)
            + (select count(*) from order_reports.acceptance_hours) + (select count(*) from order_reports.acceptance_days) as n`,
    )
  ).rows[0].n;

  lines.push(
    `Node ${process.version}, ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' ',
      )}; ${ORDERS.toLocaleString('en')} orders seeded in ${(seeded / 1000).toFixed(0)} s (rollups: ${Number(rollupRows).toLocaleString('en')} rows)`,
  );
  lines.push('');
  lines.push('| report | orders in it | p50 ms | p90 ms | max ms |');
  lines.push('| --- | ---: | ---: | ---: | ---: |');
  const reports: [string, string][] = [
    ['location, 30 days by DAY', `${loc}/reports/orders?from=${day(-29)}&to=${LAST_DAY}&granularity=DAY`],
    ['location, 7 days by HOUR', `${loc}/reports/orders?from=${day(-6)}&to=${LAST_DAY}&granularity=HOUR`],
    ['location, 365 days by WEEK', `${loc}/reports/orders?from=${day(-364)}&to=${LAST_DAY}&granularity=WEEK`],
    ['account, 30 days by DAY', `/v1/accounts/${account.id}/reports/orders?from=${day(-29)}&to=${LAST_DAY}`],
  ];
  for (const [label, path] of reports) {
    const timings: number[] = [];
    let orders = 0;
    for (let i = 0; i < 3 + ROUNDS; i++) {
      const started = performance.now();
      const res = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${admin}` } });
      const body = (await res.json()) as { data: { totals: { orders: number } } };
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      if (i >= 3) timings.push(performance.now() - started);
      orders = body.data.totals.orders;
    }
    timings.sort((a, b) => a - b);
    const ms = (p: number) => percentile(timings, p).toFixed(1);
    lines.push(
      `| ${label} | ${orders.toLocaleString('en')} | ${ms(50)} | ${ms(90)} | ${timings[timings.length - 1].toFixed(1)} |`,
    );
  }

  lines.push('');
  lines.push('| export | lines | MB | seconds | RSS growth MB | heap growth MB |');
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const kind of ['orders', 'order-lines']) {
    global.gc?.();
    const rss0 = process.memoryUsage().rss;
    const heap0 = process.memoryUsage().heapUsed;
    let rss = rss0;
    let heap = heap0;
    const sampler = setInterval(() => {
      const usage = process.memoryUsage();
      rss = Math.max(rss, usage.rss);
      heap = Math.max(heap, usage.heapUsed);
    }, 10);
    const started = performance.now();
    const res = await fetch(`${url}${loc}/exports/${kind}?from=${day(-37)}&to=${LAST_DAY}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    if (!res.ok || !res.body) throw new Error(`export ${kind}: ${res.status}`);
    let bytes = 0;
    let newlines = 0;
    // Counted as it arrives, nothing kept: the client's own share of memory is one chunk.
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) newlines++;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    lines.push(
      `| ${kind} | ${(newlines - 1).toLocaleString('en')} | ${mb(bytes)} | ${seconds.toFixed(1)} | ${mb(rss - rss0)} | ${mb(heap - heap0)} |`,
    );
  }
} finally {
  await db.end();
  await bench.stop();
}
process.stdout.write(`${lines.join('\n')}\n`);
process.exit(0);
