import { ApolloLink, ServerError } from '@apollo/client';
import { getMainDefinition } from '@apollo/client/utilities';
import { Observable } from 'rxjs';
import { reachability } from './hub-reachability';

// Queries the hub could not serve for a moment (503 with Retry-After: a database restart, an overload) or
// that got no answer at all are sent again by themselves, after the Retry-After the hub asked for (2 s when it
// gave none, at most 10 s), for up to two minutes. Mutations are never sent twice from here: the operator
// decides. While a query waits, the shell says "Reconnecting" (hub-reachability.ts).

const GIVE_UP_AFTER_MS = 120_000;

function retryDelayMs(error: unknown): number | null {
  if (ServerError.is(error)) {
    if (error.statusCode !== 503) return null;
    const seconds = Number(error.response.headers.get('retry-after'));
    return Math.min(10_000, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 2000);
  }
  // fetch's own failure: the hub did not answer (restarting, the network).
  return error instanceof TypeError ? 2000 : null;
}

export function retryAfterLink(): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const definition = getMainDefinition(operation.query);
    if (definition.kind !== 'OperationDefinition' || definition.operation !== 'query') return forward(operation);
    const started = Date.now();
    return new Observable((observer) => {
      let inner: { unsubscribe(): void } | undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      let waiting = false;
      const settle = () => {
        if (waiting) reachability.retryEnded();
        waiting = false;
      };
      const attempt = () => {
        inner = forward(operation).subscribe({
          next: (value) => {
            settle();
            observer.next(value);
          },
          complete: () => {
            settle();
            observer.complete();
          },
          error: (error: unknown) => {
            const delay = retryDelayMs(error);
            if (delay === null || Date.now() - started + delay > GIVE_UP_AFTER_MS) {
              settle();
              observer.error(error);
              return;
            }
            if (!waiting) reachability.retryStarted();
            waiting = true;
            timer = setTimeout(attempt, delay);
          },
        });
      };
      attempt();
      return () => {
        clearTimeout(timer);
        inner?.unsubscribe();
        settle();
      };
    });
  });
}
