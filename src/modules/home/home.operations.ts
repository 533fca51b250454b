import { declareOperations, EVERYONE } from '../../auth/operation.js';

/** The home page: the locations the caller reaches (src/auth/operation.ts). */
export const HOME_OPERATIONS = declareOperations('home', {
  summary: { callers: EVERYONE, scope: 'locations.read', reaches: 'reachable' },
});
