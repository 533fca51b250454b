import { Entity, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Delivery } from '../../delivery-engine/delivery.entity.js';
import { Connection } from '../connections/connection.entity.js';
import { Menu } from './menu.entity.js';

/**
 * A publication of a menu to a marketplace connection (CONTRACT section 3). It keeps no state of its own:
 * its status, attempts and last error are those of its MENU_PUBLISHED delivery, read through the join (the
 * delivery log is the one record of what happened on the wire).
 */
@Entity({ tableName: 'menu_publications' })
@Index({ properties: ['menu', 'createdAt', 'id'] })
@Index({ properties: ['connection'] })
@Unique({ properties: ['delivery'] })
export class MenuPublication extends BaseEntity {
  @ManyToOne(() => Menu, { deleteRule: 'cascade' })
  menu: Rel<Menu>;

  @ManyToOne(() => Connection, { deleteRule: 'cascade' })
  connection: Rel<Connection>;

  @ManyToOne(() => Delivery, { deleteRule: 'cascade' })
  delivery: Rel<Delivery>;

  constructor(id: string, menu: Menu, connection: Connection, delivery: Delivery) {
    super();
    this.id = id;
    this.menu = menu;
    this.connection = connection;
    this.delivery = delivery;
  }
}
