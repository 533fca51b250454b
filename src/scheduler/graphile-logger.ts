import { Logger as GraphileLogger } from 'graphile-worker';
import type { Logger } from 'pino';
import type { DatabaseWatch } from '../db/outage.js';

/**
 * graphile-worker's log lines go to pino; its routine "job completed" lines only at debug, and what it says
 * while the database is unreachable (failed polls, its listener reconnecting, its periodic reset of stale
 * locks) to the database watch, which logs an outage once. Some of its failures carry their cause only in
 * the line's meta ("Failed to reset locked; we'll try again in …ms" says nothing of why), so the watch is
 * shown the cause as well as the words.
 */
export function graphileLogger(
  log: Logger,
  database: DatabaseWatch | undefined,
  restarting: () => boolean,
): GraphileLogger {
  return new GraphileLogger(() => (level, message, meta) => {
    const cause = (meta as { error?: unknown } | undefined)?.error;
    const outage =
      database !== undefined &&
      ((cause !== undefined && database.report(cause)) || database.report(new Error(message)));
    const expected = outage || (restarting() && /^(Worker exited|Failed to release job)/.test(message));
    const fields = { component: 'graphile-worker', ...(cause !== undefined && { err: errorText(cause) }) };
    if ((level === 'error' || level === 'warning') && expected) log.debug(fields, message);
    else if (level === 'error') log.error(fields, message);
    // A pool smaller than the worker slots is deliberate here (queries are short; see the worker's start()).
    else if (level === 'warning' && !message.includes('maxPoolSize')) log.warn(fields, message);
    else log.debug(fields, message);
  });
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
