import { Entity, Index, Property, Unique } from '@mikro-orm/core';
import type { Location } from '../locations/index.js';
import { CatalogRecord } from './catalog-record.entity.js';
import type { PassThrough } from './catalog-fields.js';

/**
 * A catalog product (docs/contract.md "Records"). categories and modifierGroups hold posReferences of the location's
 * categories and modifier groups; taxRateIds hold tax-rate posReferences exactly as sent (a value matching
 * no rate is kept and relayed: docs/contract.md "Literal rules"). show_online false is "out of stock".
 */
@Entity({ tableName: 'products' })
@Unique({ properties: ['location', 'posReference'] })
@Index({ properties: ['location', 'createdAt', 'id'] })
// An order line that maps by nothing else is matched by its exact name (docs/contract.md "Literal rules"), on every
// placement.
@Index({ properties: ['location', 'name'] })
// What is snoozed at a location, and what its unsnooze job takes back at a time: a few rows, found without the rest.
@Index({
  name: 'products_snoozed',
  expression: `create index "products_snoozed" on "products" ("location_id", "snoozed_until") where "snoozed_until" is not null`,
})
export class Product extends CatalogRecord<
  'categories' | 'taxRateIds' | 'showOnline' | 'modifierGroups' | 'passThrough' | 'snoozedUntil'
> {
  /** Smallest unit of the location's currency. */
  @Property({ type: 'integer' })
  price: number;

  @Property({ type: 'json' })
  categories: string[] = [];

  @Property({ type: 'json' })
  taxRateIds: string[] = [];

  @Property({ type: 'boolean' })
  showOnline = true;

  /**
   * Snoozed: not for sale until then, when the hub takes it back by itself (snooze.service.ts). Apart from
   * showOnline, which only the POS's catalog changes; a catalog import keeps it.
   */
  @Property({ type: 'timestamptz', nullable: true })
  snoozedUntil: Date | null = null;

  @Property({ type: 'json' })
  modifierGroups: string[] = [];

  /**
   * The compatibility fields of docs/contract.md "Shapes existing clients send" (and description, imageUrl), returned
   * as received.
   */
  @Property({ type: 'json' })
  passThrough: PassThrough = {};

  constructor(location: Location, posReference: string, name: string, price: number) {
    super(location, posReference, name);
    this.price = price;
  }
}
