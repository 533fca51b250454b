import type { EntityManager } from '@mikro-orm/postgresql';
import { secretBox } from '../common/crypto.js';
import { uuidv7 } from '../common/ids.js';
import { maskCredentials } from '../common/mask.js';
import { sqlRows } from '../db/raw-sql.js';
import type { ApplicationKind } from '../common/principal.js';
import { DELIVERY_EVENT_TYPES, type DeliveryEventType, type EnqueueDeliveryInput } from './outbox.js';

// Every webhook body the hub sends is built here, so each event carries the same envelope
// (docs/contract.md "Calls the hub makes", and `WebhookEnvelope` in openapi.yaml): eventId (also the webhook-id header,
// stable across retries), eventType, objectType, eventTime, accountId, locationId, the receiving application's
// connectionId and `test` (an event about a test order, or a sample sent on request), then the event's own fields.

/** What each event type is about. */
export const OBJECT_TYPE_OF = {
  ORDER_CREATED: 'ORDER',
  ORDER_STATUS_CHANGED: 'ORDER',
  ORDER_UPDATED: 'ORDER',
  ORDER_OVERDUE: 'ORDER',
  MENU_PUBLISHED: 'MENU',
  MENU_UPDATED: 'MENU',
  STORE_STATUS_CHANGED: 'STORE_STATUS',
  OPENING_HOURS_CHANGED: 'OPENING_HOURS',
  ITEMS_SNOOZED: 'CATALOG_ITEMS',
  ITEMS_UNSNOOZED: 'CATALOG_ITEMS',
} as const satisfies Record<DeliveryEventType, string>;

type WebhookObjectType<T extends DeliveryEventType> = (typeof OBJECT_TYPE_OF)[T];

/** An application's URL fields that the hub calls with events. */
export type EventUrlField = 'webhookUrl' | 'menuPublicationUrl' | 'storeStatusUrl';

/**
 * Which kinds of application receive each event type, and at which of their URLs: read by everything that
 * addresses an event (a service choosing a receiver's URL, the engine re-reading it at each attempt, test events
 * offering each kind its samples). A new event type does not compile until it has its line here.
 */
export const RECEIVERS_OF = {
  ORDER_CREATED: { kinds: ['POS'], url: 'webhookUrl' },
  ORDER_STATUS_CHANGED: { kinds: ['POS', 'MARKETPLACE'], url: 'webhookUrl' },
  ORDER_UPDATED: { kinds: ['POS', 'MARKETPLACE'], url: 'webhookUrl' },
  ORDER_OVERDUE: { kinds: ['POS', 'MARKETPLACE'], url: 'webhookUrl' },
  MENU_PUBLISHED: { kinds: ['MARKETPLACE'], url: 'menuPublicationUrl' },
  MENU_UPDATED: { kinds: ['MARKETPLACE'], url: 'webhookUrl' },
  STORE_STATUS_CHANGED: { kinds: ['MARKETPLACE'], url: 'storeStatusUrl' },
  OPENING_HOURS_CHANGED: { kinds: ['MARKETPLACE'], url: 'webhookUrl' },
  ITEMS_SNOOZED: { kinds: ['MARKETPLACE'], url: 'webhookUrl' },
  ITEMS_UNSNOOZED: { kinds: ['MARKETPLACE'], url: 'webhookUrl' },
} as const satisfies Record<DeliveryEventType, { kinds: readonly ApplicationKind[]; url: EventUrlField }>;

/** The event types an application of this kind receives, in the order DELIVERY_EVENT_TYPES lists them. */
export function eventTypesOf(kind: ApplicationKind): DeliveryEventType[] {
  return DELIVERY_EVENT_TYPES.filter((type) => (RECEIVERS_OF[type].kinds as readonly ApplicationKind[]).includes(kind));
}

/** The URL a receiver gets this event type at (null: it has none, and reads the event from its feed). */
export function urlFor(
  eventType: DeliveryEventType,
  receiver: Partial<Record<EventUrlField, string | null>>,
): string | null {
  return receiver[RECEIVERS_OF[eventType].url] ?? null;
}

export interface WebhookEnvelope<T extends DeliveryEventType = DeliveryEventType> {
  eventId: string;
  eventType: T;
  objectType: WebhookObjectType<T>;
  /** RFC 3339: when the change happened. */
  eventTime: string;
  accountId: string;
  locationId: string;
  /** The receiving application's connection to the location. */
  connectionId: string;
  /** About a test order, or a sample event sent on request: a receiver may act on it, but nothing real happened. */
  test: boolean;
}

