import { InsufficientScopeError, NotFoundError } from './errors.js';
import type { RequestContext } from './request-context.js';
import type { Reach, Scope } from './principal.js';

// Authorization rules shared by every service: scopes (403) and tenancy (404, never 403, so ids cannot be
// probed: docs/contract.md "Conventions").

/** 403 unless the token carries `scope` (or one of the `alternatives`, which also allow the operation). */
export function requireScope(ctx: RequestContext, scope: Scope, ...alternatives: Scope[]): void {
  if (ctx.principal.scopes.has(scope) || alternatives.some((s) => ctx.principal.scopes.has(s))) return;
  throw new InsufficientScopeError(scope);
}

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

export function assertLocationReachable(ctx: RequestContext, accountId: string, locationId: string): void {
  if (!canReachLocation(ctx, accountId, locationId)) throw new NotFoundError('Location');
}

/** An admin acting as itself (not a partner application acting for one). */
export function isAdmin(ctx: RequestContext): boolean {
  return ctx.principal.type === 'user' && ctx.principal.role === 'admin';
}
