import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Logger as GraphileLogger, run, type Runner, type TaskList, type Worker, type WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import type { Logger } from 'pino';
import type { HubConfig } from '../config/config.js';
import { isPGliteVersion } from '../db/database.js';
import { claimBatch, type ClaimedDelivery } from './attempt.js';
import { withSealedCredentials } from './webhook-event.js';
import { EndpointLimiter } from './endpoint-limiter.js';
import { ADD_DELIVER_JOB_SQL, DELIVER_TASK, type DeliverJob } from './jobs.js';
import { PartnerRequestError, type PartnerHttp } from './partner-http.js';
import { useUnnamedStatements } from './prepared.js';
import type { DatabaseWatch } from '../db/outage.js';
import { childTraceparent, readTrace } from '../common/request-scope.js';
import type { HubMetrics } from '../observability/metrics.js';
import { handBack, handBackOrphans, PROCESS_LOCK_SQL, reclaimDeadProcesses, TRY_PROCESS_LOCK_SQL } from './reclaim.js';
import { OutcomeRecorder, type AttemptRecord } from './record-outcomes.js';
import { nextStep, type AttemptResult, type NextStep } from './retry-policy.js';
import { signWebhook } from './sign.js';
import type { WebhookSecretSource } from './webhook-secrets.js';

// The delivery worker: graphile-worker jobs (LISTEN/NOTIFY wake-up, SKIP LOCKED) each claim a batch of due
// deliveries to one endpoint and make one attempt of each: sign, POST, record the outcome (together with the
// outcomes of other attempts ending at the same time) and, for a retry, add the next job, all decided by our
// own tables (src/delivery-engine/*.entity.ts; the log people read is src/modules/delivery-log). Several processes may run it against one database.

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
/** After losing its liveness lock (the database went away), how often the process tries to take it again. */
const LOCK_RETAKE_INTERVAL_MS = 500;

