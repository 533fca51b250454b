import { Entity, Index, Property, Unique } from '@mikro-orm/core';
import { SellableRecord } from './sellable-record.entity.js';

/**
 * A catalog product (docs/contract.md "Records"). categories and modifierGroups hold posReferences of the location's
 * categories and modifier groups.
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
export class Product extends SellableRecord<'categories' | 'modifierGroups'> {
  @Property({ type: 'json' })
  categories: string[] = [];

  @Property({ type: 'json' })
  modifierGroups: string[] = [];
}
