import { useEffect, useState } from 'react';

// Times as an operator reads them: the local clock time (with the date when it is not today), and how far
// away it is ("in 59 min", "3 s ago"), so a next retry or a last attempt is understood at a glance.

/** "14:03:21", or "23 Nov, 14:03:21" when not today. */
export function formatWhen(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString();
  return at.toDateString() === now.toDateString() ? time : `${at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${time}`;
}

/** "in 59 min", "3 s ago", "now". */
export function formatRelative(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  const abs = Math.abs(diff);
  if (abs < 1000) return 'now';
  const amount = abs < 60_000 ? `${Math.round(abs / 1000)} s` : abs < 3_600_000 ? `${Math.round(abs / 60_000)} min` : abs < 86_400_000 ? `${(abs / 3_600_000).toFixed(1)} h` : `${(abs / 86_400_000).toFixed(1)} days`;
  return diff > 0 ? `in ${amount}` : `${amount} ago`;
}

/** The current time, renewed every `everyMs`, so "in 59 min" does not stand still on a screen left open. */
export function useNow(everyMs = 10_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
