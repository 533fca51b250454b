import type { Clock } from '../../common/clock.js';
import { NotFoundError, ValidationError, type FieldError } from '../../common/errors.js';
import { sqlChanged } from '../../db/raw-sql.js';
import { activeConnections, Connection, ownConnectionIds } from '../connections/index.js';
import type { LocationAccess } from '../locations/index.js';
import { readSchedules, scheduleFor, type LocationSchedules } from './availability-read.js';
import { snoozeChoices, type SnoozeChoices } from './opening-calendar.js';
import { HolidayClosure } from './holiday-closure.entity.js';
import { OpeningHours } from './opening-hours.entity.js';
import { sendOpeningHoursChanges } from './opening-hours-events.js';
import { parseOpeningHours, type OpeningHoursDocument } from './opening-hours.rules.js';
import { changesBetween, recordActivity } from '../activity/index.js';

/**
 * A location's opening hours, per-marketplace overrides and holiday closures: one document, read and
 * replaced whole. A replacement tells each marketplace whose hours changed (OPENING_HOURS_CHANGED), in its
 * transaction.
 */
export class OpeningHoursService {
  constructor(private readonly clock: Clock) {}

  async get(access: LocationAccess): Promise<OpeningHoursDocument> {
    await access.load();
    const schedules = await readSchedules(access.ctx.em, access.locationId);
    if (!schedules) throw new NotFoundError('Location');
    return documentSeenBy(schedules, await ownConnectionIds(access));
  }

  /**
   * The instants the UI's snooze presets stand for at this location now ("1 hour", "until closing", "until
   * tomorrow"), by its own hours: the hub's clock and calendar decide, not the browser's.
   */
  async snoozeChoices(access: LocationAccess): Promise<SnoozeChoices> {
    await access.load();
    const schedules = await readSchedules(access.ctx.em, access.locationId);
    if (!schedules) throw new NotFoundError('Location');
    return snoozeChoices(scheduleFor(schedules, null), this.clock.now());
  }

  /** Whole-document PUT: every problem is a 400 naming its path, and then nothing changes. */
  async set(access: LocationAccess, body: unknown): Promise<OpeningHoursDocument> {
    const { ctx, accountId, locationId } = access;
    const document = parseOpeningHours(body);
    return ctx.em.transactional(async (em) => {
      const location = await access.load(em, { lock: true });
      const marketplaces = new Set(
        (await activeConnections(em, locationId)).filter((c) => c.kind === 'MARKETPLACE').map((c) => c.connectionId),
      );
      const problems: FieldError[] = document.overrides.flatMap((override, index) =>
        marketplaces.has(override.connectionId)
          ? []
          : [
              {
                path: `/overrides/${index}/connectionId`,
                message: 'is not an active marketplace connection of this location',
              },
            ],
      );
      if (problems.length > 0) throw ValidationError.fields(problems);
      const before = (await readSchedules(em, locationId))!;
      await sqlChanged(em, 'DELETE FROM opening_hours WHERE location_id = ?::uuid', [locationId]);
      await sqlChanged(em, 'DELETE FROM holiday_closures WHERE location_id = ?::uuid', [locationId]);
      if (document.openingHours.length > 0) em.persist(new OpeningHours(location, null, document.openingHours));
      for (const override of document.overrides)
        em.persist(
          new OpeningHours(location, em.getReference(Connection, override.connectionId), override.openingHours),
        );
      for (const holiday of document.holidays) {
        const closure = new HolidayClosure(location, new Date(holiday.from), new Date(holiday.to));
        closure.reason = holiday.reason;
        em.persist(closure);
      }
      await em.flush();
      const after = (await readSchedules(em, locationId))!;
      const changes = changesBetween(before, after, ['openingHours', 'overrides', 'holidays']);
      if (changes)
        recordActivity(em, ctx, {
          action: 'openingHours.replaced',
          accountId,
          locationId,
          subject: { type: 'location', id: locationId, name: location.name },
          changes,
        });
      await sendOpeningHoursChanges(em, { accountId, locationId }, before, after, this.clock.now());
      return documentSeenBy(after, await ownConnectionIds(access, em));
    });
  }
}

/** The document; a partner application sees only its own connection's override, never another marketplace's. */
function documentSeenBy(schedules: LocationSchedules, own: ReadonlySet<string> | null): OpeningHoursDocument {
  return {
    openingHours: schedules.openingHours,
    overrides: own ? schedules.overrides.filter((o) => own.has(o.connectionId)) : schedules.overrides,
    holidays: schedules.holidays,
  };
}
