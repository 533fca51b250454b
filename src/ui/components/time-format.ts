// Times as an operator reads them: the local clock time (with the date when it is not today), and how far
// away it is ("in 59 min", "3 s ago"), so a next retry or a last attempt is understood at a glance. Pure, so
// that the unit tests compile it with the server's code (tsconfig.json lists this file); time.ts adds the
// React hook that keeps "now" moving.

/** "14:03:21", or "23 Nov, 14:03:21" when not today. */
export function formatWhen(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString();
  return at.toDateString() === now.toDateString()
    ? time
    : `${at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${time}`;
}

/** The timezone this browser shows times in (an IANA name). */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * A time of a location, on the location's clock: "14:03:21", or "23 Nov, 14:03:21" when not that day there,
 * labelled "(Amsterdam time)" when the browser's clock is another one, so nobody reads 00:47 for 01:47.
 */
export function formatWhenIn(iso: string, timeZone: string, now = new Date(), browserZone = browserTimeZone()): string {
  const when = formatWhenThere(iso, timeZone, now);
  const place = otherPlace(timeZone, browserZone);
  return place ? `${when} (${place} time)` : when;
}

/**
 * The same, unlabelled: for a column of times whose heading says the clock once (zoneLabel), rather than every
 * row.
 */
export function formatWhenThere(iso: string, timeZone: string, now = new Date()): string {
  const at = new Date(iso);
  const dayThere = (date: Date) => date.toLocaleDateString('en-CA', { timeZone });
  const time = at.toLocaleTimeString(undefined, { timeZone });
  return dayThere(at) === dayThere(now)
    ? time
    : `${at.toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone })}, ${time}`;
}

/** A column heading with the clock its times are on: "Placed (Amsterdam time)", or "Placed" on the browser's own. */
export function zoneLabel(
  heading: string,
  timeZone: string | null | undefined,
  browserZone = browserTimeZone(),
): string {
  const place = timeZone ? otherPlace(timeZone, browserZone) : null;
  return place ? `${heading} (${place} time)` : heading;
}

/** "Amsterdam" for Europe/Amsterdam when the browser's clock is another one; null when it is the browser's own. */
export function otherPlace(timeZone: string, browserZone = browserTimeZone()): string | null {
  return timeZone === browserZone ? null : timeZone.split('/').pop()!.replaceAll('_', ' ');
}

/** "in 59 min", "3 s ago", "now". */
export function formatRelative(iso: string, now = Date.now()): string {
  const diff = new Date(iso).getTime() - now;
  const abs = Math.abs(diff);
  if (abs < 1000) return 'now';
  const amount = distance(abs);
  return diff > 0 ? `in ${amount}` : `${amount} ago`;
}

/**
 * The unit is chosen by the rounded amount, not the exact one: 59.7 minutes reads "1.0 h", never "60 min"
 * (nor 59.6 s "60 s", nor 23.97 h "24.0 h").
 */
function distance(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const tenthsOfHours = Math.round(ms / 360_000);
  if (tenthsOfHours < 240) return `${(tenthsOfHours / 10).toFixed(1)} h`;
  return `${(ms / 86_400_000).toFixed(1)} days`;
}
