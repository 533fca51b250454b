import { Entity, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Location } from '../locations/index.js';

/**
 * A menu of a location (docs/contract.md "Records"), built from catalog products. Its items and menu modifiers are
 * rows of their own (menu-item.entity.ts, menu-modifier.entity.ts) that point at the catalog records, so
 * show_online, and taxRateIds without an override, are the catalog's, live.
 */
@Entity({ tableName: 'menus' })
@Index({ properties: ['location', 'createdAt', 'id'] })
export class Menu extends BaseEntity<'description'> {
  @ManyToOne(() => Location, { deleteRule: 'cascade' })
  location: Rel<Location>;

  @Property({ type: 'text' })
  name: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  constructor(location: Location, name: string) {
    super();
    this.location = location;
    this.name = name;
  }
}
