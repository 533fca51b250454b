import { zonedInstant } from '../../../common/local-time';

// The board's date range, in days of the location's own clock: "from the 27th to the 28th" in Europe/Amsterdam
// is from the 27th 00:00 there up to (not including) the 29th 00:00 there, whatever the browser's zone. The
// server filters by these instants (orders' since and until), so the counts and the list agree.

export interface PlacedDays {
  /** yyyy-mm-dd, as a date field gives it; empty: no bound. */
  from: string;
  to: string;
}

export interface PlacedRange {
  since: string | null;
  until: string | null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a day (and `after` days later) on the zone's clock; null for anything but yyyy-mm-dd. */
function startOfDay(value: string, timeZone: string, after = 0): string | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  const date = new Date(Date.UTC(year, month - 1, day + after));
  return zonedInstant(
    { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() },
    0,
    timeZone,
  ).toISOString();
}

/** The instants of a range of whole days, both days included. */
export function placedRange(days: PlacedDays, timeZone: string): PlacedRange {
  return { since: startOfDay(days.from, timeZone), until: startOfDay(days.to, timeZone, 1) };
}
