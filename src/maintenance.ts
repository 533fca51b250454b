import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';

/** A periodic clean-up: deletes what has expired and says how many rows it removed. */
export type MaintenanceTask = (orm: MikroORM) => Promise<number>;

export const MAINTENANCE_INTERVAL_MS = 15 * 60 * 1000;

/**
 * Runs the clean-ups once at start and then every interval, in this process. Every task is idempotent, so
 * several hub processes doing the same is harmless. The timer never keeps the process alive.
 */
export function startMaintenance(orm: MikroORM, log: Logger, tasks: Record<string, MaintenanceTask>, intervalMs = MAINTENANCE_INTERVAL_MS) {
  let running: Promise<void> | undefined;
  const runAll = () => {
    running ??= (async () => {
      for (const [name, task] of Object.entries(tasks)) {
        try {
          const removed = await task(orm);
          if (removed > 0) log.info({ task: name, removed }, 'maintenance');
        } catch (error) {
          log.error({ err: error, task: name }, 'maintenance task failed');
        }
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(runAll, intervalMs);
  timer.unref();
  void runAll();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
