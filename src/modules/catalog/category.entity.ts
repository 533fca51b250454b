import { Entity, Index, Property, Unique } from '@mikro-orm/core';
import { CatalogRecord } from './catalog-record.entity.js';

/** A catalog category (docs/contract.md "Records"); products reference it by posReference. */
@Entity({ tableName: 'categories' })
@Unique({ properties: ['location', 'posReference'] })
@Index({ properties: ['location', 'createdAt', 'id'] })
export class Category extends CatalogRecord<'description' | 'showOnline' | 'serviceAvailability'> {
  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'boolean' })
  showOnline = true;

  /** Carried as the POS sent it; never interpreted. */
  @Property({ type: 'json', nullable: true })
  serviceAvailability: unknown = null;
}
