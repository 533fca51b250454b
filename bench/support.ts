import { performance } from 'node:perf_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { createLogger } from '../src/common/logger.js';
import { loadConfig } from '../src/config/config.js';
import { startHub, type RunningHub } from '../src/hub.js';

// Small, dependency-free load helpers for the benchmarks: bounded in count and time, loopback only.

export interface Figures {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `call` `count` times with `concurrency` in flight; latencies in milliseconds. */
export async function load(count: number, concurrency: number, call: () => Promise<void>): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const t0 = performance.now();
        await call();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: count,
    seconds,
    perSecond: count / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** Each figure's median over several rounds. */
export function median(rounds: Figures[]): Figures {
  const mid = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    requests: rounds.reduce((sum, r) => sum + r.requests, 0),
    seconds: rounds.reduce((sum, r) => sum + r.seconds, 0),
    perSecond: mid(rounds.map((r) => r.perSecond)),
    p50: mid(rounds.map((r) => r.p50)),
    p99: mid(rounds.map((r) => r.p99)),
  };
}

export function row(label: string, f: Figures): string {
  return `| ${label} | ${f.requests} | ${f.perSecond.toFixed(0)} | ${f.p50.toFixed(2)} | ${f.p99.toFixed(2)} |`;
}

export const TABLE_HEAD = '| what | requests | per second | p50 ms | p99 ms |\n| --- | ---: | ---: | ---: | ---: |';

/**
 * CPU time (ms) used so far by this process, and by each PostgreSQL backend serving `database` on this machine
 * (Linux /proc; none for a server elsewhere). On 2 cores the hub, its load and PostgreSQL compete for the same
 * CPUs, so CPU per request, not wall time alone, says where the cost is.
 */
export function cpuNow(database: string): { process: number; postgres: Map<string, number> } {
  const usage = process.cpuUsage();
  return { process: (usage.user + usage.system) / 1000, postgres: postgresCpuMs(database) };
}

function postgresCpuMs(database: string): Map<string, number> {
  const byBackend = new Map<string, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return byBackend;
  }
  for (const pid of entries) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)') || !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${database} `))
        continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command name.
      byBackend.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND);
    } catch {
      // the process ended between the listing and the read
    }
  }
  return byBackend;
}

/**
 * What the backends connected at `after` used since `before`: per backend, so that one which disconnected in
 * between (a pool closing an idle connection) does not take its earlier CPU out of the sum. A backend that
 * ended within the phase is missed with its share, so the figure is a lower bound.
 */
function postgresSince(before: Map<string, number>, after: Map<string, number>): number {
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}

/** USER_HZ: 100 on every Linux the hub runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU ms per request between two cpuNow() readings. */
export function cpuPer(
  before: ReturnType<typeof cpuNow>,
  after: ReturnType<typeof cpuNow>,
  requests: number,
  unit = 'order',
): string {
  const per = (a: number, b: number) => ((b - a) / requests).toFixed(2);
  return `CPU per ${unit}: this process ${per(before.process, after.process)} ms, PostgreSQL ${per(0, postgresSince(before.postgres, after.postgres))} ms`;
}

export const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-0123456789' };
export const BENCH_FIRST_PARTY = {
  clientId: 'bench-first-party',
  clientSecret: 'bench-first-party-secret-0123456789abcdef',
};

export interface ScratchHub {
  hub: RunningHub;
  /** The scratch database's name and URL. */
  scratch: string;
  databaseUrl: string;
  /** Stops the hub and drops the database (kept with BENCH_KEEP_DB). */
  stop(): Promise<void>;
}

/**
 * A hub in this process on a new scratch database of the PostgreSQL server DATABASE_URL names (default the
 * local one), with BENCH_ADMIN and BENCH_FIRST_PARTY bootstrapped; `env` adds or overrides settings.
 */
export async function scratchHub(name: string, env: Record<string, string> = {}): Promise<ScratchHub> {
  const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const scratch = `orderhub_bench_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${scratch}`);
  const url = new URL(server);
  url.pathname = `/${scratch}`;
  const config = loadConfig({
    HUB_ENV: 'development',
    PORT: '0',
    DATABASE_URL: url.toString(),
    BOOTSTRAP_ADMIN_EMAIL: BENCH_ADMIN.email,
    BOOTSTRAP_ADMIN_PASSWORD: BENCH_ADMIN.password,
    BOOTSTRAP_CLIENT_ID: BENCH_FIRST_PARTY.clientId,
    BOOTSTRAP_CLIENT_SECRET: BENCH_FIRST_PARTY.clientSecret,
    ALLOW_PRIVATE_PARTNER_URLS: 'true',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const hub = await startHub(config, createLogger(config.logLevel));
  return {
    hub,
    scratch,
    databaseUrl: url.toString(),
    async stop() {
      await hub.stop();
      if (!process.env.BENCH_KEEP_DB) await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
      await admin.end();
    },
  };
}
