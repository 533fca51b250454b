import type { EntityManager } from '@mikro-orm/postgresql';
import { notifyLive } from '../../live/notify.js';
import { availabilityAt, readSchedules, scheduleFor } from '../availability/index.js';
import { sendToMarketplaces } from '../connections/index.js';
import type { Location } from '../locations/index.js';
import { pauseOf, toStoreStatusView } from './store-status.view.js';

// STORE_STATUS_CHANGED (docs/contract.md "Calls the hub makes"): the store status of a location, to every connected
// marketplace's storeStatusUrl (or, without one, into its event feed), through the outbox in the caller's
// transaction. Each marketplace is told whether the location is open by the hours that apply to it (its
// override, else the location's). Sent by PUT store-status and busy-mode, and by the jobs that end a pause and a
// busy mode (store-status-timers.ts).

/** One STORE_STATUS_CHANGED delivery per connected marketplace and a live signal (src/live), in the caller's transaction. */
export async function sendStoreStatus(em: EntityManager, location: Location, now: Date): Promise<void> {
  await notifyLive(em, {
    topic: 'store-status',
    accountId: location.account.id,
    locationId: location.id,
    storeStatus: location.storeStatus,
  });
  const schedules = await readSchedules(em, location.id);
  if (!schedules) return;
  await sendToMarketplaces(em, {
    eventType: 'STORE_STATUS_CHANGED',
    eventTime: now.toISOString(),
    accountId: location.account.id,
    locationId: location.id,
    // A close and the reopening after it reach the marketplace in that order.
    orderingKey: `store-status:${location.id}`,
    bodyOf: ({ connectionId }) =>
      toStoreStatusView(location, availabilityAt(scheduleFor(schedules, connectionId), pauseOf(location), now)),
  });
}
