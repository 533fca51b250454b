import { Entity, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Connection } from '../connections/index.js';
import { Menu } from './menu.entity.js';

/**
 * A publication of a menu to a marketplace connection (docs/contract.md "Operations"). While its MENU_PUBLISHED
 * delivery is in the delivery log, it keeps no state of its own: its status, attempts and last error are the
 * delivery's, read through the join (the log is the one record of what happened on the wire).
 *
 * A publication outlives its delivery. The log's retention removes DELIVERED deliveries after
 * DELIVERY_RETENTION_DAYS, and the publication stays: it is the record of which marketplaces a menu went to
 * (MENU_UPDATED follows the latest publication of each, menu-updates.ts) and what the menu screen lists. So
 * `deliveryId` is a plain id, not a foreign key, and the retention statement copies the delivery's outcome
 * into the `settled*` columns as it deletes the delivery (src/delivery-engine/retention.ts).
 */
@Entity({ tableName: 'menu_publications' })
@Index({ properties: ['menu', 'createdAt', 'id'] })
@Index({ properties: ['connection'] })
@Unique({ properties: ['deliveryId'] })
export class MenuPublication extends BaseEntity<
  'settledStatus' | 'settledAttempts' | 'settledLastError' | 'settledPartnerAnswer' | 'settledDeliveredAt'
> {
  @ManyToOne(() => Menu, { deleteRule: 'cascade' })
  menu: Rel<Menu>;

  @ManyToOne(() => Connection, { deleteRule: 'cascade' })
  connection: Rel<Connection>;

  /** The MENU_PUBLISHED delivery; once the log's retention removed it, the id of a delivery no longer there. */
  @Property({ type: 'uuid' })
  deliveryId: string;

  /** The delivery's outcome, copied when the log's retention removed it; null while it is in the log. */
  @Property({ type: 'text', nullable: true })
  settledStatus: string | null = null;

  @Property({ type: 'int', nullable: true })
  settledAttempts: number | null = null;

  @Property({ type: 'text', nullable: true })
  settledLastError: string | null = null;

  @Property({ type: 'text', nullable: true })
  settledPartnerAnswer: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  settledDeliveredAt: Date | null = null;

  constructor(id: string, menu: Menu, connection: Connection, deliveryId: string) {
    super();
    this.id = id;
    this.menu = menu;
    this.connection = connection;
    this.deliveryId = deliveryId;
  }
}
