import { performance } from 'node:perf_hooks';

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
  return { requests: count, seconds, perSecond: count / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
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
