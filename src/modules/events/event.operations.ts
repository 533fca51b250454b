import { declareOperations, EVERYONE, OPERATORS } from '../../auth/operation.js';
import { NotAnApplicationError } from './event-feed.service.js';

/**
 * The event feed (src/auth/operation.ts): an application's own channel, read with its own token. An operator
 * has none, and a user's token through the application (which reaches only that user's locations) is refused
 * rather than shown the rest.
 */
export const EVENT_OPERATIONS = declareOperations('events', {
  feed: {
    callers: ['pos', 'marketplace'],
    scope: null,
    reaches: 'nothing',
    refusal: () => new NotAnApplicationError(),
  },
  /**
   * A sample event sent now to an application's URL: by the application itself, or by an operator who manages
   * it and may change it (applications.write).
   */
  sendTest: {
    callers: EVERYONE,
    scope: null,
    reaches: 'application',
    alsoNeeds: { callers: OPERATORS, scope: 'applications.write' },
  },
});
