import { Entity, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../db/base.entity.js';
import { Delivery } from './delivery.entity.js';

/** One HTTP attempt of a delivery, as the delivery log shows it. */
@Entity({ tableName: 'delivery_attempts' })
@Index({ properties: ['delivery', 'attemptNumber'] })
export class DeliveryAttempt extends BaseEntity {
  @ManyToOne(() => Delivery, { deleteRule: 'cascade' })
  delivery!: Rel<Delivery>;

  @Property({ type: 'int' })
  attemptNumber!: number;

  /** Where the attempt went: the application's URL for this kind of call at that moment (partner-urls.ts). */
  @Property({ type: 'text', nullable: true })
  url?: string | null;

  @Property({ type: 'timestamptz' })
  startedAt!: Date;

  /** The partner's HTTP status; null when no answer came (timeout, refused address, connection error). */
  @Property({ type: 'int', nullable: true })
  httpStatus?: number | null;

  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Property({ type: 'int' })
  latencyMs!: number;

  /** The first 1 KiB of the partner's answer. */
  @Property({ type: 'text', nullable: true })
  responseExcerpt?: string | null;
}
