import { declareOperations, OPERATORS } from '../../auth/operation.js';
import { NotFoundError } from '../../common/errors.js';

/**
 * The activity log (src/auth/operation.ts) is the operators': an admin reads every entry, a reseller or
 * merchant those of the accounts it reaches and its own changes. To a partner application there is none.
 */
export const ACTIVITY_OPERATIONS = declareOperations('activity', {
  list: {
    callers: OPERATORS,
    scope: 'locations.read',
    reaches: 'reachable',
    refusal: () => new NotFoundError('Activity'),
  },
});
