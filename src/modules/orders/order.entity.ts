import { Entity, Enum, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Location } from '../locations/index.js';
import type { Shape } from '../../shapes/shape.js';
import { ORDER_STATUSES, type OrderReason, type OrderStatus } from './order-status.js';

export type StatusChange = Shape<'OrderStatusChange'>;

/**
 * The location as it was when the order was placed, kept with the order: name, currency, timezone and every tax
 * rate it had then (not only those the order's taxRateIds name), so the references resolve as at placement.
 */
export type OrderLocation = Shape<'OrderLocation'>;

/**
 * An order placed by a marketplace (docs/contract.md "Shapes existing clients send"). What the hub filters and changes
 * has its own column; the marketplace's body (items and options with their resolved taxRateIds, amounts as sent, the
 * compatibility fields) is kept whole in `details`. One order per (marketplace application, externalId): the unique
 * index is what makes simultaneous identical placements create one order.
 */
@Entity({ tableName: 'orders' })
@Unique({ properties: ['applicationId', 'externalId'] })
@Index({ properties: ['location', 'createdAt', 'id'] })
@Index({ properties: ['location', 'status', 'createdAt', 'id'] })
// A live order board polls for the orders changed since its last look.
@Index({ properties: ['location', 'updatedAt'] })
export class Order extends BaseEntity<
  | 'status'
  | 'cancellationReason'
  | 'cancelledBy'
  | 'acceptedAt'
  | 'rejectedAt'
  | 'completedAt'
  | 'cancelledAt'
  | 'connectionId'
  | 'test'
> {
  @ManyToOne(() => Location, { deleteRule: 'cascade' })
  location: Rel<Location>;

  @Property({ type: 'uuid' })
  accountId: string;

  /** The marketplace application that placed it: it alone (of the marketplaces) sees and cancels it. */
  @Property({ type: 'uuid' })
  applicationId: string;

  /** The marketplace's connection to the location at placement. */
  @Property({ type: 'uuid', nullable: true })
  connectionId: string | null = null;

  /** The marketplace's OAuth client id. */
  @Property({ type: 'text' })
  clientId: string;

  /** The marketplace's name. */
  @Property({ type: 'text' })
  sourceName: string;

  @Property({ type: 'text' })
  externalId: string;

  /**
   * A test order (placed by the sandbox marketplace): it flows like any other and is marked `test` on the
   * board, in the order and in its events, and it never counts in a figure (reports, home, metrics).
   */
  @Property({ type: 'boolean', default: false })
  test: boolean = false;

  @Enum({ items: () => [...ORDER_STATUSES] })
  status: OrderStatus = 'NEW';

  @Property({ type: 'text', nullable: true })
  cancellationReason: OrderReason | null = null;

  @Property({ type: 'text', nullable: true })
  /** Who cancelled: a party or an operator (the hub itself never cancels). */
  cancelledBy: Exclude<StatusChange['by'], 'HUB'> | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  acceptedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  rejectedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  completedAt: Date | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  cancelledAt: Date | null = null;

  @Property({ type: 'json' })
  statusHistory: StatusChange[];

  /**
   * The order body of docs/contract.md "Shapes existing clients send" as the marketplace sent it, with the resolved
   * taxRateIds.
   */
  @Property({ type: 'json' })
  details: Record<string, unknown>;

  @Property({ type: 'json' })
  locationSnapshot: OrderLocation;

  constructor(fields: {
    id: string;
    location: Location;
    accountId: string;
    applicationId: string;
    connectionId: string | null;
    clientId: string;
    sourceName: string;
    externalId: string;
    statusHistory: StatusChange[];
    details: Record<string, unknown>;
    locationSnapshot: OrderLocation;
  }) {
    super();
    Object.assign(this, fields);
  }
}
