import type { Grant } from '../../auth/authorize.js';
import type { Reach } from '../../common/principal.js';
import { sqlRows } from '../../db/raw-sql.js';
import { FAILING_WINDOW, type AlertPlaces, type DeliveryAlert, type DeliveryService } from '../delivery-log/index.js';

// The home page of an operator: the locations it reaches, those that need someone first: partners that have been
// failing there for longer than the location allows (the delivery log's alerts), then new orders waiting to be
// accepted, then deliveries that keep failing.

export interface LocationSummary {
  accountId: string;
  accountName: string;
  locationId: string;
  locationName: string;
  storeStatus: string;
  /** Orders in status NEW (test orders never count). */
  newOrders: number;
  /** Deliveries of the last FAILING_WINDOW that are FAILED, or PENDING after a failed attempt. */
  failingDeliveries: number;
  /** The partners failing there for longer than its deliveryAlertMinutes. */
  deliveryAlerts: DeliveryAlert[];
}

/** The home page lists at most this many locations (the busiest first). */
const HOME_LIMIT = 50;

const SUMMARY = (where: string) => `
  SELECT l.account_id AS "accountId", a.name AS "accountName", l.id AS "locationId", l.name AS "locationName", l.store_status AS "storeStatus",
         (SELECT count(*) FROM orders o WHERE o.location_id = l.id AND o.status = 'NEW' AND NOT o.test)::int AS "newOrders",
         (SELECT count(*) FROM deliveries d
           WHERE d.location_id = l.id AND d.created_at > now() - interval '${FAILING_WINDOW}'
             AND (d.status = 'FAILED' OR (d.status = 'PENDING' AND d.attempt_count > 0)))::int AS "failingDeliveries"
    FROM locations l JOIN accounts a ON a.id = l.account_id
   WHERE ${where}
   ORDER BY l.id = any(?::uuid[]) DESC, "newOrders" DESC, "failingDeliveries" DESC, l.name, l.id
   LIMIT ${HOME_LIMIT}`;

/** The caller's locations as a WHERE clause with its bindings, and as the alerts' places. */
function reached(reach: Reach): { where: string; bindings: unknown[]; places: AlertPlaces } {
  if (reach.all) return { where: 'true', bindings: [], places: 'all' };
  if (reach.locationIds) {
    const locationIds = [...reach.locationIds];
    return { where: 'l.id = any(?::uuid[])', bindings: [locationIds], places: { locationIds } };
  }
  const accountIds = [...reach.accountIds];
  return { where: 'l.account_id = any(?::uuid[])', bindings: [accountIds], places: { accountIds } };
}

export class HomeService {
  constructor(private readonly deliveries: Pick<DeliveryService, 'alertsAt'>) {}

  /** The caller's locations (scope locations.read): alerting partners, then new orders and failing deliveries first. */
  async summary({ ctx, ownedBy }: Grant): Promise<LocationSummary[]> {
    const { where, bindings, places } = reached(ctx.reach);
    const alerts = await this.deliveries.alertsAt(ctx.em, places, ownedBy.deliveries);
    const alerting = [...new Set(alerts.map((alert) => alert.locationId))];
    const rows = await sqlRows<Omit<LocationSummary, 'deliveryAlerts'>>(ctx.em, SUMMARY(where), [
      ...bindings,
      alerting,
    ]);
    return rows.map((row) => ({
      ...row,
      deliveryAlerts: alerts.filter((alert) => alert.locationId === row.locationId),
    }));
  }
}
