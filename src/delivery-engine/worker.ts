import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import type { HubConfig } from '../config/config.js';
import { isEmbeddedDatabase } from '../db/database.js';
import { embeddedDatabaseAt, fallbackPollMs } from '../db/embedded.js';
import type { DatabaseWatch } from '../db/outage.js';
import type { HubMetrics } from '../observability/metrics.js';
import { claimDue, type ClaimedDelivery } from './claim.js';
import { ClaimLoop, type RoundResult } from './claim-loop.js';
import { DueListener } from './due-listener.js';
import { DUE_CHANNEL } from './queue.js';
import { EndpointLimiter } from './endpoint-limiter.js';
import type { PartnerHttp } from './partner-http.js';
import { sendDelivery, type SendDeps } from './partner-send.js';
import { useUnnamedStatements } from './prepared.js';
import { handBack, handBackOrphans, PROCESS_LOCK_SQL, reclaimDeadProcesses, TRY_PROCESS_LOCK_SQL } from './reclaim.js';
import { OutcomeRecorder } from './record-outcomes.js';
import { nextStep, type NextStep } from './retry-policy.js';
import { readReserved, reserve, type ImmediateDelivery, type ImmediateOutcome } from './immediate.js';
import type { WebhookSecretSource } from './webhook-secrets.js';

// The delivery worker: claims due deliveries from the deliveries table itself (queue.ts: SKIP LOCKED, woken
// by LISTEN/NOTIFY), makes one attempt of each (sign, POST), and records the outcome together with the
// outcomes of other attempts ending at the same time (record-outcomes.ts); a retry is the same row, due
// later. Several processes may run it against one database; each holds a liveness lock, and a dead one's
// claimed deliveries are handed back (reclaim.ts). The log people read is src/modules/delivery-log.

/** Attempts one claim may start, at most. */
const BATCH_MAX = 32;
/** A retry due within this horizon gets a timer that wakes this process at its time (later ones: the poll). */
const WAKE_HORIZON_MS = 60_000;
/** After losing its liveness lock or its LISTEN connection, how often the process tries again. */
const RETRY_INTERVAL_MS = 500;

export interface DeliveryWorkerDeps {
  config: HubConfig;
  log: Logger;
  databaseUrl: string;
  partnerHttp: PartnerHttp;
  secrets: WebhookSecretSource;
  /** Told about database outages the worker meets, which are then not logged again here. */
  database?: DatabaseWatch;
  /** Counts attempts and deliveries (GET /metrics). */
  metrics?: HubMetrics;
  /** The hub's own sandbox partners (none in production): called on this process's own address. */
  sandboxApplications?: ReadonlySet<string>;
}

export class DeliveryWorker {
  /** This process, as other processes see it in delivery_worker_processes. */
  readonly processId = `hub-${randomBytes(8).toString('hex')}`;
  private pool!: pg.Pool;
  private recorder!: OutcomeRecorder;
  /** The scheduler's graphile-worker ids in this process (src/scheduler), kept in the process registry. */
  private taskWorkerIds: string[] = [];
  private listener: DueListener | undefined;
  private readonly loop: ClaimLoop;
  private readonly limiter: EndpointLimiter;
  private lockClient: pg.PoolClient | undefined;
  private lockLost = false;
  private lockRetakeTimer: NodeJS.Timeout | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  /** Stops reading the embedded database's notifications (when this process serves it). */
  private stopHearing: (() => void) | undefined;
  private reclaimTimer: NodeJS.Timeout | undefined;
  private reclaiming: Promise<unknown> = Promise.resolve();
  private started = false;
  private stopping: Promise<void> | undefined;
  /** Set at the shutdown's signal (stopClaiming): no claim starts after it. */
  private claimingStopped = false;
  private readonly wakeTimers = new Set<NodeJS.Timeout>();
  /** Deliveries this process is attempting right now. */
  private readonly inFlight = new Set<string>();
  /** The attempts under way (a graceful stop waits for them). */
  private readonly running = new Set<Promise<void>>();
  /** Attempts this process may have in flight at once (DELIVERY_CONCURRENCY): the back-pressure on claims. */
  private readonly requestLimit: number;
  /** Set when a claim was skipped for want of request slots: the next attempt to end wakes the loop. */
  private starved = false;
  private readonly sendDeps: SendDeps;

