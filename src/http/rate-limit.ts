import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../common/errors.js';
import type { Principal } from '../common/principal.js';
import { TokenBuckets } from '../common/token-bucket.js';

/** One bucket per user, or per client for an application's own token. */
function callerKey(principal: Principal): string {
  return principal.type === 'user' ? `user:${principal.userId}` : `client:${principal.clientId}`;
}

/**
 * CONTRACT section 1 rate limit, after authentication: RateLimit-* headers on every response, 429 with
 * Retry-After over the limit. rps 0 turns it off. Buckets live in this process: with several hub processes
 * behind a balancer each enforces the limit on the share it receives.
 */
export function rateLimit(options: { rps: number; burst: number }) {
  if (options.rps <= 0) return (_req: Request, _res: Response, next: NextFunction) => next();
  const buckets = new TokenBuckets(options.rps, options.burst);
  return (_req: Request, res: Response, next: NextFunction) => {
    const decision = buckets.take(callerKey(res.locals.principal as Principal));
    res.setHeader('RateLimit-Limit', String(decision.limit));
    res.setHeader('RateLimit-Remaining', String(decision.remaining));
    res.setHeader('RateLimit-Reset', String(decision.resetSeconds));
    if (decision.allowed) return next();
    res.setHeader('Retry-After', String(decision.retryAfterSeconds));
    return next(new DomainError('rate_limited', `Too many requests: the limit is ${options.rps} per second with bursts of ${options.burst}`));
  };
}
