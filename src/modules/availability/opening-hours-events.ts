import type { EntityManager } from '@mikro-orm/postgresql';
import { sendToMarketplaces } from '../connections/to-marketplaces.js';
import { scheduleFor, type LocationSchedules } from './availability-read.js';
import { availabilityView } from './availability.view.js';

// OPENING_HOURS_CHANGED: to each active marketplace connection (at its webhookUrl) whose hours or holidays
// changed, what now applies to it (availability.view.ts), through the outbox in the caller's transaction. A
// connection whose override hides the change hears nothing.

const applying = (schedules: LocationSchedules, connectionId: string) => {
  const { openingHours, holidays } = scheduleFor(schedules, connectionId);
  return JSON.stringify({ openingHours, holidays });
};

/** One delivery per marketplace whose hours or holidays differ between `before` and `after`; how many. */
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
