import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Logger as GraphileLogger, run, type Runner, type TaskList, type Worker, type WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import type { Logger } from 'pino';
import type { HubConfig } from '../config/config.js';
import { isPGliteVersion } from '../db/database.js';
import { claimBatch, type ClaimedDelivery } from './attempt.js';
import { EndpointLimiter } from './endpoint-limiter.js';
import { ADD_DELIVER_JOB_SQL, DELIVER_TASK, type DeliverJob } from './jobs.js';
import { PartnerRequestError, type PartnerHttp } from './partner-http.js';
import { useUnnamedStatements } from './prepared.js';
import { handBack, handBackOrphans, PROCESS_LOCK_SQL, reclaimDeadProcesses } from './reclaim.js';
import { OutcomeRecorder, type AttemptRecord } from './record-outcomes.js';
import { nextStep, type AttemptResult, type NextStep } from './retry-policy.js';
import { signWebhook } from './sign.js';
import type { WebhookSecretSource } from './webhook-secrets.js';

// The delivery worker: graphile-worker jobs (LISTEN/NOTIFY wake-up, SKIP LOCKED) each claim a batch of due
// deliveries to one endpoint and make one attempt of each: sign, POST, record the outcome (together with the
// outcomes of other attempts ending at the same time) and, for a retry, add the next job, all decided by our
// own tables (src/modules/deliveries). Several processes may run it against one database.

/** The log keeps the first 1 KiB of an answer; reading stops well before a large body is buffered. */
const EXCERPT_BYTES = 1024;
const MAX_RESPONSE_BYTES = 64 * 1024;
/** graphile-worker job slots per process. */
const JOB_SLOTS = 4;
/** Attempts one job may make at once, at most: its own delivery and due ones to the same endpoint. */
const BATCH_MAX = 32;
/**
 * graphile-worker 0.16 wakes on new jobs, not when a future job falls due (that waits for the next poll):
 * a retry due within this horizon gets a timer that wakes the workers at its time.
 */
const WAKE_HORIZON_MS = 60_000;
/** A graceful stop waits this much longer than a partner may take before giving in-flight jobs back. */
const SHUTDOWN_MARGIN_MS = 2000;

export interface DeliveryWorkerDeps {
  config: HubConfig;
  log: Logger;
  databaseUrl: string;
  partnerHttp: PartnerHttp;
  secrets: WebhookSecretSource;
  /** Other jobs of the hub that run on this graphile-worker (the store's scheduled reopening). */
  tasks?: TaskList;
}

/**
 * PGlite (the embedded database, also what tests use without a PostgreSQL server) serves every connection
 * from one session: notifications do not cross connections and prepared statement names collide.
 */
async function isPGlite(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>('select version()');
    return isPGliteVersion(rows[0].version);
  } finally {
    await client.end();
  }
}

export class DeliveryWorker {
  /** This process, as other processes see it in delivery_worker_processes. */
  readonly processId = `hub-${randomBytes(8).toString('hex')}`;
  private pool!: pg.Pool;
  private recorder!: OutcomeRecorder;
  private readonly workerIds: string[] = [];
  /** This process's graphile-worker workers that are still taking jobs (to nudge). */
  private readonly workers = new Set<Worker>();
  private readonly limiter: EndpointLimiter;
  private lockClient: pg.PoolClient | undefined;
  private lockLost = false;
  private runner: Runner | undefined;
  private reclaimTimer: NodeJS.Timeout | undefined;
  private reclaiming: Promise<unknown> = Promise.resolve();
  private stopping: Promise<void> | undefined;
  private readonly wakeTimers = new Set<NodeJS.Timeout>();
  /** Deliveries this process is attempting right now. */
  private readonly inFlight = new Set<string>();
  /** The attempts under way (a graceful stop waits for them). */
  private readonly running = new Set<Promise<void>>();
  private readonly waitingForCapacity: (() => void)[] = [];
  private readonly requestLimit: number;
  /** Job slots of this process: jobs that may be claiming for one endpoint at the same moment. */
  private jobSlots = 1;

