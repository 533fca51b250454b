import { readTrace } from '../../common/request-scope.js';
import type { DeliveryAttempt } from '../../delivery-engine/delivery-attempt.entity.js';
import type { Delivery, DeliveryStatus } from '../../delivery-engine/delivery.entity.js';
import { maskCredentials } from '../../common/mask.js';

// The one public shape of a delivery and its attempts, for REST and GraphQL alike. Lists leave out the
// payload and the attempts; the single record carries both.

interface DeliveryAttemptView {
  attemptNumber: number;
  startedAt: string;
  /** Where this attempt went: the application's URL for this kind of call at that moment. */
  url: string | null;
  httpStatus: number | null;
  error: string | null;
  latencyMs: number;
  responseExcerpt: string | null;
}

export interface DeliveryView {
  id: string;
  eventId: string;
  eventType: string;
  applicationId: string;
  accountId: string | null;
  locationId: string | null;
  connectionId: string | null;
  orderingKey: string | null;
  url: string;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  deliveredAt: string | null;
  lastError: string | null;
  /** The request that caused the event (X-Request-Id) and its W3C trace id, both sent on to the partner. */
  requestId: string | null;
  traceId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryDetailView extends DeliveryView {
  payload: unknown;
  attempts: DeliveryAttemptView[];
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function toDeliveryView(delivery: Delivery): DeliveryView {
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    applicationId: delivery.applicationId,
    accountId: delivery.accountId ?? null,
    locationId: delivery.locationId ?? null,
    connectionId: delivery.connectionId ?? null,
    orderingKey: delivery.orderingKey ?? null,
    url: delivery.url,
    status: delivery.status,
    attemptCount: delivery.attemptCount,
    nextAttemptAt: iso(delivery.nextAttemptAt),
    lastAttemptAt: iso(delivery.lastAttemptAt),
    deliveredAt: iso(delivery.deliveredAt),
    lastError: delivery.lastError ?? null,
    requestId: delivery.requestId ?? null,
    traceId: readTrace(delivery.trace)?.traceId ?? null,
    createdAt: delivery.createdAt.toISOString(),
    updatedAt: delivery.updatedAt.toISOString(),
  };
}

function toDeliveryAttemptView(attempt: DeliveryAttempt): DeliveryAttemptView {
  return {
    attemptNumber: attempt.attemptNumber,
    startedAt: attempt.startedAt.toISOString(),
    url: attempt.url ?? null,
    httpStatus: attempt.httpStatus ?? null,
    error: attempt.error ?? null,
    latencyMs: attempt.latencyMs,
    responseExcerpt: attempt.responseExcerpt ?? null,
  };
}

/**
 * The body as sent, with every `credentials` object in it masked as connections show them: a delivery log
 * is read by operators who must not learn a partner's keys from it. Payloads stored since credentials are
 * sealed apart (src/delivery-engine/webhook-event.ts) hold them masked already, and masking is idempotent;
 * older rows held them in clear.
 */
function maskedPayload(payload: unknown): unknown {
  if (Array.isArray(payload)) return payload.map(maskedPayload);
  if (payload === null || typeof payload !== 'object') return payload;
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      key === 'credentials' ? maskCredentials(value) : maskedPayload(value),
    ]),
  );
}

export function toDeliveryDetailView(delivery: Delivery, attempts: DeliveryAttempt[]): DeliveryDetailView {
  return {
    ...toDeliveryView(delivery),
    payload: maskedPayload(delivery.payload),
    attempts: attempts.map(toDeliveryAttemptView),
  };
}
