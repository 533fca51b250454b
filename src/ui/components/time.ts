import { useEffect, useState } from 'react';

// The times a screen shows (time-format.ts), and the hook that keeps "now" moving on a screen left open.

export { formatRelative, formatWhen, formatWhenIn, formatWhenThere, zoneLabel } from './time-format';

/** The current time, renewed every `everyMs`, so "in 59 min" does not stand still on a screen left open. */
export function useNow(everyMs = 10_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
