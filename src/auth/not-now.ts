import type { KoaContextWithOIDC } from 'oidc-provider';
import type { UnavailableError } from '../common/errors.js';
import { unavailableOf, type DatabaseWatch } from '../db/outage.js';
import { overloadedWhenPoolTimedOut } from '../db/pool-timeout.js';

// The OAuth surface when its database cannot serve it now, as the REST and GraphQL surfaces answer
// it: 503 with Retry-After, `database_unavailable` during an outage (reported to the DatabaseWatch: one
// warning per outage) and `overloaded` when no pooled connection came free in time, in this surface's error
// shape ({error, error_description}, as the 429 of client-auth-throttle.ts), instead of a 500 server_error
// with a stack trace per request.
//
// oidc-provider catches what its routes throw in its own error handler, answers 500 server_error and emits
// `server_error` with the cause: `noteServerError` keeps that cause on the request, and `answerNotNow`
// (the outermost provider middleware) turns such an answer, or one thrown past the routes, into the 503.

const NOT_NOW = Symbol('database cannot serve now');

type NotNowState = { [NOT_NOW]?: { error: unknown; unavailable: UnavailableError } };

export interface NotNowAnswer {
  /** Retry-After of a 503 overloaded (OVERLOAD_RETRY_AFTER_SECONDS). */
  overloadRetryAfterSeconds: number;
  /** Whether the database answers: a pool acquire timeout meanwhile is database_unavailable. */
  database?: DatabaseWatch;
  /** Writes the error body as the provider's other errors are written (JSON; a small page for a person at /authorize). */
  render(ctx: KoaContextWithOIDC, out: { error: string; error_description: string }): Promise<void>;
  /** Told of every request answered so, with the code (token grants count it in the metrics). */
  onAnswered?(ctx: KoaContextWithOIDC, code: string): void;
}

/** For provider.on('server_error'): true when the error says "not now" (then it is answered so, not logged). */
export function noteServerError(
  ctx: KoaContextWithOIDC,
  error: unknown,
  answer: Pick<NotNowAnswer, 'overloadRetryAfterSeconds' | 'database'>,
): boolean {
  const unavailable = unavailableOf(
    overloadedWhenPoolTimedOut(error, answer.overloadRetryAfterSeconds, answer.database),
  );
  if (!unavailable) return false;
  (ctx.state as NotNowState)[NOT_NOW] = { error, unavailable };
  return true;
}

/** The outermost provider middleware; an outage is reported to `database` (one warning per outage). */
export function answerNotNow(answer: NotNowAnswer, database?: DatabaseWatch) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    try {
      await next();
    } catch (error) {
      if (!noteServerError(ctx, error, answer)) throw error;
    }
    const noted = (ctx.state as NotNowState)[NOT_NOW];
    if (!noted) return;
    const { error, unavailable } = noted;
    database?.report(error);
    answer.onAnswered?.(ctx, unavailable.code);
    ctx.status = 503;
    ctx.set('Retry-After', String(unavailable.retryAfterSeconds));
    await answer.render(ctx, { error: unavailable.code, error_description: unavailable.message });
  };
}
