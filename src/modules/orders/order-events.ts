import type { EnqueueDeliveryInput } from '../../delivery/outbox.js';
import { uuidv7 } from '../../common/ids.js';
import type { OrderParty } from './order-parties.js';
import type { OrderView } from './order.view.js';

// OrderWebhookEvent (CONTRACT section 5) and its way out: a row of the durable outbox written in the
// transaction of the order change (CONTRACT section 7), with the order id as ordering key so one order's
// events reach each partner in the order they happened.

export type OrderEventType = 'ORDER_CREATED' | 'ORDER_STATUS_CHANGED' | 'ORDER_UPDATED';

export interface OrderWebhookEvent {
  /** Also the webhook-id header: stable across retries, receivers deduplicate on it. */
  eventId: string;
  eventType: OrderEventType;
  objectType: 'ORDER';
  eventTime: string;
  accountId: string;
  locationId: string;
  /** The receiving application's connection to the location. */
  connectionId: string;
  /** The marketplace's client id (the order's clientId). */
  clientId: string;
  orderId: string;
  newState: OrderView;
  previousState: OrderView | null;
}

/**
 * One event per receiving party, each with its own eventId (a webhook-id is unique per receiver), ready for the
 * outbox. Parties without a webhookUrl receive nothing.
 */
export function orderEvents(
  eventType: OrderEventType,
  receivers: readonly OrderParty[],
  newState: OrderView,
  previousState: OrderView | null,
): EnqueueDeliveryInput[] {
  const eventTime = new Date().toISOString();
  return receivers.flatMap((party) => {
    if (!party.webhookUrl) return [];
    const event: OrderWebhookEvent = {
      eventId: uuidv7(),
      eventType,
      objectType: 'ORDER',
      eventTime,
      accountId: newState.accountId,
      locationId: newState.locationId,
      connectionId: party.connectionId,
      clientId: newState.clientId,
      orderId: newState.id,
      newState,
      previousState,
    };
    return [{
      eventId: event.eventId,
      eventType,
      applicationId: party.applicationId,
      accountId: event.accountId,
      locationId: event.locationId,
      connectionId: party.connectionId,
      orderingKey: newState.id,
      url: party.webhookUrl,
      payload: event,
    }];
  });
}
