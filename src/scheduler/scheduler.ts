import type { TaskList } from 'graphile-worker';
import pg from 'pg';
import type { Logger } from 'pino';
import { embeddedDatabaseAt, fallbackPollMs } from '../db/embedded.js';
import type { DatabaseWatch } from '../db/outage.js';
import { TaskRunner } from './task-runner.js';

// The scheduler: the hub's timed work (a store reopening at closedUntil, a busy mode's end, a snooze's end, the
// sandbox kitchen's next step), each a graphile-worker job added by schedule() in the transaction of the change
// that needs it. A part of its own beside the delivery worker, with its own few connections: the deliveries are
// their own queue (src/delivery-engine/queue.ts) and share nothing with it.

/** The channel of graphile-worker's NOTIFY for jobs added (whatever their run_at). */
const JOBS_ADDED_CHANNEL = 'jobs:insert';

export interface SchedulerDeps {
  databaseUrl: string;
  /** The embedded PGlite, whose connections share one session. */
  embedded: boolean;
  log: Logger;
  /** The tasks schedule() may name, by name. */
  tasks: TaskList;
  /** How often the runner looks for due jobs (it is also woken by each job added). */
  pollIntervalMs: number | undefined;
  /** Told about database outages the runner meets, which are then not logged again here. */
  database?: DatabaseWatch;
  /**
   * Called whenever the runner's graphile-worker ids change: the process registry keeps them, so that the
   * jobs they hold are unlocked at once if this process dies (src/delivery-engine/reclaim.ts).
   */
  onWorkerIds: (ids: string[]) => Promise<void>;
}

export class Scheduler {
  private pool: pg.Pool | undefined;
  private runner: TaskRunner | undefined;
  private stopHearing: (() => void) | undefined;

  constructor(private readonly deps: SchedulerDeps) {}

  async start(): Promise<void> {
    const { databaseUrl, embedded, log } = this.deps;
    // graphile-worker holds one connection for its LISTEN and runs its job slot and polls on another; on PGlite,
    // whose connections share one session, it prepares no statements (their names would collide there).
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: embedded ? 2 : 3 });
    this.pool.on('error', (error) => this.deps.database?.report(error));
    // A connection that drops while checked out fails its query, which the runner handles; without a listener
    // its 'error' event would also end the process.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    // graphile-worker is woken by the NOTIFY of each job added, which the embedded database reports to the
    // process that serves it instead of to the runner's LISTEN: read there, or else polled for often.
    const served = embedded ? embeddedDatabaseAt(databaseUrl) : undefined;
    this.stopHearing = served?.onNotification((channel) => {
      if (channel === JOBS_ADDED_CHANNEL) this.runner?.nudge();
    });
    this.runner = new TaskRunner({
      pool: this.pool,
      log,
      tasks: this.deps.tasks,
      pollIntervalMs: this.deps.pollIntervalMs ?? fallbackPollMs(embedded, served),
      noPreparedStatements: embedded,
      database: this.deps.database,
      onWorkerIds: this.deps.onWorkerIds,
    });
    await this.runner.start();
  }

  /** For /readyz: the runner is running (not being started again after losing the database). */
  ready(): boolean {
    return this.runner?.ready() ?? false;
  }

  /** Lets the job under way finish; the jobs still due wait in the database for the next process. */
  async stop(): Promise<void> {
    this.stopHearing?.();
    await this.runner?.stop();
    await this.pool?.end();
  }
}