  constructor(private readonly deps: DeliveryWorkerDeps) {
    this.requestLimit = deps.config.delivery.concurrency;
    const limit = deps.config.delivery.endpointConcurrency;
    this.limiter = new EndpointLimiter(limit, Math.max(1, Math.min(BATCH_MAX, Math.floor(limit / 2))), () => this.wakeWorkers());
  }

  async start(): Promise<void> {
    const { config, log, databaseUrl } = this.deps;
    const embedded = await isPGlite(databaseUrl);
    // Queries are short: a dozen connections serve every worker slot (which wait for one when all are busy),
    // plus the listener, the process lock and reclaim. Several hubs share the server's max_connections.
    // The worker's own commits (claims, attempts, job bookkeeping) skip the wait for the WAL flush: if the
    // database server itself crashes, the last few of them may be lost, which only means an attempt is made
    // again (at-least-once, same webhook-id); each transaction is still all or nothing. The outbox rows are
    // written by the callers' transactions, on the ORM's connections, with the server's full durability.
    // On PGlite: one connection for graphile-worker's listener and one that every query of the worker waits
    // for in turn, as concurrent connections there interleave their protocol messages in one session.
    this.pool = new pg.Pool(
      embedded
        ? { connectionString: databaseUrl, max: 2 }
        : { connectionString: databaseUrl, max: 10, options: '-c synchronous_commit=off' },
    );
    if (embedded) useUnnamedStatements(this.pool);
    this.pool.on('error', (error) => log.warn({ err: error.message }, 'delivery worker: idle database connection failed'));
    this.recorder = new OutcomeRecorder(this.pool, this.processId);
    // The liveness lock needs a session of its own: not on PGlite, which only ever has this one process.
    if (!embedded) {
      this.lockClient = await this.pool.connect();
      this.lockClient.on('error', () => {
        this.lockLost = true;
      });
      await this.lockClient.query(PROCESS_LOCK_SQL, [this.processId]);
    }
    await this.pool.query('insert into delivery_worker_processes (id, worker_ids, started_at) values ($1, $2, now())', [this.processId, []]);
    const events: WorkerEvents = new EventEmitter() as WorkerEvents;
    events.on('worker:create', ({ worker }) => {
      this.workerIds.push(worker.workerId);
      this.workers.add(worker);
    });
    events.on('worker:release', ({ worker }) => this.workers.delete(worker));
    if (embedded) log.info('delivery worker: embedded database, woken by polling every %d ms (no LISTEN/NOTIFY across its connections)', config.delivery.pollIntervalMs ?? 100);
    // Job slots only claim and start attempts (the attempts run on outside them): a few keep up. On PGlite,
    // which runs one statement at a time and interleaves concurrent connections' messages, two.
    const concurrency = embedded ? 2 : JOB_SLOTS;
    this.jobSlots = concurrency;
    this.runner = await run({
      pgPool: this.pool,
      concurrency,
      noHandleSignals: true,
      pollInterval: config.delivery.pollIntervalMs ?? (embedded ? 100 : 2000),
      noPreparedStatements: embedded,
      forbiddenFlags: this.limiter.forbidden,
      parsedCronItems: [],
      events,
      logger: graphileLogger(log),
      gracefulShutdownAbortTimeout: config.delivery.partnerTimeoutMs + SHUTDOWN_MARGIN_MS,
      taskList: { ...this.deps.tasks, [DELIVER_TASK]: (payload, helpers) => this.run(payload as DeliverJob, helpers.job.flags) },
    });
    await this.pool.query('update delivery_worker_processes set worker_ids = $2 where id = $1', [this.processId, this.workerIds]);
    await this.reclaim();
    this.reclaimTimer = setInterval(() => void this.reclaim(), config.delivery.reclaimIntervalMs);
    this.reclaimTimer.unref();
    log.info({ process: this.processId, concurrency }, 'delivery worker running');
  }

  /** For /readyz: jobs are being taken and this process still holds its liveness lock. */
  ready(): boolean {
    return this.runner !== undefined && this.stopping === undefined && !this.lockLost;
  }

