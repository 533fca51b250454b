import type { Grant } from '../../auth/authorize.js';
import { sqlRows } from '../../db/raw-sql.js';

// The home page of an operator: the locations it reaches, those that need someone first: new
// orders waiting to be accepted, then deliveries that keep failing.

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
}

/** The home page lists at most this many locations (the busiest first). */
const HOME_LIMIT = 50;
/** How far back a failing delivery counts: the log keeps FAILED deliveries for good. */
const FAILING_WINDOW = '24 hours';

const SUMMARY = (where: string) => `
  SELECT l.account_id AS "accountId", a.name AS "accountName", l.id AS "locationId", l.name AS "locationName", l.store_status AS "storeStatus",
         (SELECT count(*) FROM orders o WHERE o.location_id = l.id AND o.status = 'NEW' AND NOT o.test)::int AS "newOrders",
         (SELECT count(*) FROM deliveries d
           WHERE d.location_id = l.id AND d.created_at > now() - interval '${FAILING_WINDOW}'
             AND (d.status = 'FAILED' OR (d.status = 'PENDING' AND d.attempt_count > 0)))::int AS "failingDeliveries"
    FROM locations l JOIN accounts a ON a.id = l.account_id
   WHERE ${where}
   ORDER BY "newOrders" DESC, "failingDeliveries" DESC, l.name, l.id
   LIMIT ${HOME_LIMIT}`;

export class HomeService {
  /** The caller's locations (scope locations.read), new orders and failing deliveries first. */
  async summary({ ctx }: Grant): Promise<LocationSummary[]> {
    const { reach } = ctx;
    if (reach.all) return sqlRows(ctx.em, SUMMARY('true'));
    if (reach.locationIds) return sqlRows(ctx.em, SUMMARY('l.id = any(?::uuid[])'), [[...reach.locationIds]]);
    return sqlRows(ctx.em, SUMMARY('l.account_id = any(?::uuid[])'), [[...reach.accountIds]]);
  }
}
