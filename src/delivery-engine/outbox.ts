import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../db/raw-sql.js';
import { uuidv7 } from '../common/ids.js';
import { currentRequestScope, formatTrace } from '../common/request-scope.js';
import { CHAIN_LOCK_SQL, forKnex } from './chain-locks.js';
import { endpointOf } from './queue.js';

// The outbox (docs/contract.md "Calls the hub makes"): a service calls enqueueDelivery inside its own transaction, next
// to the change that causes the event. The delivery row is written on that transaction's connection, so it commits
// with the change or not at all: no event without the change, no change without its event. The row is the
// queue entry itself (queue.ts); its insert's NOTIFY fires on commit and wakes a worker within milliseconds.
// The same statement writes the event into the receiving application's feed (application-event.entity.ts),
// also when the application has no URL for it: it then reads the event from GET /v1/events only. A change
// written outside a transaction, in one statement with its events, goes through ChangeWithEvents
// (change-with-events.ts).

/**
 * Event types of docs/contract.md "Shapes existing clients send" and "Calls the hub makes" (consumers ignore unknown
 * ones, so v1 may add more here). Bodies are built by webhookDelivery (webhook-event.ts).
 */
export const DELIVERY_EVENT_TYPES = [
  'ORDER_CREATED',
  'ORDER_STATUS_CHANGED',
  'ORDER_UPDATED',
  'ORDER_OVERDUE',
  'MENU_PUBLISHED',
  'MENU_UPDATED',
  'STORE_STATUS_CHANGED',
  'OPENING_HOURS_CHANGED',
  'ITEMS_SNOOZED',
  'ITEMS_UNSNOOZED',
] as const;
export type DeliveryEventType = (typeof DELIVERY_EVENT_TYPES)[number];

export interface EnqueueDeliveryInput {
  /** The webhook-id: stable across retries; generated (UUID v7) when omitted. Unique per application. */
  eventId?: string;
  eventType: DeliveryEventType;
  /** The receiving application: its webhook secret signs the request; it sees this delivery in its log. */
  applicationId: string;
  accountId?: string | null;
  locationId?: string | null;
  connectionId?: string | null;
  /**
   * Deliveries with the same key to the same URL reach the partner in the order they were enqueued: a later
   * one waits until the earlier one is DELIVERED or FAILED. Orders use their order id.
   */
  orderingKey?: string | null;
  /**
   * The partner's webhookUrl, menuPublicationUrl or storeStatusUrl; null when the application has none for this
   * event: it is then written to the application's event feed only.
   */
  url: string | null;
  /** The JSON body, sent exactly as given (but for sealed credentials, below). */
  payload: unknown;
  /**
   * Connection credentials sealed with the SecretBox (webhookDelivery): opened into the payload's
   * `connection.credentials` only when the request is sent, so the stored payload never holds them.
   */
  credentialsSealed?: string | null;
}

export interface EnqueuedDelivery {
  id: string;
  eventId: string;
}

/** An event enqueued: its delivery, or null for one without a URL (in the feed only). */
export interface EnqueuedEvent {
  id: string | null;
  eventId: string;
}

/**
 * One statement: the event in the application's feed and, with a URL, the delivery row, and for a chain its
 * position and whether it waits behind an unfinished delivery (held; otherwise due at once). The unfinished ones
 * are marked successor_waiting by the same statement, so that recording one of them as finished releases the
 * next (record-outcomes.ts explains the handshake). createdAt in milliseconds, like every createdAt, so the
 * keyset paging of the log compares exactly what it stored.
 * $1 id, $2 event id, $3 type, $4 application, $5 account, $6 location, $7 connection, $8 ordering key,
 * $9 url (null: the feed only), $10 endpoint, $11 payload, $12 request id, $13 trace, $14 sealed credentials.
 */
export const ENQUEUE_SQL = `with waited_on as (
       update deliveries set successor_waiting = true
        where $8::text is not null and ordering_key = $8::text and url = $9::text and status in ('PENDING', 'DELIVERING')
       returning 1),
     fed as (
       insert into application_events (application_id, event_id, event_type, payload, credentials_sealed)
       values ($4, $2, $3, $11::json, $14))
     insert into deliveries (id, created_at, updated_at, event_id, event_type, application_id, account_id, location_id, connection_id,
       ordering_key, chain_position, url, endpoint, payload, status, held, request_id, trace, credentials_sealed)
     select $1, date_trunc('milliseconds', clock_timestamp()), date_trunc('milliseconds', clock_timestamp()),
            $2, $3, $4, $5, $6, $7, $8::text,
            case when $8::text is null then null
                 else coalesce((select max(chain_position) from deliveries where ordering_key = $8::text and url = $9::text), 0) + 1 end,
            $9::text, $10, $11::json, 'PENDING',
            exists(select 1 from waited_on),
            $12, $13, $14
      where $9::text is not null`;

/**
 * Writes the delivery in the caller's transaction. Must be called inside `em.transactional`
 * (or with an em forked inside one); it refuses to run outside, where the event could outlive a rolled
 * back change.
 */
export async function enqueueDelivery(
  em: EntityManager,
  input: EnqueueDeliveryInput & { url: string },
): Promise<EnqueuedDelivery>;
export async function enqueueDelivery(em: EntityManager, input: EnqueueDeliveryInput): Promise<EnqueuedEvent>;
export async function enqueueDelivery(em: EntityManager, input: EnqueueDeliveryInput): Promise<EnqueuedEvent> {
  if (!em.isInTransaction())
    throw new Error('enqueueDelivery must run inside the transaction of the change that causes the event');
  const id = uuidv7();
  const eventId = input.eventId ?? uuidv7();
  const endpoint = input.url === null ? null : endpointOf(input.url);
  if (input.orderingKey && input.url !== null) {
    // Under the chain lock, enqueuers of one chain take their turns: positions are given in order, and
    // a release (which runs under the same lock) never interleaves with an insert. The lock is a statement of
    // its own: the insert's snapshot must be taken after the lock is granted.
    await sqlRows(em, ...forKnex(CHAIN_LOCK_SQL, [input.orderingKey, input.url]));
  }
  const origin = requestOrigin();
  // Bound as parameters (sqlRows), not inlined into the SQL text as em.execute does: a menu export of a few
  // MiB took 300 ms to escape and parse as a literal.
  await sqlRows(
    em,
    ...forKnex(ENQUEUE_SQL, [
      id,
      eventId,
      input.eventType,
      input.applicationId,
      input.accountId ?? null,
      input.locationId ?? null,
      input.connectionId ?? null,
      input.orderingKey ?? null,
      input.url,
      endpoint,
      JSON.stringify(input.payload ?? null),
      origin.request_id,
      origin.trace,
      input.credentialsSealed ?? null,
    ]),
  );
  return { id: input.url === null ? null : id, eventId };
}

/** The request whose change causes the event (none for the worker's own, such as a store's reopening). */
export function requestOrigin(): { request_id: string | null; trace: string | null } {
  const scope = currentRequestScope();
  return { request_id: scope?.requestId ?? null, trace: scope ? formatTrace(scope.trace) : null };
}
