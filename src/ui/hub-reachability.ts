import { useSyncExternalStore } from 'react';

// Whether the hub answers right now, as the UI's requests and its live socket find out: a query refused with
// 503 (a database restart, an overload) or unanswered waits and is sent again by itself (apollo.ts), and the
// socket reconnects by itself; meanwhile the shell says "Reconnecting" and live screens say they are not live.

interface Reachability {
  /** Queries waiting to be sent again after a 503 or no answer. */
  retrying: number;
  /** The live socket was open and is now down (reconnecting). */
  socketDown: boolean;
}

let state: Reachability = { retrying: 0, socketDown: false };
const listeners = new Set<() => void>();

function set(next: Partial<Reachability>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const reachability = {
  retryStarted: () => set({ retrying: state.retrying + 1 }),
  retryEnded: () => set({ retrying: Math.max(0, state.retrying - 1) }),
  socketClosed: () => set({ socketDown: true }),
  socketConnected: () => set({ socketDown: false }),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useReachability(): Reachability {
  return useSyncExternalStore(subscribe, () => state);
}
