import { openPeriods } from './opening-calendar.js';
import { scheduleFor, type LocationSchedules } from './availability-read.js';
import type { Shape } from '../../shapes/shape.js';

// What a marketplace connection is told of when the location sells (OPENING_HOURS_CHANGED, and the menu
// export's `availability`): the weekly ranges that apply to it (its override, else the location's) with the
// time zone they are read in, the holidays not over yet, and the same as instants for the coming week, so a
// partner never computes a daylight-saving change itself.

/** How many days of openPeriods a marketplace is given. */
const OPEN_PERIOD_DAYS = 7;

export type AvailabilityView = Shape<'MarketplaceAvailability'>;

export function availabilityView(
  schedules: LocationSchedules,
  connectionId: string | null,
  now: Date,
): AvailabilityView {
  const schedule = scheduleFor(schedules, connectionId);
  return {
    timezone: schedule.timeZone,
    openingHours: [...schedule.openingHours],
    holidays: schedule.holidays.filter((h) => new Date(h.to) > now),
    openPeriods: openPeriods(schedule, now, OPEN_PERIOD_DAYS).map((p) => ({
      start: p.start.toISOString(),
      end: p.end.toISOString(),
    })),
  };
}
