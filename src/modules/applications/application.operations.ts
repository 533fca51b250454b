import { declareOperations, EVERYONE, OPERATORS } from '../../auth/operation.js';

/**
 * Partner applications (src/auth/operation.ts): registered by operators, each managed by the operator that
 * registered it, by admins, and (reading itself, with the scope) by the application itself.
 */
export const APPLICATION_OPERATIONS = declareOperations('applications', {
  create: { callers: OPERATORS, scope: 'applications.write', reaches: 'nothing' },
  list: { callers: EVERYONE, scope: 'applications.read', reaches: 'reachable' },
  read: { callers: EVERYONE, scope: 'applications.read', reaches: 'application' },
  update: { callers: EVERYONE, scope: 'applications.write', reaches: 'application' },
  rotateSecret: { callers: EVERYONE, scope: 'applications.write', reaches: 'application' },
});
