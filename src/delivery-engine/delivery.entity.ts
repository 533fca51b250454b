import { Entity, Enum, Index, Property, Unique } from '@mikro-orm/core';
import { BaseEntity } from '../db/base.entity.js';

export const DELIVERY_STATUSES = ['PENDING', 'DELIVERING', 'DELIVERED', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One event on its way to one partner URL: the outbox row and the delivery log in one. Written by
 * enqueueDelivery (src/delivery-engine/outbox.ts) inside the transaction of the change that causes it, and moved on
 * by the worker (src/delivery-engine/worker.ts) with plain SQL: its hot path does not go through the identity map.
 */
@Entity({ tableName: 'deliveries' })
@Unique({ properties: ['applicationId', 'eventId'] })
@Index({ properties: ['locationId', 'createdAt', 'id'] })
@Index({ properties: ['applicationId', 'createdAt', 'id'] })
@Index({ properties: ['orderingKey', 'url', 'chainPosition'] })
// The queue (src/delivery-engine/claim.ts): due deliveries, the longest due first. Only PENDING, unheld rows
// are in it, so it stays as small as the queue however long the log grows (without it every claim read the
// whole log). A row is due at next_attempt_at (a retry) or, never attempted or replayed, at once.
@Index({
  name: 'deliveries_due',
  expression: `create index "deliveries_due" on "deliveries" ((coalesce("next_attempt_at", "created_at"))) where "status" = 'PENDING' and not "held"`,
})
// The same queue by endpoint (claim.ts, the claim behind a full window): an endpoint's longest-due rows,
// and the endpoints with queued work found one probe each, without reading another endpoint's backlog.
@Index({
  name: 'deliveries_due_by_endpoint',
  expression: `create index "deliveries_due_by_endpoint" on "deliveries" ("endpoint", (coalesce("next_attempt_at", "created_at"))) where "status" = 'PENDING' and not "held"`,
})
// What a hub process is sending (src/delivery-engine/reclaim.ts): only DELIVERING rows, so an attempt writes one
// entry, and the log's other rows none.
@Index({
  name: 'deliveries_delivering_by_process',
  expression: `create index "deliveries_delivering_by_process" on "deliveries" ("claimed_by") where "status" = 'DELIVERING'`,
})
// Housekeeping's retention delete (src/delivery-engine/retention.ts): the oldest DELIVERED rows, a batch at a
// time. Without it every batch read the whole log (513 ms a statement at 1M rows, 3.5 ms with it; bench/README.md).
@Index({
  name: 'deliveries_delivered_at',
  expression: `create index "deliveries_delivered_at" on "deliveries" ("delivered_at") where "status" = 'DELIVERED'`,
})
// The failed deliveries an order report counts per period (src/modules/reports): only FAILED rows, which are few.
@Index({
  name: 'deliveries_failed_by_location',
  expression: `create index "deliveries_failed_by_location" on "deliveries" ("location_id", "created_at") where "status" = 'FAILED'`,
})
export class Delivery extends BaseEntity {
  /** The webhook-id header: stable across every attempt and replay, so receivers deduplicate on it. */
  @Property({ type: 'uuid' })
  eventId!: string;

  /** ORDER_CREATED, ORDER_STATUS_CHANGED, MENU_PUBLISHED, MENU_UPDATED, STORE_STATUS_CHANGED, ... */
  @Property({ type: 'text' })
  eventType!: string;

  /** The receiving partner application; its webhook secret signs the request. */
  @Property({ type: 'uuid' })
  applicationId!: string;

  @Property({ type: 'uuid', nullable: true })
  accountId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  locationId?: string | null;

  @Property({ type: 'uuid', nullable: true })
  connectionId?: string | null;

  /** Deliveries with the same key to the same url go out one after the other, in creation order (an order id). */
  @Property({ type: 'text', nullable: true })
  orderingKey?: string | null;

  /** 1, 2, 3... within its chain (orderingKey + url), given under the chain's lock: the order of delivery. */
  @Property({ type: 'int', nullable: true })
  chainPosition?: number | null;

  @Property({ type: 'text' })
  url!: string;

  /** The url's origin: the unit of per-endpoint concurrency. */
  @Property({ type: 'text' })
  endpoint!: string;

  /** The exact JSON body sent: json, not jsonb, so its text (and so its signature) is kept byte for byte. */
  @Property({ type: 'json', columnType: 'json' })
  payload!: unknown;

  /** Connection credentials sealed with the SecretBox, opened into the body only when it is sent (webhook-event.ts); never read out. */
  @Property({ type: 'text', nullable: true, lazy: true, hidden: true })
  credentialsSealed?: string | null;

  @Enum({ items: () => [...DELIVERY_STATUSES], default: 'PENDING' })
  status!: DeliveryStatus;

  /** Waiting for an earlier delivery with the same orderingKey and url to finish; not due meanwhile. */
  @Property({ type: 'boolean', default: false })
  held!: boolean;

  /**
   * A later delivery of its chain was enqueued behind it while it was unfinished (or it was replayed): when it
   * finishes, the recording releases the chain's next one under the chain's lock (record-outcomes.ts).
   */
  @Property({ type: 'boolean', default: false })
  successorWaiting!: boolean;

  /** Attempts ever made, across replays. */
  @Property({ type: 'int', default: 0 })
  attemptCount!: number;

  /** Attempts since the delivery was enqueued or last replayed: the position in the retry schedule. */
  @Property({ type: 'int', default: 0 })
  roundAttempts!: number;

  /** The hub process delivering it while DELIVERING; a dead process's deliveries are handed back (reclaim). */
  @Property({ type: 'text', nullable: true })
  claimedBy?: string | null;

  /** When a PENDING delivery that failed is due again; null: due since it was enqueued (or replayed). */
  @Property({ type: 'timestamptz', nullable: true })
  nextAttemptAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  lastAttemptAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  deliveredAt?: Date | null;

  /** Why the last attempt failed (HTTP status or error), or why the delivery is FAILED. */
  @Property({ type: 'text', nullable: true })
  lastError?: string | null;

  /** The X-Request-Id of the request that caused the event, sent on with every attempt. */
  @Property({ type: 'text', nullable: true })
  requestId?: string | null;

  /** That request's W3C trace ("traceId-flags"), sent on as traceparent with every attempt. */
  @Property({ type: 'text', nullable: true })
  trace?: string | null;
}
