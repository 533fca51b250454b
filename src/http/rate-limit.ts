import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '../common/errors.js';
import { userBehind, type Principal } from '../common/principal.js';
import type { LimiterStore } from './limiter-store.js';
import { closeIfBodyUnread } from './unread-body.js';

/** One budget per user (signed in, or acting through an application), or per client for an application's own token. */
export function callerKey(principal: Principal): string {
  const user = userBehind(principal);
  return user ? `user:${user.userId}` : `client:${principal.clientId}`;
}

interface ChargeDecision {
  allowed: boolean;
  /** When refused: seconds until the window starts again. */
  retryAfterSeconds: number;
}

export interface CallerRateLimit {
  /** Express middleware, after authentication: one point per request. */
  readonly perRequest: RequestHandler;
  /**
   * The same for a request with no caller yet (the web UI before sign-in), counted per source address: what
   * nobody has signed in for is limited like what someone has.
   */
  readonly perAddress: RequestHandler;
  /**
   * Takes `points` more from the caller's budget (a GraphQL operation's cost beyond its request), all or
   * none: a refusal gives them back. Always allowed when rate limiting is off.
   */
  charge(principal: Principal, points: number): Promise<ChargeDecision>;
}

const secondsUntil = (state: RateLimiterRes) => Math.max(1, Math.ceil(state.msBeforeNext / 1000));

/**
 * docs/contract.md "Conventions" rate limit, after authentication: RateLimit-* headers on every response, 429 with
 * Retry-After over the limit; rps 0 turns it off. The budget lives in the limiter store (src/http/limiter-store.ts),
 * so it holds across every hub process together. It is a window of burst/rps seconds holding `burst`
 * requests: the contract's sustained rate and burst, one store round trip per request; unlike a token bucket
 * refilling continuously, a caller that used the whole burst waits for the window's end (RateLimit-Reset).
 */
export function rateLimit(options: { rps: number; burst: number }, store: LimiterStore): CallerRateLimit {
  if (options.rps <= 0) {
    return {
      perRequest: (_req: Request, _res: Response, next: NextFunction) => next(),
      perAddress: (_req: Request, _res: Response, next: NextFunction) => next(),
      charge: async () => ({ allowed: true, retryAfterSeconds: 0 }),
    };
  }
  const limit = Math.max(1, options.burst);
  const limiter = store.limiter({
    name: 'api',
    points: limit,
    durationSeconds: Math.max(1, Math.ceil(limit / options.rps)),
  });
  const headers = (res: Response, state: RateLimiterRes) => {
    res.setHeader('RateLimit-Limit', String(limit));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, state.remainingPoints)));
    res.setHeader('RateLimit-Reset', String(secondsUntil(state)));
  };
  const perKey =
    (keyOf: (req: Request, res: Response) => string): RequestHandler =>
    (req, res, next) => {
      limiter.consume(keyOf(req, res)).then(
        (state) => {
          headers(res, state);
          next();
        },
        (rejection: unknown) => {
          if (!(rejection instanceof RateLimiterRes)) return next(rejection);
          headers(res, rejection);
          closeIfBodyUnread(req, res);
          res.setHeader('Retry-After', String(secondsUntil(rejection)));
          next(
            new DomainError(
              'rate_limited',
              `Too many requests: the limit is ${limit} per ${Math.ceil(limit / options.rps)} s (${options.rps} per second sustained)`,
            ),
          );
        },
      );
    };
  return {
    perRequest: perKey((_req, res) => callerKey(res.locals.principal as Principal)),
    perAddress: perKey((req) => `address:${req.ip}`),
    async charge(principal, points) {
      if (points <= 0) return { allowed: true, retryAfterSeconds: 0 };
      // The heaviest operation takes the whole window's budget, never more, so it can always run once.
      const taken = Math.min(points, limit);
      const key = callerKey(principal);
      try {
        await limiter.consume(key, taken);
        return { allowed: true, retryAfterSeconds: 0 };
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        await limiter.reward(key, taken);
        return { allowed: false, retryAfterSeconds: secondsUntil(rejection) };
      }
    },
  };
}
