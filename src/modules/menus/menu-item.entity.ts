import { DeferMode, Entity, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { MenuEntry } from './menu-entry.entity.js';
import { Product } from '../catalog/index.js';
import type { Menu } from './menu.entity.js';

/**
 * A menu item: one catalog product in one menu. name and price are overrides (null: the product's, live);
 * taxRateIdsOverride null means the item inherits the product's taxRateIds (docs/contract.md "Literal rules").
 *
 * The product reference is checked at commit (deferred, no action) rather than cascaded: the catalog deletes
 * a product, then the menus listener (menu-change-listener.ts) removes its items in the same transaction and learns
 * which menus changed, which a cascade would have hidden from it.
 */
@Entity({ tableName: 'menu_items' })
@Unique({ properties: ['menu', 'product'] })
@Index({ properties: ['product'] })
export class MenuItem extends MenuEntry<'modifierGroups'> {
  @ManyToOne(() => Product, { deleteRule: 'no action', deferMode: DeferMode.INITIALLY_DEFERRED })
  product: Rel<Product>;

  /** The product's modifier group posReferences, copied when the item was made. */
  @Property({ type: 'json' })
  modifierGroups: string[] = [];

  constructor(menu: Menu, product: Product) {
    super(menu);
    this.product = product;
  }
}
