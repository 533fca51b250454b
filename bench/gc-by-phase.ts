import { readFileSync } from 'node:fs';

// Reads what `node --trace-gc-nvp dist/bench/orders.bench.js` wrote (with BENCH_MARKS=1, stdout and stderr in
// one file) and sums the young-generation collections (scavenges) of each phase: how many, their pauses, and
// the bytes they promoted to the old generation, per request. Promotion is what makes a scavenge long (its
// pause grows with what survives) and what fills the old generation until a full collection.
// Usage: node dist/bench/gc-by-phase.js LOG

interface Mark {
  phase: string;
  atMs: number;
  requests: number;
}

interface Collection {
  atMs: number;
  pauseMs: number;
  kind: string;
  promoted: number;
}

const MARK = /^mark (\S+) \d+ µs, (\d+) ms since start(?:, (\d+) requests)?/;
// An --trace-gc-nvp line: "[pid:isolate:0]  12345 ms: pause=12.3 mutator=… gc=s … promoted=8775528 …".
const COLLECTION = /\s(\d+) ms: pause=([\d.]+) .*?\bgc=(\S+)/;
const PROMOTED = / promoted=(\d+)/;

export function collectionsByPhase(log: string): string[] {
  const lines = log.split('\n');
  const marks: Mark[] = [];
  const collections: Collection[] = [];
  for (const line of lines) {
    const mark = MARK.exec(line);
    if (mark) marks.push({ phase: mark[1], atMs: Number(mark[2]), requests: Number(mark[3] ?? 0) });
    const gc = COLLECTION.exec(line);
    if (gc)
      collections.push({
        atMs: Number(gc[1]),
        pauseMs: Number(gc[2]),
        kind: gc[3],
        promoted: Number(PROMOTED.exec(line)?.[1] ?? 0),
      });
  }
  const out: string[] = [];
  for (const start of marks.filter((m) => !m.phase.endsWith('-end'))) {
    const end = marks.find((m) => m.phase === `${start.phase}-end` && m.atMs >= start.atMs);
    if (!end) continue;
    const within = collections.filter((c) => c.atMs >= start.atMs && c.atMs <= end.atMs);
    const scavenges = within.filter((c) => c.kind === 's');
    const full = within.filter((c) => c.kind !== 's');
    const promoted = scavenges.reduce((sum, c) => sum + c.promoted, 0);
    const pauses = (list: Collection[]) =>
      `${list.reduce((sum, c) => sum + c.pauseMs, 0).toFixed(0)} ms, longest ${Math.max(0, ...list.map((c) => c.pauseMs)).toFixed(1)} ms`;
    out.push(
      `${start.phase}: ${end.requests} requests; ${scavenges.length} scavenges, ${pauses(scavenges)}; promoted ${(promoted / 1e6).toFixed(0)} MB, ` +
        `${(promoted / Math.max(1, end.requests) / 1e3).toFixed(1)} KB per request; ${full.length} other collections, ${pauses(full)}`,
    );
  }
  return out;
}

if (process.argv[1]?.endsWith('gc-by-phase.js')) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write(
      'usage: node dist/bench/gc-by-phase.js LOG (node --trace-gc-nvp with BENCH_MARKS=1, stdout and stderr together)\n',
    );
    process.exit(2);
  }
  process.stdout.write(`${collectionsByPhase(readFileSync(file, 'utf8')).join('\n')}\n`);
}
