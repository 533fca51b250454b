import { declareOperations, EVERYONE, OPERATORS, PARTNERS } from '../../auth/operation.js';

/** The home page: the locations the caller reaches, and how far the hub is set up (src/auth/operation.ts). */
export const HOME_OPERATIONS = declareOperations('home', {
  /** A partner application hears only of its own failing deliveries. */
  summary: {
    callers: EVERYONE,
    scope: 'locations.read',
    reaches: 'reachable',
    ownRecordsOnly: { deliveries: PARTNERS },
  },
  /** The Application Flow as a checklist, ticked from what the operator reaches (getting-started.service.ts). */
  gettingStarted: { callers: OPERATORS, scope: 'locations.read', reaches: 'reachable' },
});
