import { EventEmitter } from 'node:events';
import { run, type Runner, type TaskList, type Worker, type WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { DatabaseWatch } from '../db/outage.js';
import { graphileLogger } from './graphile-logger.js';

// graphile-worker's runner, kept running through database outages: few jobs, each due at a time of its own,
// which is what that library is for. Deliveries do not go through it (src/delivery-engine/queue.ts). One job
// slot: these jobs are rare and short.

/** After losing the database, how often the runner checks whether it answers again. */
const RETRY_INTERVAL_MS = 500;

export interface TaskRunnerDeps {
  pool: pg.Pool;
  log: Logger;
  tasks: TaskList;
  pollIntervalMs: number;
  noPreparedStatements: boolean;
  database?: DatabaseWatch;
  /** Called whenever the runner's worker ids change (they are registered for reclaim). */
  onWorkerIds: (ids: string[]) => Promise<void>;
}

export class TaskRunner {
  /** The runner's job slots (graphile-worker's workers), which nudge() wakes. */
  private workers: Worker[] = [];
  private runner: Runner | undefined;
  /** Set while the runner is being started again after a database outage. */
  private restarting: Promise<void> | undefined;
  private stopping = false;

  constructor(private readonly deps: TaskRunnerDeps) {}

  async start(): Promise<void> {
    this.runner = await this.startRunner();
    await this.deps.onWorkerIds(this.workerIds);
  }

  /** graphile-worker's ids of this runner's job slots: reclaim unlocks their jobs if this process dies. */
  get workerIds(): string[] {
    return this.workers.map((worker) => worker.workerId);
  }

  ready(): boolean {
    return this.runner !== undefined && this.restarting === undefined && !this.stopping;
  }

  private startRunner(): Promise<Runner> {
    const { log, database } = this.deps;
    const events: WorkerEvents = new EventEmitter() as WorkerEvents;
    events.on('worker:create', ({ worker }) => this.workers.push(worker));
    // A job slot whose job could not be completed or failed in the database ends for good in graphile-worker
    // 0.16 ("committing seppuku"), its job locked for hours: the runner is started again instead.
    events.on('worker:fatalError', ({ error }) => {
      database?.report(error);
      this.restart();
    });
    return run({
      pgPool: this.deps.pool,
      concurrency: 1,
      noHandleSignals: true,
      pollInterval: this.deps.pollIntervalMs,
      noPreparedStatements: this.deps.noPreparedStatements,
      parsedCronItems: [],
      events,
      logger: graphileLogger(log, database, () => this.restarting !== undefined),
      taskList: this.deps.tasks,
    });
  }

  /**
   * Once the database answers: stops what is left of the runner, unlocks the jobs its slot held (so they
   * run again, here or elsewhere), and starts a new runner. Not ready meanwhile.
   */
  private restart(): void {
    if (this.stopping || this.restarting) return;
    const { pool, log } = this.deps;
    this.restarting = (async () => {
      while (!this.stopping) {
        try {
          await pool.query('select 1');
          break;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, RETRY_INTERVAL_MS));
        }
      }
      if (this.stopping) return;
      await this.runner?.stop().catch(() => undefined);
      const oldIds = this.workerIds;
      this.workers = [];
      await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [oldIds]);
      if (this.stopping) return;
      this.runner = await this.startRunner();
      await this.deps.onWorkerIds(this.workerIds);
      log.info('scheduled tasks: job runner started again after losing the database');
    })()
      .catch((error) => {
        if (!this.deps.database?.report(error))
          log.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'scheduled tasks: restarting the job runner failed; trying again',
          );
        setTimeout(() => this.restart(), RETRY_INTERVAL_MS).unref();
      })
      .finally(() => {
        this.restarting = undefined;
      });
  }

  /**
   * Looks for due jobs now, as graphile-worker does on the NOTIFY of a job added (which a database that
   * cannot deliver it, the embedded one, reports to the process instead).
   */
  nudge(): void {
    this.workers.some((worker) => worker.nudge());
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.restarting;
    await this.runner
      ?.stop()
      .catch((error) => this.deps.log.error({ err: error }, 'scheduled tasks: stopping the job runner failed'));
  }
}
