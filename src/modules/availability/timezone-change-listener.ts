import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../common/clock.js';
import type { LocationListener, LocationView } from '../locations/index.js';
import { readSchedules } from './availability-read.js';
import { sendOpeningHoursChanges } from './opening-hours-events.js';

// A location's time zone changed: the same weekly ranges are other instants now, so each marketplace whose
// hours are read in it is told again (OPENING_HOURS_CHANGED, in the transaction of the change). One without
// hours hears nothing: its periods never depended on the zone.

export class TimezoneChangeListener implements LocationListener {
  constructor(private readonly clock: Clock) {}

  async locationChanged(em: EntityManager, before: LocationView, after: LocationView): Promise<void> {
    if (before.timezone === after.timezone) return;
    const now = await readSchedules(em, after.id);
    if (!now) return;
    const ids = { accountId: after.accountId, locationId: after.id };
    await sendOpeningHoursChanges(em, ids, { ...now, timeZone: before.timezone }, now, this.clock.now());
  }
}
