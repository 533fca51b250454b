import { declareOperations, OPERATORS } from '../../auth/operation.js';
import { NotFoundError } from '../../common/errors.js';

/**
 * Users (src/auth/operation.ts) are managed by operators acting as themselves: admins any, a reseller the
 * merchants it created. The viewer is the signed-in operator itself.
 */
export const USER_OPERATIONS = declareOperations('users', {
  create: { callers: ['admin', 'reseller'], scope: 'provisioning', reaches: 'nothing' },
  list: { callers: ['admin', 'reseller'], scope: 'provisioning', reaches: 'reachable' },
  update: { callers: ['admin', 'reseller'], scope: 'provisioning', reaches: 'user' },
  deactivate: { callers: ['admin', 'reseller'], scope: 'provisioning', reaches: 'user' },
  reactivate: { callers: ['admin', 'reseller'], scope: 'provisioning', reaches: 'user' },
  viewer: { callers: OPERATORS, scope: null, reaches: 'nothing', refusal: () => new NotFoundError('Viewer') },
  /** The web UI's sign-in and sign-out: about a session cookie, before and after there is a caller. */
  signIn: { callers: OPERATORS, scope: null, reaches: 'nothing', public: true },
  signOut: { callers: OPERATORS, scope: null, reaches: 'nothing', public: true },
});
