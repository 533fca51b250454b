import { addDays, dayOfWeek, localMoment, zonedInstant, type LocalDate } from '../../common/local-time.js';
import { minutesOf, type HolidayClosure, type OpeningRange } from './opening-hours.rules.js';

// From weekly ranges in a time zone and holiday closures to instants: when the location is open, whether it
// is open now and until when, and the instants a snooze can be set to ("until closing", "until tomorrow").
// Pure; the caller gives the time (the hub's clock).

export interface Period {
  start: Date;
  end: Date;
}

export const OPEN_STATES = ['OPEN', 'CLOSED_BY_HOURS', 'CLOSED_FOR_HOLIDAY', 'PAUSED'] as const;
export type OpenState = (typeof OPEN_STATES)[number];

/** Which of open, closed by hours, closed for a holiday or paused holds now, until when, and why. */
export interface Availability {
  state: OpenState;
  /** RFC 3339: when this state ends by itself; null when it does not (no hours, or a pause without an end). */
  until: string | null;
  /** The holiday's or the pause's reason. */
  reason: string | null;
}

export interface Schedule {
  timeZone: string;
  /** Empty: no hours kept, open at every time (but holidays and pauses). */
  openingHours: readonly OpeningRange[];
  holidays: readonly HolidayClosure[];
}

/** How far ahead the next opening is looked for: a week of ranges always has one within it. */
const LOOKAHEAD_DAYS = 8;
const DAY_MS = 86_400_000;

/** Overlapping or touching periods as one, in time order. */
function merged(periods: Period[]): Period[] {
  const sorted = [...periods].sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: Period[] = [];
  for (const period of sorted) {
    const last = out[out.length - 1];
    if (last && period.start.getTime() <= last.end.getTime()) {
      if (period.end.getTime() > last.end.getTime()) last.end = period.end;
    } else out.push({ ...period });
  }
  return out;
}

/**
 * The weekly ranges as instants, for every local day from the day before `from` until `to`: the periods
 * that touch [from, to), merged where one day's range runs into the next day's (22:00-24:00, 00:00-02:00).
 */
function weeklyPeriods(ranges: readonly OpeningRange[], timeZone: string, from: Date, to: Date): Period[] {
  const periods: Period[] = [];
  let date: LocalDate = addDays(localMoment(from, timeZone), -1);
  while (zonedInstant(date, 0, timeZone).getTime() < to.getTime()) {
    const weekday = dayOfWeek(date);
    for (const range of ranges) {
      if (range.dayOfWeek !== weekday) continue;
      const start = zonedInstant(date, minutesOf(range.start)!, timeZone);
      const end = zonedInstant(date, minutesOf(range.end, { endOfDay: true })!, timeZone);
      if (end.getTime() > start.getTime()) periods.push({ start, end });
    }
    date = addDays(date, 1);
  }
  return merged(periods).filter((p) => p.end.getTime() > from.getTime() && p.start.getTime() < to.getTime());
}

function holidayPeriods(holidays: readonly HolidayClosure[]): (Period & { reason: string | null })[] {
  const periods = holidays.map((h) => ({ start: new Date(h.from), end: new Date(h.to), reason: h.reason }));
  const spans = merged(periods);
  // Each merged closure keeps the reason of the holiday it starts with.
  return spans.map((span) => ({
    ...span,
    reason: periods.find((p) => p.start.getTime() === span.start.getTime())?.reason ?? null,
  }));
}

/** The periods with the holidays cut out of them. */
function withoutHolidays(periods: Period[], holidays: readonly HolidayClosure[]): Period[] {
  let open = periods;
  for (const closed of holidayPeriods(holidays)) {
    open = open.flatMap((p) => {
      if (closed.end <= p.start || closed.start >= p.end) return [p];
      const parts: Period[] = [];
      if (closed.start > p.start) parts.push({ start: p.start, end: closed.start });
      if (closed.end < p.end) parts.push({ start: closed.end, end: p.end });
      return parts;
    });
  }
  return open;
}

/**
 * When the location takes orders by its hours and holidays from `now` for `days` days: the period open now
 * (from its real start) and the ones after it. Without hours, the whole span but the holidays.
 */
export function openPeriods(schedule: Schedule, now: Date, days: number): Period[] {
  const to = new Date(now.getTime() + days * DAY_MS);
  const byHours =
    schedule.openingHours.length === 0
      ? [{ start: now, end: to }]
      : weeklyPeriods(schedule.openingHours, schedule.timeZone, now, to);
  return withoutHolidays(byHours, schedule.holidays).filter((p) => p.end > now && p.start < to);
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Whether the location is open at `now` by its hours and holidays (a pause aside), and until when. */
function byCalendar(schedule: Schedule, now: Date): Availability {
  const closure = holidayPeriods(schedule.holidays).find((h) => h.start <= now && now < h.end);
  if (closure) return { state: 'CLOSED_FOR_HOLIDAY', until: iso(closure.end), reason: closure.reason };
  const nextHoliday = holidayPeriods(schedule.holidays).find((h) => h.start > now)?.start;
  if (schedule.openingHours.length === 0) return { state: 'OPEN', until: iso(nextHoliday), reason: null };
  const ahead = new Date(now.getTime() + LOOKAHEAD_DAYS * DAY_MS);
  const periods = weeklyPeriods(schedule.openingHours, schedule.timeZone, now, ahead);
  const current = periods.find((p) => p.start <= now && now < p.end);
  if (current) {
    const end = nextHoliday && nextHoliday < current.end ? nextHoliday : current.end;
    return { state: 'OPEN', until: iso(end), reason: null };
  }
  return { state: 'CLOSED_BY_HOURS', until: iso(periods.find((p) => p.start > now)?.start), reason: null };
}

export interface Pause {
  closedUntil: Date | null;
  closedReason: string | null;
}

/** Paused first (an operator's decision), then a holiday, then the hours. */
export function availabilityAt(schedule: Schedule, pause: Pause | null, now: Date): Availability {
  if (pause) return { state: 'PAUSED', until: iso(pause.closedUntil), reason: pause.closedReason };
  return byCalendar(schedule, now);
}

/** The instants a snooze's presets stand for, at `now`. */
export interface SnoozeChoices {
  oneHour: string;
  /** The end of the period open now; null when the location is not open by its calendar or keeps no hours. */
  untilClosing: string | null;
  /** The first opening on a later local day; without hours (or none within a week), the next local midnight. */
  untilTomorrow: string;
}

export function snoozeChoices(schedule: Schedule, now: Date): SnoozeChoices {
  const calendar = byCalendar(schedule, now);
  const today = localMoment(now, schedule.timeZone);
  const tomorrow = zonedInstant(addDays(today, 1), 0, schedule.timeZone);
  const nextDayOpening =
    schedule.openingHours.length === 0
      ? undefined
      : openPeriods(schedule, now, LOOKAHEAD_DAYS).find((p) => p.start >= tomorrow)?.start;
  return {
    oneHour: new Date(now.getTime() + 3_600_000).toISOString(),
    untilClosing: calendar.state === 'OPEN' && schedule.openingHours.length > 0 ? calendar.until : null,
    untilTomorrow: (nextDayOpening ?? tomorrow).toISOString(),
  };
}
