import { performance } from 'node:perf_hooks';
import { percentile } from './support.js';

// The victim of the cross-tenant benches: another tenant's client sending requests on a fixed schedule while an
// attacker loads the hub. The schedule does not wait for answers (an open loop), so a slow hub shows as latency
// instead of fewer requests sent.

export interface VictimRun {
  /** Each request's time to a full answer, in ms, in the order answers came. */
  latencies: number[];
  /** Requests answered with another status than the one expected, or not answered. */
  failures: number;
  /** How many requests got each status; 0 for no answer. */
  statuses: Record<number, number>;
}

/** `rate` requests a second for `seconds`, each `send()` timed to its whole body; failures are any status but `ok`. */
export async function openLoopVictim(
  send: () => Promise<Response>,
  ok: number,
  rate: number,
  seconds: number,
): Promise<VictimRun> {
  const run: VictimRun = { latencies: [], failures: 0, statuses: {} };
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < rate * seconds; i += 1) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(timed(send, ok, run));
  }
  await Promise.all(inFlight);
  return run;
}

async function timed(send: () => Promise<Response>, ok: number, run: VictimRun): Promise<void> {
  const t0 = performance.now();
  let status: number;
  try {
    const res = await send();
    await res.arrayBuffer();
    status = res.status;
  } catch {
    status = 0;
  }
  run.latencies.push(performance.now() - t0);
  run.statuses[status] = (run.statuses[status] ?? 0) + 1;
  if (status !== ok) run.failures += 1;
}

/** One line of figures: `name: 200 orders, p50 …, p99 …, max …, failed 0 (statuses {"201":200})`. */
export function victimFigures(name: string, noun: string, run: VictimRun): string {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const f = (v: number) => `${v.toFixed(1)} ms`;
  return `${name}: ${sorted.length} ${noun}, p50 ${f(percentile(sorted, 50))}, p99 ${f(percentile(sorted, 99))}, max ${f(sorted[sorted.length - 1])}, failed ${run.failures} (statuses ${JSON.stringify(run.statuses)})`;
}