  /**
   * Graceful: take no new job, let in-flight attempts finish (up to the partner timeout), then hand back
   * whatever is still claimed by this process, so another process (or the next start) sends it again.
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      clearInterval(this.reclaimTimer);
      for (const timer of this.wakeTimers) clearTimeout(timer);
      await this.reclaiming;
      await this.runner?.stop().catch((error) => this.deps.log.error({ err: error }, 'delivery worker: stop failed'));
      // Attempts under way finish (each within the partner timeout); anything left is handed back below.
      for (const resolve of this.waitingForCapacity.splice(0)) resolve();
      await Promise.allSettled([...this.running]);
      if (!this.lockLost) {
        await this.handBackAll().catch((error) =>
          this.deps.log.error({ err: error }, 'delivery worker: handing back in-flight deliveries failed; another process will'),
        );
      }
      this.lockClient?.release();
      await this.pool?.end();
    })();
    return this.stopping;
  }

  private async handBackAll(): Promise<void> {
    const client = this.lockClient ?? (await this.pool.connect());
    try {
      await handBack(client, this.processId, this.workerIds);
    } finally {
      if (client !== this.lockClient) client.release();
    }
  }

  private reclaim(): Promise<unknown> {
    const orphanAgeMs = 2 * this.deps.config.delivery.partnerTimeoutMs + 5000;
    this.reclaiming = (async () => {
      await reclaimDeadProcesses(this.pool, this.processId, this.deps.log);
      await handBackOrphans(this.pool, this.processId, this.inFlight, orphanAgeMs);
    })().catch((error) => this.deps.log.warn({ err: error.message }, 'delivery worker: reclaim pass failed; next pass retries'));
    return this.reclaiming;
  }

  /**
   * Jobs this process skipped may be takeable now (an endpoint came back under its limit, a retry fell due):
   * an idle worker of this process looks again, or a busy one looks again when its job is done. Only this
   * process's workers: the endpoint limits are per process, and other processes find a due retry at their
   * next poll. (A NOTIFY would cost a round trip and wake every idle worker of every process.)
   */
  private wakeWorkers(): void {
    if (this.stopping) return;
    for (const worker of this.workers) if (worker.nudge()) return;
  }

  private wakeAfter(delayMs: number): void {
    if (delayMs > WAKE_HORIZON_MS || this.stopping) return;
    const timer = setTimeout(() => {
      this.wakeTimers.delete(timer);
      this.wakeWorkers();
    }, delayMs + 5);
    timer.unref();
    this.wakeTimers.add(timer);
  }

  /**
   * One graphile job: claims its own delivery and other due deliveries to the same endpoint (as many as the
   * endpoint has free slots here, up to BATCH_MAX), starts their attempts and completes at once. The
   * attempts run on without holding a worker slot, so a hanging partner holds only its own endpoint's
   * slots; claimed deliveries are DELIVERING by this process, and handed back if it dies (reclaim). Only
   * when the whole process has `requestLimit` requests in flight does a job wait, as back-pressure.
   */
  private async run(job: DeliverJob, flags: Record<string, true> | null): Promise<void> {
    await this.belowRequestLimit();
    const endpoint = Object.keys(flags ?? {})[0];
    // The slots are taken before the claim, which gives back what it did not use; one is left for each other
    // job slot, so that jobs claiming at the same moment (a stream of events, a claim each) never find the
    // endpoint full of slots that are only reserved.
    const slots = endpoint === undefined ? 1 : this.limiter.acquire(endpoint, BATCH_MAX, this.jobSlots - 1);
    if (slots === 0) {
      // The same job again, due now: this process skips it (its endpoint is a forbidden flag here) until the
      // endpoint is offered work again and wakes a worker, while another process may take it at once. This
      // job completes without touching the delivery.
      await this.pool.query(ADD_DELIVER_JOB_SQL, [job.deliveryId, job.seq, endpoint, null]);
      return;
    }
    const giveBack = (n: number) => {
      if (endpoint !== undefined && n > 0) this.limiter.release(endpoint, n);
    };
    let deliveries: ClaimedDelivery[];
    try {
      // A stale job (the delivery moved on: handed back, replayed, finished) claims nothing of its own.
      deliveries = await claimBatch(this.pool, job.deliveryId, job.seq, this.processId, endpoint ?? '', slots - 1);
    } catch (error) {
      giveBack(slots);
      throw error;
    }
    // Each slot is given back as soon as its attempt is over, so a hanging request holds one slot only.
    giveBack(slots - deliveries.length);
    for (const delivery of deliveries) {
      const attempt = this.attempt(delivery)
        .catch((error) => this.deps.log.error({ err: error, delivery: delivery.id }, 'delivery worker: recording an attempt failed; reclaim will hand it back'))
        .finally(() => {
          giveBack(1);
          this.running.delete(attempt);
          this.onAttemptDone();
        });
      this.running.add(attempt);
    }
  }