export interface DeliveryWorkerDeps {
  config: HubConfig;
  log: Logger;
  databaseUrl: string;
  partnerHttp: PartnerHttp;
  secrets: WebhookSecretSource;
  /** Other jobs of the hub that run on this graphile-worker (the store's scheduled reopening). */
  tasks?: TaskList;
  /** Told about database outages the worker meets, which are then not logged again here. */
  database?: DatabaseWatch;
  /** Counts attempts and deliveries (GET /metrics). */
  metrics?: HubMetrics;
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
  private lockRetakeTimer: NodeJS.Timeout | undefined;
  private embedded = false;
  /** Set while the job runner is being started again after a database outage. */
  private restarting: Promise<void> | undefined;
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
    // Its own node-postgres pool, not the ORM's (src/db/raw-sql.ts is the ORM's one way): graphile-worker takes
    // a pg pool, and these connections run with settings the ORM's must not have.
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
    this.pool.on('error', (error) => this.warn(error, 'delivery worker: idle database connection failed'));
    // A connection that drops while checked out (a restart, a failover) fails its query, which the caller
    // handles; without a listener its 'error' event would also end the process.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    this.recorder = new OutcomeRecorder(this.pool, this.processId);
    // The liveness lock needs a session of its own: not on PGlite, which only ever has this one process.
    if (!embedded) {
      const client = await this.pool.connect();
      this.holdLock(client);
      await client.query(PROCESS_LOCK_SQL, [this.processId]);
    }
    await this.pool.query('insert into delivery_worker_processes (id, worker_ids, started_at) values ($1, $2, now())', [this.processId, []]);
    if (embedded) log.info('delivery worker: embedded database, woken by polling every %d ms (no LISTEN/NOTIFY across its connections)', config.delivery.pollIntervalMs ?? 100);
    // Job slots only claim and start attempts (the attempts run on outside them): a few keep up. On PGlite,
    // which runs one statement at a time and interleaves concurrent connections' messages, two.
    const concurrency = embedded ? 2 : JOB_SLOTS;
    this.jobSlots = concurrency;
    this.embedded = embedded;
    this.runner = await this.startRunner();
    await this.pool.query('update delivery_worker_processes set worker_ids = $2 where id = $1', [this.processId, this.workerIds]);
    await this.reclaim();
    this.reclaimTimer = setInterval(() => void this.reclaim(), config.delivery.reclaimIntervalMs);
    this.reclaimTimer.unref();
    log.info({ process: this.processId, concurrency }, 'delivery worker running');
  }

  private startRunner(): Promise<Runner> {
    const { config, log } = this.deps;
    const events: WorkerEvents = new EventEmitter() as WorkerEvents;
    events.on('worker:create', ({ worker }) => {
      this.workerIds.push(worker.workerId);
      this.workers.add(worker);
    });
    events.on('worker:release', ({ worker }) => this.workers.delete(worker));
    // A job slot whose job could not be completed or failed in the database ends for good in graphile-worker
    // 0.16 ("committing seppuku"), its job locked for hours: the runner is started again instead.
    events.on('worker:fatalError', ({ error }) => {
      this.deps.database?.report(error);
      this.restartRunner();
    });
    return run({
      pgPool: this.pool,
      concurrency: this.jobSlots,
      noHandleSignals: true,
      pollInterval: config.delivery.pollIntervalMs ?? (this.embedded ? 100 : 2000),
      noPreparedStatements: this.embedded,
      forbiddenFlags: this.limiter.forbidden,
      parsedCronItems: [],
      events,
      logger: graphileLogger(log, this.deps.database, () => this.restarting !== undefined),
      gracefulShutdownAbortTimeout: config.delivery.partnerTimeoutMs + SHUTDOWN_MARGIN_MS,
      taskList: { ...this.deps.tasks, [DELIVER_TASK]: (payload, helpers) => this.run(payload as DeliverJob, helpers.job.flags) },
    });
  }

  /**
   * Once the database answers: stops what is left of the runner, unlocks the jobs its slots held (so they
   * run again, here or elsewhere; an attempt already made is sent again with the same webhook-id), and starts
   * a new runner. Not ready meanwhile.
   */
  private restartRunner(): void {
    if (this.stopping || this.restarting) return;
    this.restarting = (async () => {
      while (!this.stopping) {
        try {
          await this.pool.query('select 1');
          break;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, LOCK_RETAKE_INTERVAL_MS));
        }
      }
      if (this.stopping) return;
      await this.runner?.stop().catch(() => undefined);
      const oldIds = this.workerIds.splice(0);
      this.workers.clear();
      await this.pool.query('select graphile_worker.force_unlock_workers($1::text[])', [oldIds]);
      if (this.stopping) return;
      this.runner = await this.startRunner();
      await this.pool.query('update delivery_worker_processes set worker_ids = $2 where id = $1', [this.processId, this.workerIds]);
      this.deps.log.info({ process: this.processId }, 'delivery worker: job runner started again after losing the database');
    })()
      .catch((error) => {
        this.warn(error, 'delivery worker: restarting the job runner failed; trying again');
        setTimeout(() => this.restartRunner(), LOCK_RETAKE_INTERVAL_MS).unref();
      })
      .finally(() => {
        this.restarting = undefined;
      });
  }

  /**
   * The liveness lock lives as long as its connection: when the database goes away (a restart, a failover)
   * the lock goes with it, and other processes may take this one for dead and hand its deliveries back. The
   * process then takes its lock again as soon as the database answers, and registers again if it was
   * forgotten; attempts it still had under way are recorded only while it still holds them (at least once,
   * the same webhook-id, as after any hand-back).
   */
  private holdLock(client: pg.PoolClient): void {
    this.lockClient = client;
    client.on('error', (error) => {
      if (this.lockClient !== client) return;
      this.lockClient = undefined;
      this.lockLost = true;
      this.deps.database?.report(error);
      client.release(error);
      this.retakeLockSoon();
    });
  }

  private retakeLockSoon(): void {
    if (this.stopping || this.lockRetakeTimer) return;
    this.lockRetakeTimer = setTimeout(() => {
      this.lockRetakeTimer = undefined;
      void this.retakeLock().then(
        (taken) => (taken ? undefined : this.retakeLockSoon()),
        () => this.retakeLockSoon(),
      );
    }, LOCK_RETAKE_INTERVAL_MS);
    this.lockRetakeTimer.unref();
  }

  private async retakeLock(): Promise<boolean> {
    const client = await this.pool.connect();
    let kept = false;
    try {
      // Not a blocking lock: another process may hold it for a moment while it hands this one's work back.
      const { rows: [{ locked }] } = await client.query<{ locked: boolean }>(TRY_PROCESS_LOCK_SQL, [this.processId]);
      if (!locked) return false;
      await client.query(
        'insert into delivery_worker_processes (id, worker_ids, started_at) values ($1, $2, now()) on conflict (id) do update set worker_ids = excluded.worker_ids',
        [this.processId, this.workerIds],
      );
      if (this.stopping) return true;
      this.holdLock(client);
      this.lockLost = false;
      kept = true;
      this.deps.log.info({ process: this.processId }, 'delivery worker: liveness lock taken again after losing the database');
      return true;
    } finally {
      if (!kept) client.release();
    }
  }

  /** A failure worth a warning, unless it is a database outage, which the database watch reports once. */
  private warn(error: unknown, message: string): void {
    if (this.deps.database?.report(error)) return;
    this.deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, message);
  }

  /** The worker's connections, for the metrics: checked out, and callers waiting for one. */
  readonly poolFigures = {
    inUse: () => (this.pool ? this.pool.totalCount - this.pool.idleCount : 0),
    waiting: () => this.pool?.waitingCount ?? 0,
  };

  /** For /readyz: jobs are being taken and this process still holds its liveness lock. */
  ready(): boolean {
    return this.runner !== undefined && this.stopping === undefined && !this.lockLost && this.restarting === undefined;
  }

  /**
   * Graceful: take no new job, let in-flight attempts finish (up to the partner timeout), then hand back
   * whatever is still claimed by this process, so another process (or the next start) sends it again.
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      clearInterval(this.reclaimTimer);
      clearTimeout(this.lockRetakeTimer);
      for (const timer of this.wakeTimers) clearTimeout(timer);
      await this.reclaiming;
      await this.restarting;
      await this.runner?.stop().catch((error) => this.deps.log.error({ err: error }, 'delivery worker: stop failed'));
      // Attempts under way finish (each within the partner timeout); anything left is handed back below.
      for (const resolve of this.waitingForCapacity.splice(0)) resolve();
      await Promise.allSettled([...this.running]);
      if (!this.lockLost) {
        await this.handBackAll().catch((error) =>
          this.deps.log.error({ err: error }, 'delivery worker: handing back in-flight deliveries failed; another process will'),
        );
      }
      // Forgotten before it is released: a connection error after this (the database dropping it as the pool
      // ends) must not release it a second time, which throws out of the error handler.
      const lockClient = this.lockClient;
      this.lockClient = undefined;
      lockClient?.release();
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
    })().catch((error) => this.warn(error, 'delivery worker: reclaim pass failed; next pass retries'));
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
        .catch((error) => {
          if (!this.deps.database?.report(error)) this.deps.log.error({ err: error, delivery: delivery.id }, 'delivery worker: recording an attempt failed; reclaim will hand it back');
        })
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
    this.deps.metrics?.deliveryAttempt(delivery.event_type, step.kind, (Date.now() - new Date(delivery.created_at).getTime()) / 1000);
    if (step.kind === 'retry') this.wakeAfter(step.delayMs);
    const fields = { delivery: delivery.id, url: delivery.url, attempt: delivery.attempt_count, status: outcome.attempt.httpStatus, error: outcome.attempt.error, outcome: step.kind };
    // A partner that fails is what an operator looks for in the logs: warn, with the delivery id to look it up.
    if (step.kind === 'delivered') this.deps.log.debug(fields, 'delivery attempt');
    else this.deps.log.warn({ ...fields, reason: step.reason }, step.kind === 'retry' ? 'partner call failed; retrying' : 'partner call failed; delivery FAILED');
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
    let body: string;
    try {
      body = withSealedCredentials(delivery.body, delivery.credentials_sealed);
    } catch {
      return done({ error: 'the connection credentials of this delivery cannot be opened (was ENCRYPTION_KEY changed?)' });
    }
    const headers: Record<string, string> = { ...signWebhook(secret, delivery.event_id, Date.now() / 1000, body), ...originHeaders(delivery) };
    try {
      const response = await this.deps.partnerHttp.post(delivery.url, body, {
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

/** The causing request's id and trace, so the partner's logs can be joined with the hub's. */
function originHeaders(delivery: ClaimedDelivery): Record<string, string> {
  const headers: Record<string, string> = {};
  if (delivery.request_id) headers['x-request-id'] = delivery.request_id;
  const trace = readTrace(delivery.trace);
  if (trace) headers.traceparent = childTraceparent(trace);
  return headers;
}

function excerptOf(body: string): string | null {
  if (!body) return null;
  const bytes = Buffer.from(body, 'utf8');
  return bytes.length <= EXCERPT_BYTES ? body : bytes.subarray(0, EXCERPT_BYTES).toString('utf8');
}

/**
 * graphile-worker's log lines go to pino; its routine "job completed" lines only at debug, and what it says
 * while the database is unreachable (failed polls, its listener reconnecting) to the database watch.
 */
function graphileLogger(log: Logger, database: DatabaseWatch | undefined, restarting: () => boolean): GraphileLogger {
  return new GraphileLogger(() => (level, message) => {
    const expected = database?.report(new Error(message)) || (restarting() && /^(Worker exited|Failed to release job)/.test(message));
    if ((level === 'error' || level === 'warning') && expected) log.debug({ component: 'graphile-worker' }, message);
    else if (level === 'error') log.error({ component: 'graphile-worker' }, message);
    // A pool smaller than the worker slots is deliberate here (queries are short; see start()).
    else if (level === 'warning' && !message.includes('maxPoolSize')) log.warn({ component: 'graphile-worker' }, message);
    else log.debug({ component: 'graphile-worker' }, message);
  });
}
