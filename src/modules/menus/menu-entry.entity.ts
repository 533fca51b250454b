import { ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Menu } from './menu.entity.js';

/**
 * What menu items and menu modifiers share: the menu they are in, their position in it, and the overrides
 * of docs/contract.md "Literal rules". name and price null mean the catalog record's, live; taxRateIdsOverride null
 * means the catalog record's taxRateIds are inherited.
 */
export abstract class MenuEntry<Optional = never> extends BaseEntity<
  Optional | 'name' | 'price' | 'taxRateIdsOverride' | 'position'
> {
  @ManyToOne(() => Menu, { deleteRule: 'cascade' })
  menu: Rel<Menu>;

  @Property({ type: 'text', nullable: true })
  name: string | null = null;

  @Property({ type: 'integer', nullable: true })
  price: number | null = null;

  @Property({ type: 'json', nullable: true })
  taxRateIdsOverride: string[] | null = null;

  /** Order in the menu: the order the catalog records were given in. */
  @Property({ type: 'integer' })
  position = 0;

  constructor(menu: Menu) {
    super();
    this.menu = menu;
  }
}
