import type { EntityManager } from '@mikro-orm/postgresql';
import { isoSql, sqlRows } from '../../db/raw-sql.js';
import type { Schedule } from './opening-calendar.js';
import type { OpeningHoursDocument } from './opening-hours.rules.js';

// The one read of a location's opening hours, overrides and holidays, in one statement: for the document
// (GET opening-hours), and for what applies to each marketplace connection (store status, menu exports,
// OPENING_HOURS_CHANGED). Overrides of connections that are no longer active are left out: nothing is sent
// to those, and a reconnected application starts from the location's hours.

/** The location's time zone with its document. */
export interface LocationSchedules extends OpeningHoursDocument {
  timeZone: string;
}

const READ = `
  SELECT l.timezone AS "timeZone",
         coalesce((SELECT h.ranges FROM opening_hours h WHERE h.location_id = l.id AND h.connection_id IS NULL LIMIT 1), '[]') AS "openingHours",
         coalesce((SELECT json_agg(json_build_object('connectionId', h.connection_id, 'openingHours', h.ranges) ORDER BY c.created_at, c.id)
                     FROM opening_hours h JOIN connections c ON c.id = h.connection_id AND c.status = 'ACTIVE'
                    WHERE h.location_id = l.id), '[]') AS overrides,
         coalesce((SELECT json_agg(json_build_object('from', ${isoSql('d.starts_at')}, 'to', ${isoSql('d.ends_at')}, 'reason', d.reason)
                                   ORDER BY d.starts_at, d.ends_at)
                     FROM holiday_closures d WHERE d.location_id = l.id), '[]') AS holidays
    FROM locations l
   WHERE l.id = ?::uuid`;

/** Null when the location is gone. */
export async function readSchedules(em: EntityManager, locationId: string): Promise<LocationSchedules | null> {
  const [row] = await sqlRows<LocationSchedules>(em, READ, [locationId]);
  return row ?? null;
}

/** What applies to one connection (its override, else the location's hours), or to the location itself (null). */
export function scheduleFor(schedules: LocationSchedules, connectionId: string | null): Schedule {
  const override = connectionId ? schedules.overrides.find((o) => o.connectionId === connectionId) : undefined;
  return {
    timeZone: schedules.timeZone,
    openingHours: override?.openingHours ?? schedules.openingHours,
    holidays: schedules.holidays,
  };
}
