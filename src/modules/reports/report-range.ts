import { ValidationError, type FieldError } from '../../common/errors.js';

// The date range of a report and its periods, as pure functions. Dates are the location's calendar days
// (its wall clock): `from` and `to` are both included. A period is named by its first local day (DAY, WEEK,
// whose weeks start on Monday) or its local hour (HOUR, `2026-11-28T13:00`). Nothing here knows a timezone:
// the database turns each order's instant into its location's wall clock.

export const REPORT_GRANULARITIES = ['HOUR', 'DAY', 'WEEK'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];

/** The longest range a report covers, in days. */
const MAX_REPORT_DAYS = 366;
/** By hour, at most this many days (168 periods: an hourly chart longer than a week is not read anyway). */
const MAX_HOURLY_REPORT_DAYS = 7;

export interface ReportRange {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Last day, included. */
  to: string;
  granularity: ReportGranularity;
}

export interface ReportRangeInput {
  from?: string | null;
  to?: string | null;
  granularity?: string | null;
}

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a calendar date, or null when it is not one (2026-02-30 is not). */
function dayNumber(date: string): number | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return ms / DAY_MS;
}

function dateOf(dayNo: number): string {
  return new Date(dayNo * DAY_MS).toISOString().slice(0, 10);
}

/** 400 naming each wrong parameter; granularity in any case, DAY when omitted. */
export function parseReportRange(input: ReportRangeInput): ReportRange {
  const errors: FieldError[] = [];
  const from = input.from == null ? null : dayNumber(input.from);
  const to = input.to == null ? null : dayNumber(input.to);
  if (from === null) errors.push({ path: 'from', message: 'is required: a date such as 2026-11-01 (YYYY-MM-DD)' });
  if (to === null) errors.push({ path: 'to', message: 'is required: a date such as 2026-11-30 (YYYY-MM-DD)' });
  const granularity = (input.granularity ?? 'DAY').toUpperCase() as ReportGranularity;
  if (!REPORT_GRANULARITIES.includes(granularity))
    errors.push({ path: 'granularity', message: `must be one of ${REPORT_GRANULARITIES.join(', ')}` });
  if (from !== null && to !== null) {
    const days = to - from + 1;
    if (days < 1) errors.push({ path: 'to', message: 'must not be before from' });
    else if (days > MAX_REPORT_DAYS)
      errors.push({ path: 'to', message: `makes the range longer than ${MAX_REPORT_DAYS} days` });
    else if (granularity === 'HOUR' && days > MAX_HOURLY_REPORT_DAYS)
      errors.push({ path: 'to', message: `by HOUR, a report covers at most ${MAX_HOURLY_REPORT_DAYS} days` });
  }
  if (errors.length > 0) throw ValidationError.fields(errors);
  return { from: input.from as string, to: input.to as string, granularity };
}

/** The day after `to`: where the range ends, exclusive. */
export function dayAfter(date: string): string {
  return dateOf((dayNumber(date) as number) + 1);
}

/** The Monday of the week of a date. */
function mondayOf(dayNo: number): number {
  // 1970-01-01 was a Thursday: (dayNo + 3) mod 7 counts days since Monday.
  return dayNo - ((((dayNo + 3) % 7) + 7) % 7);
}

/** Every period of the range, in order, named as the database names them (the report lists empty ones too). */
export function periodsOf(range: ReportRange): string[] {
  const first = dayNumber(range.from) as number;
  const last = dayNumber(range.to) as number;
  const periods: string[] = [];
  if (range.granularity === 'WEEK') {
    for (let day = mondayOf(first); day <= last; day += 7) periods.push(dateOf(day));
  } else {
    for (let day = first; day <= last; day++) {
      if (range.granularity === 'DAY') periods.push(dateOf(day));
      else for (let hour = 0; hour < 24; hour++) periods.push(`${dateOf(day)}T${String(hour).padStart(2, '0')}:00`);
    }
  }
  return periods;
}
