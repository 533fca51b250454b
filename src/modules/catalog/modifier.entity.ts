import { Entity, Index, Property, Unique } from '@mikro-orm/core';
import type { Location } from '../locations/location.entity.js';
import { CatalogRecord } from './catalog-record.entity.js';
import type { PassThrough } from './catalog-fields.js';

/** A catalog modifier (docs/contract.md "Records"); modifier groups reference it by posReference or id. */
@Entity({ tableName: 'modifiers' })
@Unique({ properties: ['location', 'posReference'] })
@Index({ properties: ['location', 'createdAt', 'id'] })
// An order line that maps by nothing else is matched by its exact name (docs/contract.md "Literal rules"), on every
// placement.
@Index({ properties: ['location', 'name'] })
export class Modifier extends CatalogRecord<'taxRateIds' | 'showOnline' | 'passThrough'> {
  @Property({ type: 'integer' })
  price: number;

  @Property({ type: 'json' })
  taxRateIds: string[] = [];

  @Property({ type: 'boolean' })
  showOnline = true;

  @Property({ type: 'json' })
  passThrough: PassThrough = {};

  constructor(location: Location, posReference: string, name: string, price: number) {
    super(location, posReference, name);
    this.price = price;
  }
}
