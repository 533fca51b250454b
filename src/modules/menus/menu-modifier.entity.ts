import { DeferMode, Entity, Index, ManyToOne, Unique, type Rel } from '@mikro-orm/core';
import { MenuEntry } from './menu-entry.entity.js';
import { Modifier } from '../catalog/index.js';
import type { Menu } from './menu.entity.js';

/**
 * A menu modifier: one catalog modifier in one menu, with the same override rules as a menu item
 * (menu-item.entity.ts), and the same deferred reference so the menus hook sees catalog deletions.
 */
@Entity({ tableName: 'menu_modifiers' })
@Unique({ properties: ['menu', 'modifier'] })
@Index({ properties: ['modifier'] })
export class MenuModifier extends MenuEntry {
  @ManyToOne(() => Modifier, { deleteRule: 'no action', deferMode: DeferMode.INITIALLY_DEFERRED })
  modifier: Rel<Modifier>;

  constructor(menu: Menu, modifier: Modifier) {
    super(menu);
    this.modifier = modifier;
  }
}
