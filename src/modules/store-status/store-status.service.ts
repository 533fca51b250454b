import type { RequestContext } from '../../common/request-context.js';
import { isoSql, sqlRows } from '../../db/raw-sql.js';
import { activeConnectionsSubquery } from '../connections/active-connections.js';
import { reachLocation, withLocation } from '../locations/location-access.js';
import { sendStoreStatus } from './store-status-events.js';
import { cancelResume, scheduleResume } from './store-status-resume.js';
import { checkStoreStatus, type StoreStatusChange, type StoreStatusInput } from './store-status.rules.js';
import { toStoreStatusView, type StoreStatusView } from './store-status.view.js';
import { recordActivity } from '../activity/record-activity.js';

/**
 * Store status (docs/contract.md "Operations" and "Calls the hub makes"): PUT store-status changes the location's
 * status and sends it to every connected marketplace's storeStatusUrl through the outbox; an OFFLINE with closedUntil
 * goes back ONLINE by itself then (store-status-resume.ts).
 */
export class StoreStatusService {
  async set(
    ctx: RequestContext,
    accountId: string,
    locationId: string,
    input: StoreStatusInput,
  ): Promise<StoreStatusView> {
    const access = reachLocation(ctx, accountId, locationId, 'locations.write');
    const change = checkStoreStatus(input, new Date());
    return ctx.em.transactional(async (em) => {
      const location = await access.load(em, { lock: true });
      recordActivity(em, ctx, {
        action: 'storeStatus.changed',
        accountId,
        locationId,
        subject: { type: 'location', id: locationId, name: location.name },
        changes: { storeStatus: { from: location.storeStatus, to: change.storeStatus }, ...storeStatusFacts(change) },
      });
      Object.assign(location, change);
      location.updatedAt = new Date();
      await em.flush();
      await sendStoreStatus(em, location);
      if (change.closedUntil) await scheduleResume(em, location.id, change.closedUntil);
      else await cancelResume(em, location.id);
      return toStoreStatusView(location);
    });
  }

  /**
   * Each marketplace the store status goes to (active connections with a storeStatusUrl), with the last
   * STORE_STATUS_CHANGED sent to it and what became of it: did it receive the pause or the reopening.
   */
  async marketplaces(ctx: RequestContext, accountId: string, locationId: string): Promise<StoreStatusMarketplace[]> {
    await withLocation(ctx, accountId, locationId, 'locations.read');
    return sqlRows<StoreStatusMarketplace>(ctx.em, MARKETPLACE_OUTCOMES, [locationId, locationId]);
  }

  async get(ctx: RequestContext, accountId: string, locationId: string): Promise<StoreStatusView> {
    const access = reachLocation(ctx, accountId, locationId, 'locations.read');
    return toStoreStatusView(await access.load());
  }
}

export interface StoreStatusMarketplace {
  connectionId: string;
  applicationId: string;
  applicationName: string;
  /** The last STORE_STATUS_CHANGED delivery to it; null when none was sent since it was connected. */
  deliveryId: string | null;
  /** PENDING, DELIVERING, DELIVERED or FAILED; null without a delivery. */
  status: string | null;
  /** The store status that delivery carried. */
  storeStatus: string | null;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  deliveredAt: string | null;
}

const MARKETPLACE_OUTCOMES = `
  SELECT ac."connectionId", ac."applicationId", ac.name AS "applicationName", d.id AS "deliveryId", d.status,
         d.payload->>'storeStatus' AS "storeStatus", coalesce(d.attempt_count, 0) AS attempts, d.last_error AS "lastError",
         ${isoSql('d.created_at')} AS "sentAt", ${isoSql('d.delivered_at')} AS "deliveredAt"
    FROM ${activeConnectionsSubquery('?::uuid')} ac
    LEFT JOIN LATERAL (
      SELECT * FROM deliveries d
       WHERE d.location_id = ?::uuid AND d.connection_id = ac."connectionId" AND d.event_type = 'STORE_STATUS_CHANGED'
       ORDER BY d.created_at DESC, d.id DESC LIMIT 1) d ON true
   WHERE ac.kind = 'MARKETPLACE' AND ac."storeStatusUrl" IS NOT NULL
   ORDER BY ac.name, ac."connectionId"`;

/** The closing details an activity entry keeps (what the marketplaces were told). */
function storeStatusFacts(change: StoreStatusChange): Record<string, unknown> {
  return {
    closedUntil: change.closedUntil?.toISOString() ?? null,
    closedReason: change.closedReason,
    closedReasonNotes: change.closedReasonNotes,
  };
}
