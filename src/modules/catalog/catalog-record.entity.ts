import { ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Location } from '../locations/index.js';

/**
 * What every catalog record of a location has: the location it belongs to, the posReference it is matched
 * by (unique per location per kind: each subclass declares the unique index on its own table), its name and
 * its position in the catalog.
 */
export abstract class CatalogRecord<Optional = never> extends BaseEntity<Optional | 'position'> {
  @ManyToOne(() => Location, { deleteRule: 'cascade' })
  location: Rel<Location>;

  @Property({ type: 'text' })
  posReference: string;

  @Property({ type: 'text' })
  name: string;

  @Property({ type: 'integer' })
  position = 0;

  constructor(location: Location, posReference: string, name: string) {
    super();
    this.location = location;
    this.posReference = posReference;
    this.name = name;
  }
}
