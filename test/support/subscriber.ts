import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

// A real graphql-ws client over a real WebSocket, as a browser's Apollo link would connect: it records
// every event and error of one subscription so tests can wait for what they expect.

interface Subscription<T = any> {
  /** Every `next` payload's data, in arrival order, with the time it arrived (performance.now()). */
  readonly events: { data: T; at: number }[];
  /** GraphQL errors sent for the operation (an `error` message, or errors in a `next`). */
  readonly errors: { message: string; extensions?: Record<string, unknown> }[];
  readonly completed: boolean;
  /** Resolves with the first event matching `predicate` (looking at past events first). */
  waitFor(predicate: (data: T) => boolean, timeoutMs?: number, what?: string): Promise<{ data: T; at: number }>;
  /** Resolves once an error arrived or the subscription completed. */
  settled(timeoutMs?: number): Promise<void>;
  dispose(): void;
}

export interface LiveClient {
  client: Client;
  /** Resolves once the connection is acknowledged; rejects with the close event's code when refused. */
  connected: Promise<void>;
  subscribe<T = any>(query: string, variables?: Record<string, unknown>): Subscription<T>;
  close(): Promise<void>;
}

/** `headers`: sent with the WebSocket handshake, as a browser sends its cookies and Origin. */
export function liveClient(hubUrl: string, token: string | null, headers: Record<string, string> = {}): LiveClient {
  const url = `${hubUrl.replace(/^http/, 'ws')}/graphql`;
  let acknowledge!: () => void;
  let refuse!: (error: Error) => void;
  const connected = new Promise<void>((resolve, reject) => {
    acknowledge = resolve;
    refuse = reject;
  });
  const client = createClient({
    url,
    webSocketImpl: class extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, { headers });
      }
    },
    retryAttempts: 0,
    lazy: false,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    on: {
      connected: () => acknowledge(),
      closed: (event) =>
        refuse(
          Object.assign(new Error(`socket closed: ${(event as { code?: number }).code}`), {
            code: (event as { code?: number }).code,
          }),
        ),
    },
    onNonLazyError: () => undefined,
  });
  return {
    client,
    connected,
    subscribe<T>(query: string, variables: Record<string, unknown> = {}): Subscription<T> {
      const events: { data: T; at: number }[] = [];
      const errors: Subscription['errors'] = [];
      let completed = false;
      const waiters = new Set<() => void>();
      const wake = () => {
        for (const w of [...waiters]) w();
      };
      const dispose = client.subscribe<T>(
        { query, variables },
        {
          next: (result) => {
            if (result.errors) errors.push(...(result.errors as Subscription['errors']));
            if (result.data) events.push({ data: result.data as T, at: performance.now() });
            wake();
          },
          error: (error) => {
            const list = Array.isArray(error) ? error : [{ message: String((error as Error)?.message ?? error) }];
            errors.push(...(list as Subscription['errors']));
            wake();
          },
          complete: () => {
            completed = true;
            wake();
          },
        },
      );
      const until = (done: () => boolean, timeoutMs: number, what: string) =>
        new Promise<void>((resolve, reject) => {
          if (done()) return resolve();
          const check = () => {
            if (!done()) return;
            clearTimeout(timer);
            waiters.delete(check);
            resolve();
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            reject(
              new Error(
                `timed out after ${timeoutMs} ms waiting for ${what}; events: ${JSON.stringify(events.map((e) => e.data))}; errors: ${JSON.stringify(errors)}`,
              ),
            );
          }, timeoutMs);
          waiters.add(check);
        });
      return {
        events,
        errors,
        get completed() {
          return completed;
        },
        async waitFor(predicate, timeoutMs = 5000, what = 'an event') {
          await until(() => events.some((e) => predicate(e.data)), timeoutMs, what);
          return events.find((e) => predicate(e.data))!;
        },
        settled: (timeoutMs = 5000) => until(() => completed || errors.length > 0, timeoutMs, 'an error or completion'),
        dispose,
      };
    },
    close: () => client.dispose() as Promise<void>,
  };
}
