import type { KoaContextWithOIDC } from 'oidc-provider';
import { unavailableOf, type DatabaseWatch } from '../db/outage.js';

// The OAuth surface during a database outage (issue 16), as the REST and GraphQL surfaces answer it: 503 with
// Retry-After and the code database_unavailable, in this surface's error shape ({error, error_description},
// as the 429 of client-auth-throttle.ts), reported to the DatabaseWatch (one warning per outage) instead of
// a 500 server_error with a stack trace per request.
//
// oidc-provider catches what its routes throw in its own error handler, answers 500 server_error and emits
// `server_error` with the cause: `noteServerError` keeps that cause on the request, and `answerDatabaseOutage`
// (the outermost provider middleware) turns such an answer, or an outage thrown past the routes, into the 503.

const OUTAGE = Symbol('database outage');

type OutageState = { [OUTAGE]?: unknown };

/** For provider.on('server_error'): true when the error was a database outage (then it is answered as one, not logged). */
export function noteServerError(ctx: KoaContextWithOIDC, error: unknown): boolean {
  if (!unavailableOf(error)) return false;
  (ctx.state as OutageState)[OUTAGE] = error;
  return true;
}

export interface OutageAnswer {
  /** Writes the error body as the provider's other errors are written (JSON; a small page for a person at /authorize). */
  render(ctx: KoaContextWithOIDC, out: { error: string; error_description: string }): Promise<void>;
  /** Told of every request answered so (token grants count it in the metrics). */
  onOutage?(ctx: KoaContextWithOIDC): void;
}

/** The outermost provider middleware. */
export function answerDatabaseOutage(database: DatabaseWatch, answer: OutageAnswer) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    try {
      await next();
    } catch (error) {
      if (!unavailableOf(error)) throw error;
      (ctx.state as OutageState)[OUTAGE] = error;
    }
    const error = (ctx.state as OutageState)[OUTAGE];
    if (error === undefined) return;
    const unavailable = unavailableOf(error)!;
    database.report(error);
    answer.onOutage?.(ctx);
    ctx.status = 503;
    ctx.set('Retry-After', String(unavailable.retryAfterSeconds));
    await answer.render(ctx, { error: unavailable.code, error_description: unavailable.message });
  };
}