  constructor(private readonly deps: DeliveryWorkerDeps) {
    this.requestLimit = deps.config.delivery.concurrency;
    this.sendDeps = {
      partnerHttp: deps.partnerHttp,
      secrets: deps.secrets,
      partnerTimeoutMs: deps.config.delivery.partnerTimeoutMs,
      sandboxApplications: deps.sandboxApplications ?? new Set(),
    };
    const limit = deps.config.delivery.endpointConcurrency;
    this.limiter = new EndpointLimiter(limit, Math.max(1, Math.min(BATCH_MAX, Math.floor(limit / 2))), () =>
      this.wake(),
    );
    this.loop = new ClaimLoop(
      () => this.claimRound(),
      (error) => this.warn(error, 'delivery worker: claiming due deliveries failed; the next wake-up tries again'),
    );
  }

  async start(): Promise<void> {
    const { config, log, databaseUrl } = this.deps;
    const embedded = await isEmbeddedDatabase(databaseUrl);
    // Its own node-postgres pool, not the ORM's (src/db/raw-sql.ts is the ORM's one way): these connections
    // run with settings the ORM's must not have. Queries are short: a dozen connections serve claims,
    // recordings, the process lock and reclaim. Several hubs share the server's max_connections.
    // The worker's own commits (claims, attempts) skip the wait for the WAL flush: if the database server
    // itself crashes, the last few of them may be lost, which only means an attempt is made again
    // (at-least-once, same webhook-id); each transaction is still all or nothing. The outbox rows are written
    // by the callers' transactions, on the ORM's connections, with the server's full durability.
    // On PGlite: two connections, whose queries wait for each other in turn, as concurrent connections there
    // interleave their protocol messages in one session.
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
    this.recorder = new OutcomeRecorder(this.pool, this.processId, () => this.wake());
    // The liveness lock needs a session of its own: not on PGlite, which only ever has this one process.
    if (!embedded) {
      const client = await this.pool.connect();
      this.holdLock(client);
      await client.query(PROCESS_LOCK_SQL, [this.processId]);
    }
    await this.pool.query('insert into delivery_worker_processes (id, worker_ids, started_at) values ($1, $2, now())', [
      this.processId,
      [],
    ]);
    // PGlite's notifications do not cross connections. When this process serves it, the embedded database
    // reports every NOTIFY it commits, and the queue's wake-up is read there; otherwise the poll is the wake-up.
    const served = embedded ? embeddedDatabaseAt(databaseUrl) : undefined;
    if (served) {
      this.stopHearing = served.onNotification((channel) => {
        if (channel === DUE_CHANNEL) this.wake();
      });
      // PostgreSQL reports a NOTIFY only on channels its session listens to; PGlite's one session then reports
      // it to whichever connection commits.
      await this.pool.query(`listen ${DUE_CHANNEL}`);
    }
    const pollIntervalMs = config.delivery.pollIntervalMs ?? fallbackPollMs(embedded, served);
    if (embedded && !served)
      log.info(
        'delivery worker: embedded database of another process, woken by polling every %d ms (no LISTEN/NOTIFY across its connections)',
        pollIntervalMs,
      );
    else if (!embedded) {
      this.listener = new DueListener(
        databaseUrl,
        () => this.wake(),
        (error) => this.deps.database?.report(error),
        RETRY_INTERVAL_MS,
      );
      await this.listener.start();
    }
    this.started = true;
    this.pollTimer = setInterval(() => this.wake(), pollIntervalMs);
    this.pollTimer.unref();
    await this.reclaim();
    this.reclaimTimer = setInterval(() => void this.reclaim(), config.delivery.reclaimIntervalMs);
    this.reclaimTimer.unref();
    this.wake();
    log.info({ process: this.processId, concurrency: this.requestLimit }, 'delivery worker running');
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
    }, RETRY_INTERVAL_MS);
    this.lockRetakeTimer.unref();
  }

  private async retakeLock(): Promise<boolean> {
    const client = await this.pool.connect();
    let kept = false;
    try {
      // Not a blocking lock: another process may hold it for a moment while it hands this one's work back.
      const {
        rows: [{ locked }],
      } = await client.query<{ locked: boolean }>(TRY_PROCESS_LOCK_SQL, [this.processId]);
      if (!locked) return false;
      await client.query(
        'insert into delivery_worker_processes (id, worker_ids, started_at) values ($1, $2, now()) on conflict (id) do update set worker_ids = excluded.worker_ids',
        [this.processId, this.taskWorkerIds],
      );
      if (this.stopping) return true;
      this.holdLock(client);
      this.lockLost = false;
      kept = true;
      this.deps.log.info(
        { process: this.processId },
        'delivery worker: liveness lock taken again after losing the database',
      );
      this.wake();
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

  /**
   * The scheduler's graphile-worker ids in this process (src/scheduler): registered with the process, so that
   * when it dies whoever hands its deliveries back also unlocks the jobs those ids held.
   */
  async registerTaskWorkers(ids: string[]): Promise<void> {
    this.taskWorkerIds = [...ids];
    await this.pool.query('update delivery_worker_processes set worker_ids = $2 where id = $1', [
      this.processId,
      this.taskWorkerIds,
    ]);
  }

  /** For /readyz: claiming, and this process still holds its liveness lock. */
  ready(): boolean {
    return this.started && this.stopping === undefined && !this.claimingStopped && !this.lockLost;
  }

  /**
   * A shutdown's first step, at the signal: claim nothing more. Attempts under way go on, and stop() waits for
   * them; what is still queued is left to the next process. Deliveries that the requests still finishing
   * cause are queued for it too, rather than started by a process on its way out.
   */
  stopClaiming(): Promise<void> {
    this.claimingStopped = true;
    this.stopHearing?.();
    clearInterval(this.pollTimer);
    for (const timer of this.wakeTimers) clearTimeout(timer);
    return this.loop.stop();
  }

  /**
   * Graceful: claim nothing more, let in-flight attempts finish (up to the partner timeout), then hand back
   * whatever is still claimed by this process, so another process (or the next start) sends it again.
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      clearInterval(this.reclaimTimer);
      clearTimeout(this.lockRetakeTimer);
      await this.stopClaiming();
      await this.listener?.stop();
      await this.reclaiming;
      // Attempts under way finish (each within the partner timeout); anything left is handed back below.
      await Promise.allSettled([...this.running]);
      if (!this.lockLost) {
        await this.handBackAll().catch((error) =>
          this.deps.log.error(
            { err: error },
            'delivery worker: handing back in-flight deliveries failed; another process will',
          ),
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
    if (!this.pool) return;
    const client = this.lockClient ?? (await this.pool.connect());
    try {
      await handBack(client, this.processId, this.taskWorkerIds);
    } finally {
      if (client !== this.lockClient) client.release();
    }
  }

  private reclaim(): Promise<unknown> {
    const orphanAgeMs = 2 * this.deps.config.delivery.partnerTimeoutMs + 5000;
    this.reclaiming = (async () => {
      const handed =
        (await reclaimDeadProcesses(this.pool, this.processId, this.deps.log)) +
        (await handBackOrphans(this.pool, this.processId, this.inFlight, orphanAgeMs));
      if (handed > 0) this.wake();
    })().catch((error) => this.warn(error, 'delivery worker: reclaim pass failed; next pass retries'));
    return this.reclaiming;
  }

  /** This process's half of an immediate send (immediate.ts): a test event's one attempt, while its caller waits. */
  readonly immediate: ImmediateDelivery = {
    reserve: (em, deliveryId) => reserve(em, this.processId, deliveryId),
    send: (deliveryId) => this.sendReserved(deliveryId),
  };

  private async sendReserved(deliveryId: string): Promise<ImmediateOutcome> {
    const delivery = await readReserved(this.pool, this.processId, deliveryId);
    if (!delivery) throw new Error(`delivery ${deliveryId} is not this process's to send`);
    this.inFlight.add(delivery.id);
    try {
      const outcome = await sendDelivery(this.sendDeps, delivery);
      // One attempt: with no schedule, anything but a success is FAILED at once.
      const step = nextStep(outcome.result, delivery.round_attempts, []);
      await this.recorder.record({ delivery, attempt: outcome.attempt, step });
      const sinceCommit = (Date.now() - new Date(delivery.created_at).getTime()) / 1000;
      this.deps.metrics?.deliveryAttempt(delivery.event_type, step.kind, sinceCommit);
      return {
        attempt: outcome.attempt,
        status: step.kind === 'delivered' ? 'DELIVERED' : 'FAILED',
        url: delivery.send_url,
      };
    } finally {
      this.inFlight.delete(delivery.id);
    }
  }

  /** Look for due deliveries now (or right after the claim under way). */
  private wake(): void {
    if (this.started && !this.claimingStopped) this.loop.wake();
  }

  private wakeAfter(delayMs: number): void {
    // Not after stopClaiming() (which stop() calls first): a retry's timer set while the last requests finish
    // would only outlive the claims it was meant to wake.
    if (delayMs > WAKE_HORIZON_MS || this.claimingStopped) return;
    const timer = setTimeout(() => {
      this.wakeTimers.delete(timer);
      this.wake();
    }, delayMs + 5);
    timer.unref();
    this.wakeTimers.add(timer);
  }

  /**
   * One claim: as many due deliveries as this process has request slots for (up to BATCH_MAX), within each
   * endpoint's room, each attempted at once. The attempts run on by themselves, so a hanging partner holds
   * only its own endpoint's slots. Without a free request slot nothing is claimed: the next attempt to end
   * wakes the loop (back-pressure).
   */
  private async claimRound(): Promise<RoundResult> {
    const most = Math.min(BATCH_MAX, this.requestLimit - this.running.size);
    if (most <= 0) {
      this.starved = true;
      return 'done';
    }
    const room = this.limiter.room();
    const claim = await claimDue(this.pool, this.processId, most, room);
    for (const delivery of claim.deliveries) this.startAttempt(delivery);
    if (this.limiter.freedDuringClaim(room, claim.deliveries)) return 'more';
    // Claiming again at once pays off only while an endpoint of this claim can take more: once they are all
    // full, the next claim would find their due rows again and take none of them. Other endpoints' work is
    // found at the next wake-up (their NOTIFY, a freed endpoint, the poll).
    return claim.more && claim.deliveries.some((d) => !this.limiter.isFull(d.endpoint)) ? 'more' : 'done';
  }

  private startAttempt(delivery: ClaimedDelivery): void {
    this.limiter.take(delivery.endpoint);
    const attempt = this.attempt(delivery)
      .catch((error) => {
        if (!this.deps.database?.report(error))
          this.deps.log.error(
            { err: error, delivery: delivery.id },
            'delivery worker: recording an attempt failed; reclaim will hand it back',
          );
      })
      .finally(() => {
        this.limiter.release(delivery.endpoint);
        this.running.delete(attempt);
        if (this.starved) {
          this.starved = false;
          this.wake();
        }
      });
    this.running.add(attempt);
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    this.inFlight.add(delivery.id);
    let step: NextStep;
    const { config, log, metrics } = this.deps;
    const outcome = await sendDelivery(this.sendDeps, delivery);
    try {
      step = nextStep(outcome.result, delivery.round_attempts, config.deliveryRetrySchedule);
      await this.recorder.record({ delivery, attempt: outcome.attempt, step });
    } finally {
      // If recording failed, the delivery stays DELIVERING by this process until reclaim hands it back.
      this.inFlight.delete(delivery.id);
    }
    metrics?.deliveryAttempt(
      delivery.event_type,
      step.kind,
      (Date.now() - new Date(delivery.created_at).getTime()) / 1000,
    );
    if (step.kind === 'retry') this.wakeAfter(step.delayMs);
    const fields = {
      delivery: delivery.id,
      url: delivery.url,
      attempt: delivery.attempt_count,
      status: outcome.attempt.httpStatus,
      error: outcome.attempt.error,
      outcome: step.kind,
    };
    // A partner that fails is what an operator looks for in the logs: warn, with the delivery id to look it up.
    if (step.kind === 'delivered') log.debug(fields, 'delivery attempt');
    else
      log.warn(
        { ...fields, reason: step.reason },
        step.kind === 'retry' ? 'partner call failed; retrying' : 'partner call failed; delivery FAILED',
      );
  }
}
