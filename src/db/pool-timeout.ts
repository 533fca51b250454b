import { UnavailableError } from '../common/errors.js';
import { databaseUnavailable } from './outage.js';

// The pool's own acquire timeout (DATABASE_ACQUIRE_TIMEOUT_MS, set on the knex pool under MikroORM in
// mikro-orm.config.ts) bounds how long a request waits for a database connection. When it runs out, knex
// rejects with a KnexTimeoutError; MikroORM may wrap that in a DriverException, which keeps the message.
// Either way the request did not get to write anything: it is answered 503 overloaded, like one refused at
// the door (src/http/admission.ts), rather than 500.

const ACQUIRE_TIMEOUT_MESSAGE = 'Knex: Timeout acquiring a connection';

function isPoolAcquireTimeout(err: unknown): boolean {
  return err instanceof Error && err.message.startsWith(ACQUIRE_TIMEOUT_MESSAGE);
}

/**
 * The error as the edges answer it: a pool acquire timeout becomes 503 overloaded with Retry-After, or
 * database_unavailable while `database` says the database does not answer (a network partition holds every
 * pooled connection on a query that never returns: nobody is overloaded, the database is gone).
 */
export function overloadedWhenPoolTimedOut(
  err: unknown,
  retryAfterSeconds: number,
  database?: { readonly down: boolean },
): unknown {
  if (!isPoolAcquireTimeout(err)) return err;
  if (database?.down) return databaseUnavailable();
  return new UnavailableError(
    'overloaded',
    'The hub is overloaded: no database connection came free in time; try again later',
    retryAfterSeconds,
  );
}
