import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OwnedBy } from '../../auth/authorize.js';
import { NotFoundError } from '../../common/errors.js';
import type { RequestContext } from '../../common/request-context.js';
import { Location } from './location.entity.js';

// A service method that works under {accountId}/locations/{locationId} takes a LocationAccess: the grant of
// src/auth/authorize.ts, which made it after the location was found in reach (404 otherwise) and the
// operation's scope and callers were checked (403). Input is validated next (a 400 needs no database), then
// `.load()` reads the row inside the method's transaction (404 when the location is not in that account).

interface LoadLocationOptions {
  /** Locks the row (FOR UPDATE) until the transaction ends: writers of one location apply one after the other. */
  lock?: boolean;
  populateTaxRates?: boolean;
}

/** Proof that reach, scope and callers were checked for this location: only src/auth/authorize.ts makes one. */
export interface LocationAccess {
  readonly ctx: RequestContext;
  readonly accountId: string;
  readonly locationId: string;
  /** For each kind of record, the application whose records alone the caller sees here, or null: all. */
  readonly ownedBy: OwnedBy;
  /** The location row (404 when it is not in the account), read through `em` (the transaction's) or the request's. */
  load(em?: EntityManager, options?: LoadLocationOptions): Promise<Location>;
}

/** The grant itself, for src/auth/authorize.ts once it has checked everything. */
export function locationAccess(
  ctx: RequestContext,
  accountId: string,
  locationId: string,
  ownedBy: OwnedBy,
): LocationAccess {
  return {
    ctx,
    accountId,
    locationId,
    ownedBy,
    load: (em = ctx.em, options = {}) => loadLocation(em, accountId, locationId, options),
  };
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
