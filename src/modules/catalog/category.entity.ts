import { Entity, Index, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Location } from '../locations/location.entity.js';

/** A catalog category (CONTRACT section 4); products reference it by posReference. */
@Entity({ tableName: 'categories' })
@Unique({ properties: ['location', 'posReference'] })
@Index({ properties: ['location', 'createdAt', 'id'] })
export class Category extends BaseEntity<'description' | 'position' | 'showOnline' | 'serviceAvailability'> {
  @ManyToOne(() => Location, { deleteRule: 'cascade' })
  location: Rel<Location>;

  @Property({ type: 'text' })
  posReference: string;

  @Property({ type: 'text' })
  name: string;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Property({ type: 'integer' })
  position = 0;

  @Property({ type: 'boolean' })
  showOnline = true;

  /** Carried as the POS sent it; never interpreted. */
  @Property({ type: 'json', nullable: true })
  serviceAvailability: unknown = null;

  constructor(location: Location, posReference: string, name: string) {
    super();
    this.location = location;
    this.posReference = posReference;
    this.name = name;
  }
}
