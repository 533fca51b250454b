import type { DeliveryAttempt } from './delivery-attempt.entity.js';
import type { Delivery, DeliveryStatus } from './delivery.entity.js';

// The one public shape of a delivery and its attempts, for REST and GraphQL alike. Lists leave out the
// payload and the attempts; the single record carries both.

export interface DeliveryAttemptView {
  attemptNumber: number;
  startedAt: string;
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
    createdAt: delivery.createdAt.toISOString(),
    updatedAt: delivery.updatedAt.toISOString(),
  };
}

export function toDeliveryAttemptView(attempt: DeliveryAttempt): DeliveryAttemptView {
  return {
    attemptNumber: attempt.attemptNumber,
    startedAt: attempt.startedAt.toISOString(),
    httpStatus: attempt.httpStatus ?? null,
    error: attempt.error ?? null,
    latencyMs: attempt.latencyMs,
    responseExcerpt: attempt.responseExcerpt ?? null,
  };
}

export function toDeliveryDetailView(delivery: Delivery, attempts: DeliveryAttempt[]): DeliveryDetailView {
  return { ...toDeliveryView(delivery), payload: delivery.payload, attempts: attempts.map(toDeliveryAttemptView) };
}
