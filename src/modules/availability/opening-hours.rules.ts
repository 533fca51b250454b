import { isUuid } from '../../common/ids.js';
import { ValidationError, type FieldError } from '../../common/errors.js';

// PUT {loc}/opening-hours: the whole document, checked the same way on every surface. Pure: every problem is
// collected with its JSON path and thrown at once, so a bad document changes nothing.
// - openingHours: weekly ranges in the location's time zone, several a day. A range ends after it starts on
//   its own day ("24:00" is the end of the day); one past midnight is written as two (22:00-24:00, then
//   00:00-02:00 the next day), as Deliverect's hours are. Ranges of one day never overlap. No ranges at all:
//   the location keeps no hours and is open whenever it is not paused or on holiday.
// - overrides: one marketplace connection's own weekly ranges, in place of the location's (holidays apply to
//   every connection). Which connections may have one is the service's to check.
// - holidays: closures from one instant to another, with a reason the marketplaces are given.

export interface OpeningRange {
  /** 1 = Monday ... 7 = Sunday. */
  dayOfWeek: number;
  /** "HH:MM", 00:00-23:59, local time. */
  start: string;
  /** "HH:MM", after start, 00:01-24:00, local time. */
  end: string;
}

interface OpeningHoursOverride {
  connectionId: string;
  openingHours: OpeningRange[];
}

export interface HolidayClosure {
  /** RFC 3339, UTC. */
  from: string;
  /** RFC 3339, UTC; after from. */
  to: string;
  reason: string | null;
}

export interface OpeningHoursDocument {
  openingHours: OpeningRange[];
  overrides: OpeningHoursOverride[];
  holidays: HolidayClosure[];
}

