import { Entity, Index, Property, Unique } from '@mikro-orm/core';
import { CatalogRecord } from './catalog-record.entity.js';
import type { GroupModifierRef } from './catalog-fields.js';

/**
 * A modifier group (docs/contract.md "Records"). modifiers keeps each element as the POS sent it: a modifier
 * posReference, or an object {id | posReference, price?, name?}.
 */
@Entity({ tableName: 'modifier_groups' })
@Unique({ properties: ['location', 'posReference'] })
@Index({ properties: ['location', 'createdAt', 'id'] })
export class ModifierGroup extends CatalogRecord<'minPermitted' | 'maxPermitted' | 'modifiers'> {
  @Property({ type: 'integer' })
  minPermitted = 0;

  /** 0 means no limit. */
  @Property({ type: 'integer' })
  maxPermitted = 1;

  @Property({ type: 'json' })
  modifiers: GroupModifierRef[] = [];
}
