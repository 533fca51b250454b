import type { EnqueueDeliveryInput } from '../../delivery-engine/outbox.js';
import { urlFor, webhookDelivery, type WebhookEnvelope } from '../../delivery-engine/webhook-event.js';
import type { AfterDeadline } from '../locations/index.js';
import type { OrderParty } from './order-parties.js';
import type { OrderView } from './order.view.js';

// ORDER_OVERDUE (openapi.yaml `webhooks`): an order still NEW at its acceptance deadline, told to the location's
// POS and to the marketplace that placed it, before the hub does what the location says. Ordered with the
// order's other events (the order id is the ordering key), so a rejection at the deadline arrives after it.

/** The event as openapi.yaml documents it (`OrderOverdueEvent`): the envelope, then these fields. */
interface OrderOverdueEvent extends WebhookEnvelope<'ORDER_OVERDUE'> {
  clientId: string;
  orderId: string;
  /** RFC 3339: the deadline the order was placed with. */
  acceptBy: string;
  /** What the hub does next: nothing, reject the order, or accept it (ORDER_STATUS_CHANGED follows). */
  afterDeadline: AfterDeadline;
  /** The order at its deadline (still NEW, with its overdueAt). */
  order: OrderView;
}

export function orderOverdueEvents(
  receivers: readonly OrderParty[],
  order: OrderView,
  afterDeadline: AfterDeadline,
): EnqueueDeliveryInput[] {
  const eventTime = new Date().toISOString();
  return receivers.map((party) =>
    webhookDelivery({
      eventType: 'ORDER_OVERDUE',
      eventTime,
      accountId: order.accountId,
      locationId: order.locationId,
      recipient: {
        applicationId: party.applicationId,
        connectionId: party.connectionId,
        url: urlFor('ORDER_OVERDUE', party),
      },
      orderingKey: order.id,
      test: order.test,
      body: {
        clientId: order.clientId,
        orderId: order.id,
        acceptBy: order.acceptBy as string,
        afterDeadline,
        order,
      } satisfies Omit<OrderOverdueEvent, keyof WebhookEnvelope>,
    }),
  );
}
