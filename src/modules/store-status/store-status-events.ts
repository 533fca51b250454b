import type { EntityManager } from '@mikro-orm/postgresql';
import { enqueueDelivery } from '../../delivery-engine/outbox.js';
import { webhookDelivery } from '../../delivery-engine/webhook-event.js';
import { notifyLive } from '../../live/notify.js';
import { activeConnectionsWithCredentials } from '../connections/active-connections.js';
import type { Location } from '../locations/location.entity.js';
import { toStoreStatusView } from './store-status.view.js';

// STORE_STATUS_CHANGED (docs/contract.md "Calls the hub makes"): the store status of a location, to every connected
// marketplace's storeStatusUrl (or, without one, into its event feed), through the outbox in the caller's transaction.
// Sent by PUT store-status and by the resume at closedUntil (store-status-resume.ts).

/** One STORE_STATUS_CHANGED delivery per connected marketplace and a live signal (src/live), in the caller's transaction. */
export async function sendStoreStatus(em: EntityManager, location: Location): Promise<void> {
  await notifyLive(em, {
    topic: 'store-status',
    accountId: location.account.id,
    locationId: location.id,
    storeStatus: location.storeStatus,
  });
  const eventTime = new Date().toISOString();
  for (const connection of await activeConnectionsWithCredentials(em, location.id)) {
    if (connection.kind !== 'MARKETPLACE') continue;
    await enqueueDelivery(
      em,
      webhookDelivery({
        eventType: 'STORE_STATUS_CHANGED',
        eventTime,
        accountId: location.account.id,
        locationId: location.id,
        recipient: {
          applicationId: connection.applicationId,
          connectionId: connection.connectionId,
          url: connection.storeStatusUrl,
        },
        // A close and the reopening after it reach the marketplace in that order.
        orderingKey: `store-status:${location.id}`,
        credentials: connection.credentials,
        body: toStoreStatusView(location),
      }),
    );
  }
}
