import { Entity, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Location } from '../locations/index.js';

/**
 * What the sandbox marketplace last received of one kind (a menu publication, a menu update, the store status,
 * an order status) at one of its connections: the body as it arrived, verified. The UI shows it, so an operator
 * sees what a marketplace would have been sent.
 */
@Entity({ tableName: 'sandbox_receipts' })
@Unique({ properties: ['connectionId', 'eventType'] })
export class SandboxReceipt extends BaseEntity {
  @Property({ type: 'uuid' })
  connectionId!: string;

  @ManyToOne(() => Location, { deleteRule: 'cascade', index: true })
  location!: Rel<Location>;

  @Property({ type: 'text' })
  eventType!: string;

  /** The webhook-id it came with. */
  @Property({ type: 'uuid' })
  eventId!: string;

  @Property({ type: 'json', columnType: 'json' })
  body!: unknown;
}
