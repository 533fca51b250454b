import type { EntityManager } from '@mikro-orm/postgresql';
import { assertLocationReachable, requireScope } from '../../common/access.js';
import { uuidv7 } from '../../common/ids.js';
import type { RequestContext } from '../../common/request-context.js';
import { sqlRows } from '../../db/raw-sql.js';
import { enqueueDelivery } from '../../delivery/outbox.js';
import { connectionWithCredentials } from '../connections/connection.service.js';
import type { Location } from '../locations/location.entity.js';
import { loadReachableLocation } from '../locations/location.service.js';
import { cancelResume, scheduleResume } from './store-status-resume.js';
import { checkStoreStatus, type StoreStatusInput } from './store-status.rules.js';
import { toStoreStatusView, type StoreStatusView } from './store-status.view.js';

/**
 * Store status (CONTRACT sections 3 and 7): PUT store-status changes the location's status and sends it to
 * every connected marketplace's storeStatusUrl through the outbox; an OFFLINE with closedUntil goes back
 * ONLINE by itself then (store-status-resume.ts).
 */
export class StoreStatusService {
  async set(ctx: RequestContext, accountId: string, locationId: string, input: StoreStatusInput): Promise<StoreStatusView> {
    assertLocationReachable(ctx, accountId, locationId);
    requireScope(ctx, 'locations.write');
    const change = checkStoreStatus(input, new Date());
    return ctx.em.transactional(async (em) => {
      const location = await loadReachableLocation({ ...ctx, em }, accountId, locationId, { lock: true });
      Object.assign(location, change);
      location.updatedAt = new Date();
      await em.flush();
      await sendStoreStatus(em, location);
      if (change.closedUntil) await scheduleResume(em, location.id, change.closedUntil);
      else await cancelResume(em, location.id);
      return toStoreStatusView(location);
    });
  }

  async get(ctx: RequestContext, accountId: string, locationId: string): Promise<StoreStatusView> {
    assertLocationReachable(ctx, accountId, locationId);
    requireScope(ctx, 'locations.read');
    return toStoreStatusView(await loadReachableLocation(ctx, accountId, locationId));
  }
}

const MARKETPLACES = `
  SELECT c.id, a.id AS "applicationId", a.store_status_url AS url
    FROM connections c JOIN applications a ON a.id = c.application_id
   WHERE c.location_id = ?::uuid AND c.status = 'ACTIVE' AND a.kind = 'MARKETPLACE' AND a.store_status_url IS NOT NULL
   ORDER BY c.created_at, c.id`;

/** One STORE_STATUS_CHANGED delivery per connected marketplace, in the caller's transaction. */
export async function sendStoreStatus(em: EntityManager, location: Location): Promise<void> {
  const connections = await sqlRows<{ id: string; applicationId: string; url: string }>(em, MARKETPLACES, [location.id]);
  for (const connection of connections) {
    const { credentials } = await connectionWithCredentials(em, connection.id);
    const eventId = uuidv7();
    const ids = { connectionId: connection.id, accountId: location.account.id, locationId: location.id };
    await enqueueDelivery(em, {
      eventId,
      eventType: 'STORE_STATUS_CHANGED',
      applicationId: connection.applicationId,
      ...ids,
      // A close and the reopening after it reach the marketplace in that order.
      orderingKey: `store-status:${location.id}`,
      url: connection.url,
      payload: { eventId, eventType: 'STORE_STATUS_CHANGED', ...ids, ...toStoreStatusView(location), connection: { id: connection.id, credentials } },
    });
  }
}
