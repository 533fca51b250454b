// The graphile-worker side of deliveries, shared by the outbox, the worker and reclaim: one task, whose
// job says which delivery and which generation of it (jobSeq) to attempt. A job whose generation is no
// longer the delivery's is stale and does nothing, so handing a delivery back never sends it twice.

export const DELIVER_TASK = 'deliver';

export interface DeliverJob {
  deliveryId: string;
  seq: number;
}

/** Graphile retries a job only when our task itself throws (a database blip), never for a partner's answer. */
export const JOB_MAX_ATTEMPTS = 25;

/** The graphile-worker call adding a delivery's job; $1 delivery id, $2 seq, $3 endpoint, $4 run_at (null: now). */
const ADD_JOB_CALL = `graphile_worker.add_job('${DELIVER_TASK}', json_build_object('deliveryId', $1::uuid, 'seq', $2::int), run_at => $4::timestamptz, max_attempts => ${JOB_MAX_ATTEMPTS}, flags => array[$3::text])`;

/**
 * Adds the job of an existing delivery and remembers its id (a batch that takes the delivery over removes
 * that job). $1 delivery id, $2 seq, $3 endpoint (the job flag per-endpoint concurrency filters on), $4
 * run_at (null: now). Runs on the caller's connection, inside its transaction.
 */
export const ADD_DELIVER_JOB_SQL = `update deliveries set job_id = (${ADD_JOB_CALL}).id where id = $1::uuid`;

/** The same call as an expression, for statements that insert or update the delivery themselves. */
export function addJobExpression(deliveryId: string, seq: string, endpoint: string, runAt: string): string {
  const values: Record<string, string> = { $1: deliveryId, $2: seq, $3: endpoint, $4: runAt };
  return ADD_JOB_CALL.replace(/\$[1-4]\b/g, (placeholder) => values[placeholder]);
}

/** The advisory lock of one ordering chain (orderingKey + url), given the SQL of both. */
function chainLock(orderingKey: string, url: string): string {
  return `7240002, hashtext(${orderingKey}::text || chr(10) || ${url}::text)`;
}

/** Serialises everything that reads or changes the order of one ordering chain (orderingKey + url). */
export const CHAIN_LOCK_SQL = `select pg_advisory_xact_lock(${chainLock('$1', '$2')})`;

/**
 * The same locks for many chains ($1 ordering keys, $2 urls), taken only where free, without waiting: answers
 * the chains whose lock another transaction holds. A transaction that holds some chain locks and waits for
 * another could deadlock with a caller that takes two chains' locks in its own order (an order's events to
 * its POS and to its marketplace); one that never waits cannot.
 */
export const TRY_CHAIN_LOCKS_SQL = `
select ordering_key, url from unnest($1::text[], $2::text[]) as chain(ordering_key, url)
 where not pg_try_advisory_xact_lock(${chainLock('ordering_key', 'url')})`;

/**
 * The shared SQL uses $n placeholders (node-postgres, for the worker's own pool); sqlRows takes positional `?`: the
 * statement and its parameters in the order the placeholders appear.
 */
export function forKnex(sql: string, params: unknown[]): [string, unknown[]] {
  const ordered: unknown[] = [];
  const text = sql.replace(/\$(\d+)/g, (_match, n: string) => {
    ordered.push(params[Number(n) - 1]);
    return '?';
  });
  return [text, ordered];
}

/** The origin of a URL: the unit of per-endpoint concurrency. */
export function endpointOf(url: string): string {
  return new URL(url).origin;
}
