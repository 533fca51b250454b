import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../common/clock.js';
import { NotFoundError } from '../../common/errors.js';
import { isoSql, sqlRows } from '../../db/raw-sql.js';
import { availabilityAt, readSchedules, scheduleFor } from '../availability/index.js';
import { activeConnectionsSubquery, ownConnectionIds } from '../connections/index.js';
import type { Location, LocationAccess } from '../locations/index.js';
import { parseBusyMode } from './busy-mode.rules.js';
import { sendStoreStatus } from './store-status-events.js';
import { BUSY_END, PAUSE_END } from './store-status-timers.js';
import { checkStoreStatus, type StoreStatusChange, type StoreStatusInput } from './store-status.rules.js';
import { pauseOf, toStoreStatusView, type StoreStatusView } from './store-status.view.js';
import { type ActivityChange, recordActivity } from '../activity/index.js';

/**
 * Store status: PUT store-status pauses or reopens the location, PUT busy-mode adds preparation minutes for a
 * while; each change goes to every connected marketplace (docs/contract.md "Calls the hub makes") through the
 * outbox, and so does the end of a pause at closedUntil and of a busy mode at its until
 * (store-status-timers.ts). The status read says whether the location is open now by its hours and holidays
 * (src/modules/availability). Each change is in the activity log.
 */
export class StoreStatusService {
  constructor(private readonly clock: Clock) {}

  async set(access: LocationAccess, input: StoreStatusInput): Promise<StoreStatusView> {
    const change = checkStoreStatus(input, this.clock.now());
    return this.change(access, async (em, location) => {
      const activity = {
        action: 'storeStatus.changed',
        changes: { storeStatus: { from: location.storeStatus, to: change.storeStatus }, ...storeStatusFacts(change) },
      };
      Object.assign(location, change);
      if (change.closedUntil) await PAUSE_END.schedule(em, this.clock, location.id, change.closedUntil);
      else await PAUSE_END.cancel(em, location.id);
      return activity;
    });
  }

  /** Busy mode: `extraMinutes` more preparation time on every order until `until`, when it ends by itself. */
  async setBusyMode(access: LocationAccess, input: unknown): Promise<StoreStatusView> {
    const busy = parseBusyMode(input, this.clock.now());
    return this.change(access, async (em, location) => {
      Object.assign(location, { busyExtraMinutes: busy.extraMinutes, busyUntil: busy.until });
      await BUSY_END.schedule(em, this.clock, location.id, busy.until);
      return { action: 'busyMode.set', changes: { extraMinutes: busy.extraMinutes, until: busy.until.toISOString() } };
    });
  }

  /** Ends a busy mode early; nothing is sent when there was none. */
  async endBusyMode(access: LocationAccess): Promise<StoreStatusView> {
    return this.change(access, async (em, location) => {
      if (location.busyUntil === null) return null;
      const ended = { extraMinutes: location.busyExtraMinutes, until: location.busyUntil.toISOString() };
      Object.assign(location, { busyExtraMinutes: null, busyUntil: null });
      await BUSY_END.cancel(em, location.id);
      return { action: 'busyMode.ended', changes: { ended, early: true } };
    });
  }

  /**
   * Applies a change to the locked location, records it in the activity log and tells the marketplaces, unless
   * the change says it changed nothing (null).
   */
  private change(
    access: LocationAccess,
    apply: (em: EntityManager, location: Location) => Promise<Pick<ActivityChange, 'action' | 'changes'> | null>,
  ): Promise<StoreStatusView> {
    return access.ctx.em.transactional(async (em) => {
      const location = await access.load(em, { lock: true });
      const now = this.clock.now();
      const activity = await apply(em, location);
      if (activity) {
        recordActivity(em, access.ctx, {
          ...activity,
          accountId: access.accountId,
          locationId: location.id,
          subject: { type: 'location', id: location.id, name: location.name },
        });
        location.updatedAt = new Date();
        await em.flush();
        await sendStoreStatus(em, location, now);
      }
      return this.viewFor(access, em, location, now);
    });
  }

  /** The status as the caller is told it: a marketplace by its own hours (its override), anyone else by the location's. */
  private async viewFor(
    access: LocationAccess,
    em: EntityManager,
    location: Location,
    now: Date,
  ): Promise<StoreStatusView> {
    const schedules = await readSchedules(em, location.id);
    if (!schedules) throw new NotFoundError('Location');
    const [own] = (await ownConnectionIds(access, em)) ?? [];
    const availability = availabilityAt(scheduleFor(schedules, own ?? null), pauseOf(location), now);
    return toStoreStatusView(location, availability);
  }

  /**
   * Each marketplace the store status goes to (active connections with a storeStatusUrl), with the last
   * STORE_STATUS_CHANGED sent to it and what became of it: did it receive the pause or the reopening.
   */
  async marketplaces(access: LocationAccess): Promise<StoreStatusMarketplace[]> {
    await access.load();
    return sqlRows<StoreStatusMarketplace>(access.ctx.em, MARKETPLACE_OUTCOMES, [access.locationId, access.locationId]);
  }

  async get(access: LocationAccess): Promise<StoreStatusView> {
    return this.viewFor(access, access.ctx.em, await access.load(), this.clock.now());
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
