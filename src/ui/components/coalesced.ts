import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs `refresh` for a burst of live events at most once at a time, plus once more after a burst if events
 * came while it ran: at 50 orders a second a board re-reads its page a few times a second, never fifty, and
 * the last event is never left unread.
 */
export function useCoalesced(refresh: () => Promise<unknown>): () => void {
  const latest = useRef(refresh);
  const state = useRef({ running: false, again: false, alive: true });
  useEffect(() => {
    latest.current = refresh;
  });
  useEffect(() => {
    const s = state.current;
    s.alive = true;
    return () => {
      s.alive = false;
    };
  }, []);
  return useCallback(() => {
    const s = state.current;
    if (s.running) {
      s.again = true;
      return;
    }
    s.running = true;
    const run = (): void => {
      s.again = false;
      void latest
        .current()
        .catch(() => undefined)
        .finally(() => {
          if (s.again && s.alive) run();
          else s.running = false;
        });
    };
    run();
  }, []);
}
