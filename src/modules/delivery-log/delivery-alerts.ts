import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../../db/raw-sql.js';
import type { Shape } from '../../shapes/shape.js';

// Delivery failures that should reach a person. A partner is failing at a location when deliveries to it there
// failed (FAILED, or PENDING after a failed attempt) and nothing to it there has been delivered since the latest
// of those attempts. It has been failing since the first of those deliveries was made, or since its last
// success when that came later (a partner that flaps starts a new streak). Once it has been failing for the
// location's deliveryAlertMinutes, the location is told: its home row, its board and its delivery log say so.
//
// Only the failing deliveries of the last day are read (FAILED rows through deliveries_failed_by_location,
// PENDING ones through the queue's own index), and each failing partner's last success is one probe of the
// location's recent deliveries: a location with nothing failing costs nothing beyond the first two.

/** A failing partner, as openapi.yaml's DeliveryAlert declares it (timestamps in ISO 8601). */
export type DeliveryAlert = Shape<'DeliveryAlert'>;

/** MikroORM's connections leave timestamptz as PostgreSQL's text ("2026-11-28 18:02:11.123+00"), not ISO 8601. */
const iso = (text: string) => new Date(text).toISOString();

/** Where to look: every location, some locations, or every location of some accounts. */
export type AlertPlaces = 'all' | { locationIds: readonly string[] } | { accountIds: readonly string[] };

/** Which locations to look at, and whose deliveries (a partner application sees only its own). */
export interface AlertScope {
  places: AlertPlaces;
  /** Only the deliveries addressed to this application; null: every partner's. */
  applicationId: string | null;
  /** Milliseconds a minute of deliveryAlertMinutes lasts (the hub's clock: shorter in tests). */
  minuteMs: number;
}

/** How far back a failing delivery counts: the log keeps FAILED deliveries for good. */
export const FAILING_WINDOW = '24 hours';

const ALERTS_SQL = `
  WITH failing AS (
    SELECT d.location_id, d.application_id, d.created_at, d.last_attempt_at, d.last_error
      FROM deliveries d
     WHERE d.created_at > now() - interval '${FAILING_WINDOW}'
       AND (d.status = 'FAILED' OR (d.status = 'PENDING' AND NOT d.held AND d.attempt_count > 0))
       AND (?::uuid[] IS NULL OR d.location_id = any(?::uuid[]))
       AND (?::uuid[] IS NULL OR d.account_id = any(?::uuid[]))
       AND (?::uuid IS NULL OR d.application_id = ?::uuid)
  ), partners AS (
    SELECT location_id, application_id, max(last_attempt_at) AS last_failed_at
      FROM failing GROUP BY location_id, application_id
  ), streaks AS (
    SELECT p.location_id, p.application_id, s.last_success
      FROM partners p
      CROSS JOIN LATERAL (
        SELECT max(ok.delivered_at) AS last_success
          FROM deliveries ok
         WHERE ok.location_id = p.location_id AND ok.application_id = p.application_id AND ok.status = 'DELIVERED'
           AND ok.created_at > now() - interval '${FAILING_WINDOW}'
      ) s
     WHERE s.last_success IS NULL OR s.last_success < p.last_failed_at
  ), alerts AS (
    SELECT f.location_id, f.application_id,
           greatest(min(f.created_at), max(st.last_success)) AS failing_since,
           count(*)::int AS failed_deliveries,
           max(f.last_attempt_at) AS last_attempt_at,
           (array_agg(f.last_error ORDER BY f.last_attempt_at DESC NULLS LAST))[1] AS last_error
      FROM failing f JOIN streaks st USING (location_id, application_id)
     WHERE st.last_success IS NULL OR f.last_attempt_at > st.last_success
     GROUP BY f.location_id, f.application_id
  )
  SELECT l.account_id AS "accountId", a.location_id AS "locationId", a.application_id AS "applicationId",
         app.name AS "applicationName", a.failing_since AS "failingSince",
         l.delivery_alert_minutes AS "alertAfterMinutes", a.failed_deliveries AS "failedDeliveries",
         a.last_error AS "lastError", a.last_attempt_at AS "lastAttemptAt"
    FROM alerts a
    JOIN locations l ON l.id = a.location_id
    LEFT JOIN applications app ON app.id = a.application_id
   WHERE now() - a.failing_since >= make_interval(secs => l.delivery_alert_minutes * ?::float8 / 1000)
   ORDER BY a.failing_since, app.name, a.application_id`;

/** The partners that have been failing for longer than their location allows, longest first. */
export async function deliveryAlerts(em: EntityManager, scope: AlertScope): Promise<DeliveryAlert[]> {
  const { places } = scope;
  const locations = places !== 'all' && 'locationIds' in places ? [...places.locationIds] : null;
  const accounts = places !== 'all' && 'accountIds' in places ? [...places.accountIds] : null;
  const rows = await sqlRows<DeliveryAlert>(em, ALERTS_SQL, [
    locations,
    locations,
    accounts,
    accounts,
    scope.applicationId,
    scope.applicationId,
    scope.minuteMs,
  ]);
  return rows.map((row) => ({
    ...row,
    failingSince: iso(row.failingSince),
    lastAttemptAt: row.lastAttemptAt === null ? null : iso(row.lastAttemptAt),
  }));
}
