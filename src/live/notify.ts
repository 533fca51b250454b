import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../db/raw-sql.js';
import { encodeSignal, LIVE_CHANNEL, type LiveSignal } from './live-signal.js';

// NOTIFY is transactional: PostgreSQL sends it at commit and drops it on rollback, so a signal written in
// the transaction of the change it reports can neither precede the change nor announce one that never was.

/** Sends the signals when the caller's transaction commits. Must run inside that transaction. */
export async function notifyLive(em: EntityManager, ...signals: LiveSignal[]): Promise<void> {
  if (signals.length === 0) return;
  if (!em.isInTransaction()) throw new Error('notifyLive must run inside the transaction of the change it reports');
  await sqlRows(em, `select pg_notify(?, s) from unnest(?::text[]) as s`, [LIVE_CHANNEL, signals.map(encodeSignal)]);
}

/**
 * A pg_notify call for a statement that makes the change itself (a CTE's final SELECT): `payloadSql` is a SQL
 * expression of type text that builds the signal's JSON. Such a statement is atomic on its own.
 */
export function notifyExpression(payloadSql: string): string {
  return `pg_notify('${LIVE_CHANNEL}', ${payloadSql})`;
}
