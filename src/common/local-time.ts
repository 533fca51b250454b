// Wall-clock time in a location's IANA time zone, with nothing but Intl: which local day and minute an instant
// is, and which instant a local day and minute is. Daylight-saving changes are the time zone database's
// business, so partners never compute them: on the last Sunday of March in Europe/Amsterdam a range
// 12:00-22:00 starts at 10:00Z, the day before at 11:00Z. Pure and without imports: the hub's opening
// calendar reads hours with it, and the web UI reads and writes a location's times on the location's clock.

/** A civil date (no time zone). month 1-12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

export interface LocalMoment extends LocalDate {
  /** 1 = Monday ... 7 = Sunday (ISO 8601). */
  dayOfWeek: number;
  /** Minutes since local midnight, 0-1439. */
  minute: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The local wall-clock reading of an instant, as milliseconds of a UTC calendar (the offset added). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The zone's offset from UTC at an instant, in milliseconds (whole seconds). */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClock(whole, timeZone) - whole;
}

export function dayOfWeek(date: LocalDate): number {
  return ((new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7) + 1;
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const next = new Date(Date.UTC(date.year, date.month - 1, date.day) + days * DAY_MS);
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

/** Which local day, weekday and minute the instant is in the zone. */
export function localMoment(instant: Date, timeZone: string): LocalMoment {
  const wall = new Date(wallClock(instant.getTime(), timeZone));
  const date = { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
  return { ...date, dayOfWeek: dayOfWeek(date), minute: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
}

/**
 * The instant at which the zone's clocks show `minute` (0-1440; 1440 is the next midnight) on `date`. A
 * time the clocks skip (02:30 on a spring-forward night) is read with the offset before the change, so it
 * lands as far after the change as it was after the skipped hour's start (03:30); a time they show twice (an
 * autumn night) is its first showing. These are RFC 9557's and Temporal's "compatible" choices.
 */
export function zonedInstant(date: LocalDate, minute: number, timeZone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minute * MINUTE_MS;
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const earlier = wall - Math.max(before, after);
  const later = wall - Math.min(before, after);
  if (wallClock(earlier, timeZone) === wall) return new Date(earlier);
  if (wallClock(later, timeZone) === wall) return new Date(later);
  // Skipped: the offset before the change.
  return new Date(wall - before);
}
