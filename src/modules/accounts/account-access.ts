import { assertAccountReachable } from '../../common/access.js';
import { NotFoundError } from '../../common/errors.js';
import type { RequestContext } from '../../common/request-context.js';
import { Account } from './account.entity.js';

// Reaching an account (out of reach or missing: 404), for the accounts and the locations under them; a
// location itself is reached through reachLocation (src/modules/locations/location-access.ts).

/** Loads an account the caller may reach, or 404: the tenancy gate for everything under an account. */
export async function loadReachableAccount(ctx: RequestContext, accountId: string): Promise<Account> {
  assertAccountReachable(ctx, accountId);
  const account = await ctx.em.findOne(Account, { id: accountId });
  if (!account) throw new NotFoundError('Account');
  return account;
}
