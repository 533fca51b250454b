import pg from 'pg';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { startChildHub, type ChildHub } from '../test/support/child-hub.js';
import { adminApi, applicationToken, type Json } from './hub-api.js';
import { BENCH_ADMIN, BENCH_FIRST_PARTY, percentile } from './support.js';

// The order flow shared by the overload bench and the soak: a hub in its own process (so its RSS
// is its own and the load generator's CPU is not counted in its figures) on a scratch database, a fake POS
// and a fake marketplace on loopback in this process. Each order is three requests: the marketplace places
// it (201), the POS accepts it and then completes it (PATCH, 200 each); and three deliveries: ORDER_CREATED
// to the POS, the two status changes to the marketplace.

const SERVER = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
/** Settings passed on to the hub from this process's environment (admission control, pool, delivery). */
const PASSED_ON = /^(ADMISSION_|DATABASE_ACQUIRE_|OVERLOAD_|DELIVERY_|PARTNER_|RATE_LIMIT_)/;

type RequestKind = 'place' | 'accept' | 'complete';

export interface Outcome {
  kind: RequestKind;
  status: number;
  ms: number;
  /** performance.now() when the request was sent. */
  at: number;
  /** The Retry-After header, if any. */
  retryAfter: string | null;
}

export interface FlowOptions {
  /** Each placement carries an Idempotency-Key, as careful marketplaces send (the housekeeping bench counts them). */
  idempotencyKeys?: boolean;
}

export interface FlowBench {
  hub: ChildHub;
  /** The scratch database the hub runs on. */
  databaseUrl: string;
  /** One more client_credentials grant by the marketplace (a partner fetching a token, as each does hourly). */
  grantToken(): Promise<void>;
  /** ORDER_CREATED arrivals at the POS by order id (performance.now()). */
  arrivals: Map<string, number>;
  /** Status-change events received by the marketplace. */
  statusEvents(): number;
  /** Places one order and, when it is accepted, moves it to ACCEPTED then COMPLETED; every request's outcome is passed to `record`. */
  order(record: (outcome: Outcome) => void): Promise<string | undefined>;
  /** The hub's resident set size in MB (Linux /proc). */
  rssMb(): number;
  /** How many of these order ids are stored. */
  stored(ids: string[]): Promise<number>;
  close(): Promise<void>;
}

async function receiver(onEvent: (event: Json) => void): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      onEvent(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let counter = 0;
const orderBody = () => ({
  externalId: `flow-${process.pid}-${counter++}`,
  fulfillmentType: 'PICKUP',
  customer: { firstName: 'Bench' },
  items: [
    { name: 'Burger', quantity: 2, price: 950 },
    { name: 'Fries', quantity: 1, price: 350 },
  ],
  total: 2250,
});

export async function startFlowBench(name: string, options: FlowOptions = {}): Promise<FlowBench> {
  const scratch = `orderhub_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${scratch}`);
  const url = new URL(SERVER);
  url.pathname = `/${scratch}`;
  const arrivals = new Map<string, number>();
  let statusEvents = 0;
  const pos = await receiver((event) => {
    if (event.eventType === 'ORDER_CREATED' && !arrivals.has(event.orderId))
      arrivals.set(event.orderId, performance.now());
  });
  const market = await receiver(() => (statusEvents += 1));
  const passed = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => PASSED_ON.test(key)) as [string, string][],
  );
  const hub = await startChildHub({
    HUB_ENV: 'development',
    PORT: '0',
    DATABASE_URL: url.toString(),
    BOOTSTRAP_ADMIN_EMAIL: BENCH_ADMIN.email,
    BOOTSTRAP_ADMIN_PASSWORD: BENCH_ADMIN.password,
    BOOTSTRAP_CLIENT_ID: BENCH_FIRST_PARTY.clientId,
    BOOTSTRAP_CLIENT_SECRET: BENCH_FIRST_PARTY.clientSecret,
    ALLOW_PRIVATE_PARTNER_URLS: 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_RPS: '0',
    ...passed,
  });
  const { call } = await adminApi(hub.url);
  const account = await call('POST', '/v1/accounts', { name: 'Bench' });
  const location = await call('POST', `/v1/accounts/${account.id}/locations`, { name: 'Bench kitchen' });
  const loc = `/v1/accounts/${account.id}/locations/${location.id}`;
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
    webhookUrl: market.url,
    ...redirect,
  });
  await call('POST', `${loc}/connections`, { applicationId: posApp.id });
  await call('POST', `${loc}/connections`, { applicationId: marketApp.id });
  const marketToken = await applicationToken(hub.url, marketApp);
  const posToken = await applicationToken(hub.url, posApp);

  const send = async (
    kind: RequestKind,
    method: string,
    path: string,
    bearer: string,
    body: Json,
    record: (o: Outcome) => void,
    headers: Record<string, string> = {},
  ): Promise<Json | undefined> => {
    const at = performance.now();
    let status: number;
    let json: Json | undefined;
    let retryAfter: string | null = null;
    try {
      // A client gives up after 30 s, as marketplaces do.
      const res = await fetch(`${hub.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      retryAfter = res.headers.get('retry-after');
      json = (await res.json()) as Json;
    } catch {
      status = 0;
    }
    record({ kind, status, ms: performance.now() - at, at, retryAfter });
    return status >= 200 && status < 300 ? json : undefined;
  };

  return {
    hub,
    databaseUrl: url.toString(),
    arrivals,
    async grantToken() {
      await applicationToken(hub.url, marketApp);
    },
    statusEvents: () => statusEvents,
    async order(record) {
      const body = orderBody();
      const placed = await send(
        'place',
        'POST',
        `${loc}/orders`,
        marketToken,
        body,
        record,
        options.idempotencyKeys ? { 'idempotency-key': body.externalId } : {},
      );
      if (!placed) return undefined;
      const id = placed.data.id as string;
      if (await send('accept', 'PATCH', `${loc}/orders/${id}`, posToken, { status: 'ACCEPTED' }, record)) {
        await send('complete', 'PATCH', `${loc}/orders/${id}`, posToken, { status: 'COMPLETED' }, record);
      }
      return id;
    },
    rssMb() {
      const status = readFileSync(`/proc/${hub.process.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
    },
    async stored(ids) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        const { rows } = await client.query('select count(*)::int as n from orders where id = any($1::uuid[])', [ids]);
        return rows[0].n as number;
      } finally {
        await client.end();
      }
    },
    async close() {
      hub.process.kill('SIGTERM');
      await hub.exited;
      await pos.close();
      await market.close();
      await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Orders started at `rate` per second for `seconds` (an open loop: the next starts on time, answered or not). */
export async function openLoop(rate: number, seconds: number, start: () => void): Promise<void> {
  const t0 = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    start();
  }
}

/** Until every id has arrived at the POS, or `timeoutMs`; returns how many are missing. */
export async function untilDelivered(arrivals: Map<string, number>, ids: string[], timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  const missing = () => ids.filter((id) => !arrivals.has(id)).length;
  while (missing() > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  return missing();
}

export function latency(outcomes: Outcome[]): { n: number; p50: number; p99: number; max: number } {
  const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

export const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
