import type { AccountGrant } from '../../auth/authorize.js';
import { sqlRows } from '../../db/raw-sql.js';
import { loadAccount } from './account-access.js';

export interface ReachedLocation {
  id: string;
  name: string;
  timezone: string;
}

/**
 * The granted account's locations that the caller reaches (an operator limited to some locations sees only
 * those), oldest first; 404 when the account is gone. What an account's report and export cover.
 */
export async function locationsInReach(access: AccountGrant): Promise<ReachedLocation[]> {
  const { ctx, accountId } = access;
  await loadAccount(access);
  const rows = await sqlRows<ReachedLocation>(
    ctx.em,
    'select id, name, timezone from locations where account_id = ? order by created_at, id',
    [accountId],
  );
  const { reach } = ctx;
  return rows.filter((row) => reach.all || reach.locationIds === null || reach.locationIds.has(row.id));
}
