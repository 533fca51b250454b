import type { EntityManager } from '@mikro-orm/postgresql';
import { enqueueDelivery, type DeliveryEventType } from '../../delivery-engine/outbox.js';
import { urlFor, webhookDelivery } from '../../delivery-engine/webhook-event.js';
import { activeConnectionsWithCredentials, type ActiveConnectionWithCredentials } from './active-connections.js';

// One event about a location to each of its active marketplace connections, each with its own body and its
// connection's credentials, through the outbox in the caller's transaction: what store status, opening hours
// and snoozes tell the marketplaces. A marketplace without the URL the event goes to gets it in its event feed
// only (GET /v1/events).

export interface MarketplaceEvent {
  eventType: DeliveryEventType;
  eventTime: string;
  accountId: string;
  locationId: string;
  /** Events with one key reach one marketplace URL in the order they were enqueued. */
  orderingKey: string;
  /** The event's fields for this marketplace; null: nothing to tell it. */
  bodyOf(connection: ActiveConnectionWithCredentials): object | null;
}

/** How many marketplaces the event was enqueued for. */
export async function sendToMarketplaces(em: EntityManager, event: MarketplaceEvent): Promise<number> {
  let sent = 0;
  for (const connection of await activeConnectionsWithCredentials(em, event.locationId)) {
    if (connection.kind !== 'MARKETPLACE') continue;
    const body = event.bodyOf(connection);
    if (!body) continue;
    // Where the event type goes (RECEIVERS_OF); without that URL, into the marketplace's event feed only.
    const url = urlFor(event.eventType, connection);
    await enqueueDelivery(
      em,
      webhookDelivery({
        eventType: event.eventType,
        eventTime: event.eventTime,
        accountId: event.accountId,
        locationId: event.locationId,
        recipient: { applicationId: connection.applicationId, connectionId: connection.connectionId, url },
        orderingKey: event.orderingKey,
        credentials: connection.credentials,
        body,
      }),
    );
    sent++;
  }
  return sent;
}
