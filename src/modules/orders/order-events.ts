import type { EnqueueDeliveryInput } from '../../delivery-engine/outbox.js';
import { urlFor, webhookDelivery, type WebhookEnvelope } from '../../delivery-engine/webhook-event.js';
import type { OrderParty } from './order-parties.js';
import type { OrderView } from './order.view.js';

// OrderWebhookEvent (docs/contract.md "Shapes existing clients send") and its way out: a row of the durable outbox
// written in the transaction of the order change (docs/contract.md "Calls the hub makes"), with the order id as
// ordering key so one order's events reach each partner in the order they happened.

export type OrderEventType = 'ORDER_CREATED' | 'ORDER_STATUS_CHANGED' | 'ORDER_UPDATED';

interface OrderWebhookEvent extends WebhookEnvelope<OrderEventType> {
  /** The marketplace's client id (the order's clientId). */
  clientId: string;
  orderId: string;
  newState: OrderView;
  previousState: OrderView | null;
}

/** What an order event carries besides the envelope every webhook has. */
type OrderEventBody = Omit<OrderWebhookEvent, keyof WebhookEnvelope<OrderEventType>>;

/**
 * One event per receiving party, each with its own eventId (a webhook-id is unique per receiver), ready for the
 * outbox. A party without a webhookUrl gets it in its event feed only.
 */
export function orderEvents(
  eventType: OrderEventType,
  receivers: readonly OrderParty[],
  newState: OrderView,
  previousState: OrderView | null,
): EnqueueDeliveryInput[] {
  const eventTime = new Date().toISOString();
  return receivers.map((party) =>
    webhookDelivery({
      eventType,
      eventTime,
      accountId: newState.accountId,
      locationId: newState.locationId,
      recipient: {
        applicationId: party.applicationId,
        connectionId: party.connectionId,
        url: urlFor(eventType, party),
      },
      orderingKey: newState.id,
      test: newState.test,
      body: { clientId: newState.clientId, orderId: newState.id, newState, previousState } satisfies OrderEventBody,
    }),
  );
}
