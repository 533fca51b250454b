import type { EntityManager } from '@mikro-orm/postgresql';
import { sendToMarketplaces } from '../connections/index.js';
import { scheduleFor, type LocationSchedules } from './availability-read.js';
import { availabilityView } from './availability.view.js';

// OPENING_HOURS_CHANGED: to each active marketplace connection (at its webhookUrl) whose hours, holidays or the
// time zone its hours are read in changed, what now applies to it (availability.view.ts), through the outbox in
// the caller's transaction. A connection whose override hides the change hears nothing.

/** What a marketplace is told, as compared before and after: the zone matters only to weekly ranges. */
const applying = (schedules: LocationSchedules, connectionId: string) => {
  const { timeZone, openingHours, holidays } = scheduleFor(schedules, connectionId);
  return JSON.stringify({ timeZone: openingHours.length > 0 ? timeZone : null, openingHours, holidays });
};

/** One delivery per marketplace to which `before` and `after` apply differently; how many. */
export function sendOpeningHoursChanges(
  em: EntityManager,
  ids: { accountId: string; locationId: string },
  before: LocationSchedules,
  after: LocationSchedules,
  now: Date,
): Promise<number> {
  return sendToMarketplaces(em, {
    eventType: 'OPENING_HOURS_CHANGED',
    eventTime: now.toISOString(),
    ...ids,
    // Two changes in a row reach the marketplace in that order: the last one it hears is what holds.
    orderingKey: `opening-hours:${ids.locationId}`,
    bodyOf: ({ connectionId }) =>
      applying(before, connectionId) === applying(after, connectionId)
        ? null
        : availabilityView(after, connectionId, now),
  });
}
