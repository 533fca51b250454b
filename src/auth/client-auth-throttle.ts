import type { KoaContextWithOIDC } from 'oidc-provider';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { LimiterStore } from '../http/limiter-store.js';

// Guessing client secrets at the endpoints that authenticate clients (token, introspection, revocation):
// each failed client authentication (401 invalid_client) counts against the source address; once an address
// has used its failures, its requests to these endpoints are refused (429, Retry-After) before any client is
// looked up, until the window ends. Counted per address, not per client_id, so that nobody can lock a
// partner out of its own tokens by sending wrong secrets in its name.

export interface ClientAuthLimits {
  /** Failed client authentications per source address per window (CLIENT_AUTH_MAX_FAILURES, default 20; 0 turns it off). */
  maxFailures: number;
  /** The window in seconds (CLIENT_AUTH_WINDOW_SECONDS, default 60). */
  windowSeconds: number;
}

const CLIENT_AUTH_PATHS = /^\/(token|introspect|revoke)\/?$/;

export function clientAuthThrottle(limits: ClientAuthLimits, store: LimiterStore) {
  if (limits.maxFailures <= 0) return async (_ctx: KoaContextWithOIDC, next: () => Promise<void>) => next();
  const failures = store.limiter({
    name: 'client-auth',
    points: limits.maxFailures,
    durationSeconds: limits.windowSeconds,
  });
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    if (ctx.method !== 'POST' || !CLIENT_AUTH_PATHS.test(ctx.path)) return next();
    const source = ctx.ip;
    const state = await failures.get(source);
    if (state && state.consumedPoints >= limits.maxFailures) {
      const seconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
      ctx.status = 429;
      ctx.set('Retry-After', String(seconds));
      ctx.body = {
        error: 'rate_limited',
        error_description: `Too many failed client authentications from this address: retry in ${seconds} s`,
      };
      return;
    }
    await next();
    if (ctx.status === 401 && (ctx.body as { error?: string } | undefined)?.error === 'invalid_client') {
      await failures.consume(source).catch((error: unknown) => {
        if (!(error instanceof RateLimiterRes)) throw error;
      });
    }
  };
}
