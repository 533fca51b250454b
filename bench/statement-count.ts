import { createRequire } from 'node:module';

// Statements this process sends to PostgreSQL, counted on the client: every `query` call of every pg Client
// (the hub's ORM, graphile-worker, the limiter store and the baselines all go through one of the two copies of
// pg installed: the top-level one and MikroORM's own). pg_stat_statements would say the same from the server,
// but it needs shared_preload_libraries, which the shared PostgreSQL here does not load. Each call is one
// round trip and one socket write, which is what a statement costs the process most.

const require = createRequire(import.meta.url);
let sent = 0;
/** With BENCH_STATEMENTS=1: how often each statement's text (its start) was sent. */
const byText = process.env.BENCH_STATEMENTS ? new Map<string, number>() : undefined;

function textOf(args: unknown[]): string {
  const first = args[0] as string | { text?: string; name?: string } | undefined;
  const text = typeof first === 'string' ? first : (first?.text ?? first?.name ?? '?');
  return text.replace(/\s+/g, ' ').trim().slice(0, 90);
}

/** Counters of the statements whose text matches a pattern (watchStatements); usually none. */
const watchers = new Set<{ pattern: RegExp; count: number }>();

function countQueries(load: () => unknown): void {
  let pgModule: { Client: { prototype: { query: (...args: unknown[]) => unknown } } };
  try {
    pgModule = load() as typeof pgModule;
  } catch {
    return;
  }
  const proto = pgModule.Client.prototype;
  const original = proto.query;
  if ((original as { counted?: boolean }).counted) return;
  const counted = function (this: unknown, ...args: unknown[]) {
    sent += 1;
    if (byText) {
      const text = textOf(args);
      byText.set(text, (byText.get(text) ?? 0) + 1);
    }
    for (const watcher of watchers) if (watcher.pattern.test(textOf(args))) watcher.count += 1;
    return original.apply(this, args);
  };
  (counted as { counted?: boolean }).counted = true;
  proto.query = counted;
}

/** Starts counting (idempotent); call before the hub opens its connections. */
export function countStatements(): void {
  countQueries(() => require('pg'));
  countQueries(() => createRequire(require.resolve('@mikro-orm/postgresql'))('pg'));
}

export function statementsSent(): number {
  return sent;
}

/**
 * Counts, from now until `stop()`, the statements whose text matches `pattern`: what one piece of code sends,
 * whatever else the process (a hub's delivery poller, its scheduler) sends meanwhile.
 */
export function watchStatements(pattern: RegExp): { readonly count: number; stop(): void } {
  const watcher = { pattern, count: 0 };
  watchers.add(watcher);
  return {
    get count() {
      return watcher.count;
    },
    stop: () => void watchers.delete(watcher),
  };
}

/** The statements counted by text since the last call (BENCH_STATEMENTS=1), most frequent first; then reset. */
export function statementsByText(): [string, number][] {
  if (!byText) return [];
  const rows = [...byText].sort((a, b) => b[1] - a[1]);
  byText.clear();
  return rows;
}
