import { Entity, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Location } from '../locations/location.entity.js';
import type { GroupModifierRef } from './catalog-fields.js';

/**
 * A modifier group (CONTRACT section 4). modifiers keeps each element as the POS sent it: a modifier
 * posReference, or an object {id | posReference, price?, name?}.
 */
@Entity({ tableName: 'modifier_groups' })
@Unique({ properties: ['location', 'posReference'] })
@Index({ properties: ['location', 'createdAt', 'id'] })
export class ModifierGroup extends BaseEntity<'minPermitted' | 'maxPermitted' | 'modifiers' | 'position'> {
  @ManyToOne(() => Location, { deleteRule: 'cascade' })
  location: Rel<Location>;

  @Property({ type: 'text' })
  posReference: string;

  @Property({ type: 'text' })
  name: string;

  @Property({ type: 'integer' })
  minPermitted = 0;

  /** 0 means no limit. */
  @Property({ type: 'integer' })
  maxPermitted = 1;

  @Property({ type: 'json' })
  modifiers: GroupModifierRef[] = [];

  /** Order of the last import, so the catalog reads back in the order it was written. */
  @Property({ type: 'integer' })
  position = 0;

  constructor(location: Location, posReference: string, name: string) {
    super();
    this.location = location;
    this.posReference = posReference;
    this.name = name;
  }
}
