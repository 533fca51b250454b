import { declareOperations, EVERYONE } from '../../auth/operation.js';

/** Accounts: provisioned by whoever holds `provisioning`, read with `locations.read` (src/auth/operation.ts). */
export const ACCOUNT_OPERATIONS = declareOperations('accounts', {
  create: { callers: EVERYONE, scope: 'provisioning', reaches: 'nothing' },
  rename: { callers: EVERYONE, scope: 'provisioning', reaches: 'account' },
  read: { callers: EVERYONE, scope: 'locations.read', reaches: 'account' },
  list: { callers: EVERYONE, scope: 'locations.read', reaches: 'reachable' },
});