  private belowRequestLimit(): Promise<void> {
    if (this.running.size < this.requestLimit) return Promise.resolve();
    return new Promise((resolve) => this.waitingForCapacity.push(resolve));
  }

  private onAttemptDone(): void {
    while (this.waitingForCapacity.length > 0 && this.running.size < this.requestLimit) this.waitingForCapacity.shift()!();
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    this.inFlight.add(delivery.id);
    let step: NextStep;
    let outcome: { attempt: AttemptRecord; result: AttemptResult };
    try {
      outcome = await this.send(delivery);
      step = nextStep(outcome.result, delivery.round_attempts, this.deps.config.deliveryRetrySchedule);
      await this.recorder.record({ delivery, attempt: outcome.attempt, step });
    } finally {
      // If recording failed, the delivery stays DELIVERING by this process until reclaim hands it back.
      this.inFlight.delete(delivery.id);
    }
    if (step.kind === 'retry') this.wakeAfter(step.delayMs);
    this.deps.log.debug(
      { delivery: delivery.id, attempt: delivery.attempt_count, status: outcome.attempt.httpStatus, error: outcome.attempt.error, outcome: step.kind },
      'delivery attempt',
    );
  }

  private async send(delivery: ClaimedDelivery): Promise<{ attempt: AttemptRecord; result: AttemptResult }> {
    const startedAt = new Date();
    const t0 = performance.now();
    const done = (result: AttemptResult, excerpt: string | null = null) => ({
      result,
      attempt: {
        startedAt,
        httpStatus: 'status' in result ? result.status : null,
        error: 'error' in result ? result.error : null,
        latencyMs: performance.now() - t0,
        responseExcerpt: excerpt,
      },
    });
    let secret: string;
    try {
      secret = await this.deps.secrets.secretFor(delivery.application_id);
    } catch {
      return done({ error: 'no webhook secret is available for the application' });
    }
    const headers = signWebhook(secret, delivery.event_id, Date.now() / 1000, delivery.body);
    try {
      const response = await this.deps.partnerHttp.post(delivery.url, delivery.body, {
        headers: { ...headers },
        timeoutMs: this.deps.config.delivery.partnerTimeoutMs,
        maxResponseBytes: MAX_RESPONSE_BYTES,
      });
      return done({ status: response.status, retryAfter: response.headers['retry-after'] }, excerptOf(response.body));
    } catch (error) {
      if (error instanceof PartnerRequestError) return done({ error: error.message });
      return done({ error: 'the request could not be sent' });
    }
  }
}

function excerptOf(body: string): string | null {
  if (!body) return null;
  const bytes = Buffer.from(body, 'utf8');
  return bytes.length <= EXCERPT_BYTES ? body : bytes.subarray(0, EXCERPT_BYTES).toString('utf8');
}

/** graphile-worker's log lines go to pino; its routine "job completed" lines only at debug. */
function graphileLogger(log: Logger): GraphileLogger {
  return new GraphileLogger(() => (level, message) => {
    if (level === 'error') log.error({ component: 'graphile-worker' }, message);
    // A pool smaller than the worker slots is deliberate here (queries are short; see start()).
    else if (level === 'warning' && !message.includes('maxPoolSize')) log.warn({ component: 'graphile-worker' }, message);
    else log.debug({ component: 'graphile-worker' }, message);
  });
}
