// The deliveries table is its own queue: a delivery is due while it is PENDING, not held behind its
// ordering chain, and its next_attempt_at (null: at once) has come; a worker claims due rows with SKIP LOCKED
// through the partial index deliveries_due (claim.ts). There is no second record of the same work: a
// graphile-worker job per delivery cost about half of a delivery's PostgreSQL time (`npm run bench:orders`).
//
// Wake-ups: every insert into deliveries sends a NOTIFY on DUE_CHANNEL at commit (a statement trigger, see
// the migration deliveries_own_queue), and so does every change that makes a row due in another process's
// eyes (a replay, a hand-back). A process makes its own retries and chain releases due and wakes itself;
// a poll catches anything else (another process's retries) within the poll interval.

export const DUE_CHANNEL = 'hub_deliveries_due';

/** Wakes the workers of every process at commit (folded into one per transaction). */
export const NOTIFY_DUE_SQL = `select pg_notify('${DUE_CHANNEL}', '')`;

/** The origin of a URL: the unit of per-endpoint concurrency. */
export function endpointOf(url: string): string {
  return new URL(url).origin;
}
