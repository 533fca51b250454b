import type { Logger } from 'pino';
import { UnavailableError } from '../common/errors.js';

// A database outage (a failover, a restart, a network cut) is not a bug: requests that need the database
// answer 503 database_unavailable with Retry-After, the hub logs one warning when the outage starts and one
// line when it ends (not a stack trace per request), and /readyz says not ready in between.

/** What clients are told to wait before trying again. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

/** SQLSTATE class 08 (connection exception) and the server going away (57P01-57P03: shutdown, crash, starting). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123])$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * node-postgres and knex say these without a code when a connection drops or cannot be made; libraries that
 * log only a message (graphile-worker) carry the errno or the server's words in it.
 */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|Connection ended unexpectedly|timeout exceeded when trying to connect|is not queryable|Client has encountered a connection error|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode)|\b(ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH)\b/;

/** True when `error` (or what it wraps: MikroORM, knex, oidc-provider keep the cause) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Duck-typed, not instanceof Error: node's own errors (a refused connect) may come from another realm (jest's VM).
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    const wrapper = current as { previous?: unknown; cause?: unknown; originalError?: unknown };
    current = wrapper.previous ?? wrapper.cause ?? wrapper.originalError;
  }
  return false;
}

/** The 503 an error answers, if any: an UnavailableError as it is, a database outage as database_unavailable. */
export function unavailableOf(error: unknown): UnavailableError | undefined {
  if (error instanceof UnavailableError) return error;
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  return undefined;
}

/** The 503 of a database outage. */
export function databaseUnavailable(): UnavailableError {
  return new UnavailableError(
    'database_unavailable',
    'The database is unreachable; try again shortly',
    DATABASE_RETRY_AFTER_SECONDS,
  );
}

/** What a database that does not answer at all (a network partition) is reported as: the errno TCP would give in the end. */
function silence(timeoutMs: number): Error {
  return Object.assign(new Error(`the database did not answer within ${timeoutMs} ms (ETIMEDOUT)`), {
    code: 'ETIMEDOUT',
  });
}

/**
 * The hub's view of its database, shared by the HTTP surfaces, /readyz and the delivery worker: whoever
 * meets an unreachable database reports it here. The first report of an outage logs a warning and starts
 * probing (a `select 1` every `probeIntervalMs`) until the database answers again, which is logged once too.
 */
export class DatabaseWatch {
  private outageStartedAt: number | undefined;
  private probeTimer: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<() => void>();
  private checking: Promise<void> | undefined;
  private answeredAt = 0;

  constructor(
    private readonly probe: () => Promise<unknown>,
    private readonly log: Logger,
    private readonly probeIntervalMs = 500,
    /**
     * The question confirm() asks: on a connection of its own, not the pool's, so that a pool busy with slow
     * but answered queries (overload) is not taken for a database that does not answer (a partition).
     */
    private readonly directProbe: (timeoutMs: number) => Promise<unknown> = probe,
  ) {}

  /** True between the first failure of an outage and the first successful probe after it. */
  get down(): boolean {
    return this.outageStartedAt !== undefined;
  }

  /** Reports a failure; returns true when it was a database outage (then it is logged once per outage). */
  report(error: unknown): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    if (this.outageStartedAt !== undefined) return true;
    this.outageStartedAt = Date.now();
    this.log.warn(
      { err: (error as { message?: string }).message ?? String(error) },
      'database unreachable: answering 503 database_unavailable until it is back',
    );
    this.probeTimer = setInterval(() => void this.probeOnce(), this.probeIntervalMs);
    this.probeTimer.unref();
    return true;
  }

  /**
   * Asks the database for an answer within `timeoutMs` (one question at a time, shared by whoever asks): a
   * database gone silent (a network partition) closes nothing and throws nothing, so only a bound on the
   * wait tells it apart; then it is reported as an outage like any other. Resolves once the question is settled.
   * An answer holds for `timeoutMs` too: slow requests under load ask at most about once per that time.
   */
  confirm(timeoutMs: number): Promise<void> {
    if (this.down || Date.now() - this.answeredAt < timeoutMs) return Promise.resolve();
    this.checking ??= new Promise<void>((settled) => {
      const timer = setTimeout(() => {
        this.report(silence(timeoutMs));
        settled();
      }, timeoutMs);
      Promise.resolve()
        .then(() => this.directProbe(timeoutMs))
        .then(
          () => void (this.answeredAt = Date.now()),
          (error: unknown) => void this.report(error),
        )
        .finally(() => {
          clearTimeout(timer);
          settled();
        });
    }).finally(() => (this.checking = undefined));
    return this.checking;
  }

  /** Called once every time the database is back after an outage (the worker re-takes its locks then). */
  onRecovered(listener: () => void): void {
    this.listeners.add(listener);
  }

  stop(): void {
    clearInterval(this.probeTimer);
  }

  private async probeOnce(): Promise<void> {
    try {
      await this.probe();
    } catch {
      return;
    }
    if (this.outageStartedAt === undefined) return;
    const outageMs = Date.now() - this.outageStartedAt;
    this.outageStartedAt = undefined;
    clearInterval(this.probeTimer);
    this.log.info({ outageMs }, 'database reachable again');
    for (const listener of this.listeners) listener();
  }
}
