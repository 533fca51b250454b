import { declareOperations, EVERYONE } from '../../auth/operation.js';

/** The hub's rules (src/auth/operation.ts): the same for everyone, and no secret, so asked before signing in too. */
export const HUB_RULES_OPERATIONS = declareOperations('hubRules', {
  read: { callers: EVERYONE, scope: null, reaches: 'nothing', public: true },
});