const MAX_RANGES = 100;
const MAX_OVERRIDES = 100;
const MAX_HOLIDAYS = 100;
const MAX_REASON_LENGTH = 255;

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** Minutes since midnight of "HH:MM" ("24:00" is 1440); null when it is not such a time. */
export function minutesOf(time: string, { endOfDay = false } = {}): number | null {
  if (endOfDay && time === '24:00') return 1440;
  if (!CLOCK_TIME.test(time)) return null;
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

function parseInstant(value: unknown): Date | null {
  if (typeof value !== 'string' || !RFC_3339.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

class Problems {
  readonly list: FieldError[] = [];
  add(path: string, message: string): void {
    this.list.push({ path, message });
  }
  /** False (and a problem per unknown key) unless value is an object whose keys are all allowed. */
  record(value: unknown, path: string, allowed: readonly string[], required: readonly string[]): value is Raw {
    if (!isObject(value)) {
      this.add(path || '/', 'must be an object');
      return false;
    }
    for (const key of Object.keys(value))
      if (!allowed.includes(key)) this.add(`${path}/${key}`, `is not a field here (allowed: ${allowed.join(', ')})`);
    for (const key of required) if (value[key] === undefined) this.add(`${path}/${key}`, 'is required');
    return true;
  }
  array(value: unknown, path: string, max: number): value is unknown[] {
    if (!Array.isArray(value)) this.add(path, 'must be an array');
    else if (value.length > max) this.add(path, `must have at most ${max} entries`);
    else return true;
    return false;
  }
}

function weeklyRanges(value: unknown, path: string, p: Problems): OpeningRange[] {
  if (!p.array(value, path, MAX_RANGES)) return [];
  const ranges: (OpeningRange & { index: number; from: number; to: number })[] = [];
  value.forEach((raw, index) => {
    const at = `${path}/${index}`;
    if (!p.record(raw, at, ['dayOfWeek', 'start', 'end'], ['dayOfWeek', 'start', 'end'])) return;
    const { dayOfWeek, start, end } = raw;
    const day = Number.isInteger(dayOfWeek) && (dayOfWeek as number) >= 1 && (dayOfWeek as number) <= 7;
    if (dayOfWeek !== undefined && !day) p.add(`${at}/dayOfWeek`, 'must be an integer from 1 (Monday) to 7 (Sunday)');
    const from = typeof start === 'string' ? minutesOf(start) : null;
    const to = typeof end === 'string' ? minutesOf(end, { endOfDay: true }) : null;
    if (start !== undefined && from === null) p.add(`${at}/start`, 'must be a time "HH:MM" from 00:00 to 23:59');
    if (end !== undefined && to === null) p.add(`${at}/end`, 'must be a time "HH:MM" from 00:01 to 24:00');
    if (from === null || to === null || !day) return;
    if (to <= from) {
      p.add(
        `${at}/end`,
        `must be after start (${start}); a range past midnight is written as two: ${start}-24:00, then 00:00-${end} on the next day`,
      );
      return;
    }
    ranges.push({ dayOfWeek: dayOfWeek as number, start: start as string, end: end as string, index, from, to });
  });
  const sorted = ranges.sort((a, b) => a.dayOfWeek - b.dayOfWeek || a.from - b.from || a.index - b.index);
  for (let i = 1; i < sorted.length; i++) {
    const [before, range] = [sorted[i - 1], sorted[i]];
    if (before.dayOfWeek === range.dayOfWeek && range.from < before.to) {
      const [first, second] = before.index < range.index ? [before, range] : [range, before];
      p.add(
        `${path}/${second.index}`,
        `overlaps ${path}/${first.index} (${DAY_NAMES[first.dayOfWeek - 1]} ${first.start}-${first.end})`,
      );
    }
  }
  return sorted.map(({ dayOfWeek, start, end }) => ({ dayOfWeek, start, end }));
}

function overrides(value: unknown, p: Problems): OpeningHoursOverride[] {
  if (value === undefined) return [];
  if (!p.array(value, '/overrides', MAX_OVERRIDES)) return [];
  const seen = new Map<string, number>();
  const parsed: OpeningHoursOverride[] = [];
  value.forEach((raw, index) => {
    const at = `/overrides/${index}`;
    if (!p.record(raw, at, ['connectionId', 'openingHours'], ['connectionId', 'openingHours'])) return;
    const { connectionId } = raw;
    if (connectionId !== undefined && (typeof connectionId !== 'string' || !isUuid(connectionId)))
      p.add(`${at}/connectionId`, 'must be the id of a marketplace connection of this location');
    else if (typeof connectionId === 'string' && seen.has(connectionId))
      p.add(`${at}/connectionId`, `has an override already (/overrides/${seen.get(connectionId)})`);
    if (typeof connectionId === 'string') seen.set(connectionId, seen.get(connectionId) ?? index);
    const openingHours = weeklyRanges(raw.openingHours, `${at}/openingHours`, p);
    parsed.push({ connectionId: connectionId as string, openingHours });
  });
  return parsed;
}

function holidays(value: unknown, p: Problems): HolidayClosure[] {
  if (value === undefined) return [];
  if (!p.array(value, '/holidays', MAX_HOLIDAYS)) return [];
  const parsed: HolidayClosure[] = [];
  value.forEach((raw, index) => {
    const at = `/holidays/${index}`;
    if (!p.record(raw, at, ['from', 'to', 'reason'], ['from', 'to'])) return;
    const from = parseInstant(raw.from);
    const to = parseInstant(raw.to);
    if (raw.from !== undefined && !from) p.add(`${at}/from`, 'must be an RFC 3339 date-time');
    if (raw.to !== undefined && !to) p.add(`${at}/to`, 'must be an RFC 3339 date-time');
    else if (from && to && to.getTime() <= from.getTime()) p.add(`${at}/to`, 'must be after from');
    const reason = raw.reason ?? null;
    if (reason !== null && (typeof reason !== 'string' || reason.length > MAX_REASON_LENGTH))
      p.add(`${at}/reason`, `must be a string of at most ${MAX_REASON_LENGTH} characters, or null`);
    if (from && to) parsed.push({ from: from.toISOString(), to: to.toISOString(), reason: reason as string | null });
  });
  return parsed.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** The document as stored: ranges in day and time order, holidays by their start, instants in UTC. */
export function parseOpeningHours(input: unknown): OpeningHoursDocument {
  if (!isObject(input)) throw ValidationError.field('/', 'must be an object {openingHours, overrides?, holidays?}');
  const p = new Problems();
  p.record(input, '', ['openingHours', 'overrides', 'holidays'], ['openingHours']);
  const document: OpeningHoursDocument = {
    openingHours: weeklyRanges(input.openingHours ?? [], '/openingHours', p),
    overrides: overrides(input.overrides, p),
    holidays: holidays(input.holidays, p),
  };
  if (p.list.length > 0) throw ValidationError.fields(p.list);
  return document;
}
