import { DeferMode, Entity, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Modifier } from '../catalog/modifier.entity.js';
import { Menu } from './menu.entity.js';

/**
 * A menu modifier: one catalog modifier in one menu, with the same override rules as a menu item
 * (menu-item.entity.ts), and the same deferred reference so the menus hook sees catalog deletions.
 */
@Entity({ tableName: 'menu_modifiers' })
@Unique({ properties: ['menu', 'modifier'] })
@Index({ properties: ['modifier'] })
export class MenuModifier extends BaseEntity<'name' | 'price' | 'taxRateIdsOverride' | 'position'> {
  @ManyToOne(() => Menu, { deleteRule: 'cascade' })
  menu: Rel<Menu>;

  @ManyToOne(() => Modifier, { deleteRule: 'no action', deferMode: DeferMode.INITIALLY_DEFERRED })
  modifier: Rel<Modifier>;

  @Property({ type: 'text', nullable: true })
  name: string | null = null;

  @Property({ type: 'integer', nullable: true })
  price: number | null = null;

  @Property({ type: 'json', nullable: true })
  taxRateIdsOverride: string[] | null = null;

  @Property({ type: 'integer' })
  position = 0;

  constructor(menu: Menu, modifier: Modifier) {
    super();
    this.menu = menu;
    this.modifier = modifier;
  }
}
