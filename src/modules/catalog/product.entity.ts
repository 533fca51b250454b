import { Entity, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Location } from '../locations/location.entity.js';
import type { PassThrough } from './catalog-fields.js';

/**
 * A catalog product (CONTRACT section 4). categories and modifierGroups hold posReferences of the location's
 * categories and modifier groups; taxRateIds hold tax-rate posReferences exactly as sent (a value matching
 * no rate is kept and relayed: SPEC "Tax references"). show_online false is "out of stock".
 */
@Entity({ tableName: 'products' })
@Unique({ properties: ['location', 'posReference'] })
@Index({ properties: ['location', 'createdAt', 'id'] })
export class Product extends BaseEntity<'categories' | 'taxRateIds' | 'showOnline' | 'modifierGroups' | 'position' | 'passThrough'> {
  @ManyToOne(() => Location, { deleteRule: 'cascade' })
  location: Rel<Location>;

  @Property({ type: 'text' })
  posReference: string;

  @Property({ type: 'text' })
  name: string;

  /** Smallest unit of the location's currency. */
  @Property({ type: 'integer' })
  price: number;

  @Property({ type: 'json' })
  categories: string[] = [];

  @Property({ type: 'json' })
  taxRateIds: string[] = [];

  @Property({ type: 'boolean' })
  showOnline = true;

  @Property({ type: 'json' })
  modifierGroups: string[] = [];

  @Property({ type: 'integer' })
  position = 0;

  /** The compatibility fields of CONTRACT section 5 (and description, imageUrl), returned as received. */
  @Property({ type: 'json' })
  passThrough: PassThrough = {};

  constructor(location: Location, posReference: string, name: string, price: number) {
    super();
    this.location = location;
    this.posReference = posReference;
    this.name = name;
    this.price = price;
  }
}
