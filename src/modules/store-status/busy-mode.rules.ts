import { ValidationError, type FieldError } from '../../common/errors.js';

// PUT {loc}/busy-mode: a kitchen under a rush adds preparation minutes to every order for a while. Marketplaces
// hear it with the store status; it ends by itself at `until`.

export interface BusyMode {
  extraMinutes: number;
  until: Date;
}

const MAX_EXTRA_MINUTES = 240;
/** Busy mode is for a rush, not a new normal: at most this far ahead. */
const MAX_BUSY_HOURS = 24;

const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

export function parseBusyMode(input: unknown, now: Date): BusyMode {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw ValidationError.field('/', 'must be an object {extraMinutes, until}');
  const { extraMinutes, until, ...rest } = input as Record<string, unknown>;
  const errors: FieldError[] = Object.keys(rest).map((key) => ({
    path: `/${key}`,
    message: 'is not a field here (allowed: extraMinutes, until)',
  }));
  if (!Number.isInteger(extraMinutes) || (extraMinutes as number) < 1 || (extraMinutes as number) > MAX_EXTRA_MINUTES)
    errors.push({ path: '/extraMinutes', message: `must be an integer from 1 to ${MAX_EXTRA_MINUTES}` });
  const end = typeof until === 'string' && RFC_3339.test(until) ? new Date(until) : null;
  if (!end || Number.isNaN(end.getTime())) errors.push({ path: '/until', message: 'must be an RFC 3339 date-time' });
  else if (end.getTime() <= now.getTime()) errors.push({ path: '/until', message: 'must be in the future' });
  else if (end.getTime() > now.getTime() + MAX_BUSY_HOURS * 3_600_000)
    errors.push({ path: '/until', message: `must be within ${MAX_BUSY_HOURS} hours` });
  if (errors.length > 0) throw ValidationError.fields(errors);
  return { extraMinutes: extraMinutes as number, until: end! };
}
