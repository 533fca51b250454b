import { NotFoundError } from './errors.js';
import type { RequestContext } from './request-context.js';
import type { Reach } from './principal.js';

// Tenancy: whether a caller's reach covers an account or a location. What is out of reach is 404, never 403,
// so ids cannot be probed. The declared operations are checked with these (src/auth/authorize.ts); a service
// checks with them the ids a request names in its body (the accounts of a new merchant).

/** Whether `reach` covers this account (for a partner application, one of its locations' accounts). Pure. */
export function reachesAccount(reach: Reach, accountId: string): boolean {
  return reach.all || reach.accountIds.has(accountId);
}

export function canReachAccount(ctx: RequestContext, accountId: string): boolean {
  return reachesAccount(ctx.reach, accountId);
}

export function canReachLocation(ctx: RequestContext, accountId: string, locationId: string): boolean {
  if (ctx.reach.all) return true;
  if (!ctx.reach.accountIds.has(accountId)) return false;
  return ctx.reach.locationIds === null || ctx.reach.locationIds.has(locationId);
}

export function assertAccountReachable(ctx: RequestContext, accountId: string): void {
  if (!canReachAccount(ctx, accountId)) throw new NotFoundError('Account');
}
