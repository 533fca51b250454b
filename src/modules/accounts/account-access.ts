import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccountGrant } from '../../auth/authorize.js';
import { NotFoundError } from '../../common/errors.js';
import { Account } from './account.entity.js';

/** The granted account's row (404 when it is gone), read through `em` (a transaction's) or the request's. */
export async function loadAccount(access: AccountGrant, em: EntityManager = access.ctx.em): Promise<Account> {
  const account = await em.findOne(Account, { id: access.accountId });
  if (!account) throw new NotFoundError('Account');
  return account;
}