/**
 * Who receives the event: the application (its webhook secret signs it), through its connection, at this URL,
 * or, with no URL, from its event feed only.
 */
interface WebhookRecipient {
  applicationId: string;
  connectionId: string;
  url: string | null;
}

export interface WebhookEventInput<T extends DeliveryEventType, B extends object> {
  eventType: T;
  accountId: string;
  locationId: string;
  recipient: WebhookRecipient;
  /** The event's own fields, after the envelope. */
  body: B;
  /**
   * The connection's credentials, sent as `connection: {id, credentials}` to partners that need them to act on
   * the event (menus, store status). Credentials travel in the body only, never in URLs or logs; they are
   * stored sealed beside the payload, which keeps them masked, and put into the body only when it is sent
   * (withSealedCredentials).
   */
  credentials?: unknown;
  /** Events with one key reach one URL in the order they were enqueued (an order id, a menu, a location). */
  orderingKey?: string | null;
  /** One change reported to several receivers shares its time; defaults to now. */
  eventTime?: string;
  /** The envelope's `test`; default false. */
  test?: boolean;
}

export type WebhookBody<T extends DeliveryEventType, B extends object> = WebhookEnvelope<T> &
  B & { connection?: { id: string; credentials: unknown } };

/** The outbox input for one webhook event to one receiver, with a fresh eventId. */
export function webhookDelivery<T extends DeliveryEventType, B extends object>(
  input: WebhookEventInput<T, B>,
): EnqueueDeliveryInput & { payload: WebhookBody<T, B> } {
  const { recipient } = input;
  const envelope: WebhookEnvelope<T> = {
    eventId: uuidv7(),
    eventType: input.eventType,
    objectType: OBJECT_TYPE_OF[input.eventType],
    eventTime: input.eventTime ?? new Date().toISOString(),
    accountId: input.accountId,
    locationId: input.locationId,
    connectionId: recipient.connectionId,
    test: input.test ?? false,
  };
  const sealed = 'credentials' in input;
  const connection = sealed
    ? { connection: { id: recipient.connectionId, credentials: maskCredentials(input.credentials ?? null) } }
    : {};
  return {
    eventId: envelope.eventId,
    eventType: input.eventType,
    applicationId: recipient.applicationId,
    accountId: input.accountId,
    locationId: input.locationId,
    connectionId: recipient.connectionId,
    orderingKey: input.orderingKey ?? null,
    url: recipient.url,
    payload: { ...envelope, ...input.body, ...connection } as WebhookBody<T, B>,
    credentialsSealed: sealed ? secretBox().seal(JSON.stringify(input.credentials ?? null)) : null,
  };
}

/**
 * The body as it is sent: the stored payload with the connection's credentials opened into
 * `connection.credentials`. Only the worker calls this, just before signing, and the event feed as it answers the
 * receiving application itself; everything else that reads an event sees the stored, masked payload.
 */
export function withSealedCredentials(storedBody: string, credentialsSealed: string | null): string {
  if (!credentialsSealed) return storedBody;
  const body = JSON.parse(storedBody) as { connection?: { credentials?: unknown } };
  if (body.connection) body.connection.credentials = JSON.parse(secretBox().open(credentialsSealed));
  return JSON.stringify(body);
}

/**
 * A connection's new credentials, put into its deliveries that are still to be sent (PENDING, FAILED), in the
 * caller's transaction: what the partner receives next carries them. A delivery being sent, or already sent,
 * keeps the body it went out with. Only deliveries that carry credentials (`connection` in their body) change.
 * Found through the location's deliveries, which the location index narrows. Returns how many changed.
 */
export async function resealCredentials(
  em: EntityManager,
  locationId: string,
  connectionId: string,
  credentials: unknown,
): Promise<number> {
  const sealed = secretBox().seal(JSON.stringify(credentials ?? null));
  const changed = await sqlRows<{ id: string }>(
    em,
    `update deliveries set credentials_sealed = ?
      where location_id = ?::uuid and connection_id = ?::uuid and credentials_sealed is not null
        and status in ('PENDING', 'FAILED')
      returning id`,
    [sealed, locationId, connectionId],
  );
  return changed.length;
}
