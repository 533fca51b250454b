import type { ApolloServerPlugin } from '@apollo/server';
import type { DatabaseWatch } from '../db/outage.js';
import { unavailableAnswer, type EdgeFacts } from './error-formatter.js';

/**
 * An operation that failed because the hub is unavailable (the database is unreachable, or no pooled
 * connection came free in time) answers 503 with Retry-After, as REST does, so clients and balancers treat
 * both surfaces alike.
 */
export function unavailableAs503(facts: EdgeFacts, database?: DatabaseWatch): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ errors, response }) {
          const unavailable = errors
            ?.map((error) => unavailableAnswer(error, facts))
            .find((found) => found !== undefined);
          if (!unavailable) return;
          for (const error of errors ?? []) database?.report(error.originalError);
          response.http.status = 503;
          response.http.headers.set('retry-after', String(unavailable.retryAfterSeconds));
        },
      };
    },
  };
}
