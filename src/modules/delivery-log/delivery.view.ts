import { readTrace } from '../../common/request-scope.js';
import type { DeliveryAttempt } from '../../delivery-engine/delivery-attempt.entity.js';
import type { Delivery } from '../../delivery-engine/delivery.entity.js';
import type { Shape } from '../../shapes/shape.js';
import { maskCredentials } from '../../common/mask.js';

// The one public shape of a delivery and its attempts, for REST and GraphQL alike. Lists leave out the
// payload and the attempts; the single record carries both.

type DeliveryAttemptView = Shape<'DeliveryAttempt'>;
export type DeliveryView = Shape<'Delivery'>;
export type DeliveryDetailView = Shape<'DeliveryDetail'>;

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
