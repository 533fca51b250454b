import { DeferMode, Entity, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Product } from '../catalog/product.entity.js';
import { Menu } from './menu.entity.js';

/**
 * A menu item: one catalog product in one menu. name and price are overrides (null: the product's, live);
 * taxRateIdsOverride null means the item inherits the product's taxRateIds (CONTRACT section 8).
 *
 * The product reference is checked at commit (deferred, no action) rather than cascaded: the catalog deletes
 * a product, then the menus hook (menu-catalog-hook.ts) removes its items in the same transaction and learns
 * which menus changed, which a cascade would have hidden from it.
 */
@Entity({ tableName: 'menu_items' })
@Unique({ properties: ['menu', 'product'] })
@Index({ properties: ['product'] })
export class MenuItem extends BaseEntity<'name' | 'price' | 'taxRateIdsOverride' | 'modifierGroups' | 'position'> {
  @ManyToOne(() => Menu, { deleteRule: 'cascade' })
  menu: Rel<Menu>;

  @ManyToOne(() => Product, { deleteRule: 'no action', deferMode: DeferMode.INITIALLY_DEFERRED })
  product: Rel<Product>;

  @Property({ type: 'text', nullable: true })
  name: string | null = null;

  @Property({ type: 'integer', nullable: true })
  price: number | null = null;

  @Property({ type: 'json', nullable: true })
  taxRateIdsOverride: string[] | null = null;

  /** The product's modifier group posReferences, copied when the item was made. */
  @Property({ type: 'json' })
  modifierGroups: string[] = [];

  /** Order in the menu: the order the products were given in. */
  @Property({ type: 'integer' })
  position = 0;

  constructor(menu: Menu, product: Product) {
    super();
    this.menu = menu;
    this.product = product;
  }
}
