import { Entity, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Location } from '../locations/location.entity.js';
import type { PassThrough } from './catalog-fields.js';

/** A catalog modifier (CONTRACT section 4); modifier groups reference it by posReference or id. */
@Entity({ tableName: 'modifiers' })
@Unique({ properties: ['location', 'posReference'] })
@Index({ properties: ['location', 'createdAt', 'id'] })
export class Modifier extends BaseEntity<'taxRateIds' | 'showOnline' | 'position' | 'passThrough'> {
  @ManyToOne(() => Location, { deleteRule: 'cascade' })
  location: Rel<Location>;

  @Property({ type: 'text' })
  posReference: string;

  @Property({ type: 'text' })
  name: string;

  @Property({ type: 'integer' })
  price: number;

  @Property({ type: 'json' })
  taxRateIds: string[] = [];

  @Property({ type: 'boolean' })
  showOnline = true;

  @Property({ type: 'integer' })
  position = 0;

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
