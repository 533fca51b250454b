import { Entity, Index, Unique } from '@mikro-orm/core';
import { SellableRecord } from './sellable-record.entity.js';

/** A catalog modifier (docs/contract.md "Records"); modifier groups reference it by posReference or id. */
@Entity({ tableName: 'modifiers' })
@Unique({ properties: ['location', 'posReference'] })
@Index({ properties: ['location', 'createdAt', 'id'] })
// An order line that maps by nothing else is matched by its exact name (docs/contract.md "Literal rules"), on every
// placement.
@Index({ properties: ['location', 'name'] })
// What is snoozed at a location, and what its unsnooze job takes back at a time: a few rows, found without the rest.
@Index({
  name: 'modifiers_snoozed',
  expression: `create index "modifiers_snoozed" on "modifiers" ("location_id", "snoozed_until") where "snoozed_until" is not null`,
})
export class Modifier extends SellableRecord {}
