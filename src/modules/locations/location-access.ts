import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { assertLocationReachable, requireScope } from '../../common/access.js';
import { NotFoundError } from '../../common/errors.js';
import type { Scope } from '../../common/principal.js';
import type { RequestContext } from '../../common/request-context.js';
import { Location } from './location.entity.js';

// The one way a service method reaches a location under {accountId}/locations/{locationId}, so that the
// rule lives here and a method without it stands out in review:
// 1. reach: a location the caller does not reach is 404, before anything else (docs/contract.md "Conventions":
//    never 403, so ids cannot be probed);
// 2. scope: a missing scope is 403 naming it;
// 3. the row: a location that is not in that account (or does not exist) is 404.
// Input is validated between 2 and 3 (a 400 needs no database), so a method calls `reachLocation` first and
// `.load()` inside its transaction; a read calls `withLocation`, which does both.

export interface LoadLocationOptions {
  /** Locks the row (FOR UPDATE) until the transaction ends: writers of one location apply one after the other. */
  lock?: boolean;
  populateTaxRates?: boolean;
}

/** Proof that reach and scope were checked for this location: only `reachLocation` makes one. */
export interface LocationAccess {
  readonly ctx: RequestContext;
  readonly accountId: string;
  readonly locationId: string;
  /** The location row (404 when it is not in the account), read through `em` (the transaction's) or the request's. */
  load(em?: EntityManager, options?: LoadLocationOptions): Promise<Location>;
}

/**
 * Checks reach (404) and then scope (403; one of the `alternatives` also allows the operation) for a location, without
 * reading the database.
 */
export function reachLocation(
  ctx: RequestContext,
  accountId: string,
  locationId: string,
  scope: Scope,
  ...alternatives: Scope[]
): LocationAccess {
  assertLocationReachable(ctx, accountId, locationId);
  requireScope(ctx, scope, ...alternatives);
  return {
    ctx,
    accountId,
    locationId,
    load: (em = ctx.em, options = {}) => loadLocation(em, accountId, locationId, options),
  };
}

/** reachLocation, then the location row read with the request's EntityManager: what a read needs. */
export function withLocation(
  ctx: RequestContext,
  accountId: string,
  locationId: string,
  scope: Scope,
  options?: LoadLocationOptions,
): Promise<Location> {
  return reachLocation(ctx, accountId, locationId, scope).load(ctx.em, options);
}

async function loadLocation(
  em: EntityManager,
  accountId: string,
  locationId: string,
  options: LoadLocationOptions,
): Promise<Location> {
  // With a lock, the rates are read only once the lock is held: populated in the same (joined) query, they
  // would come from the snapshot taken before waiting, i.e. the rates a concurrent writer just replaced.
  const location = await em.findOne(
    Location,
    { id: locationId, account: accountId },
    {
      populate: options.populateTaxRates && !options.lock ? ['taxRates'] : [],
      lockMode: options.lock ? LockMode.PESSIMISTIC_WRITE : undefined,
    },
  );
  if (!location) throw new NotFoundError('Location');
  if (options.populateTaxRates && options.lock) await em.populate(location, ['taxRates']);
  return location;
}
