import { Entity, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Location } from '../locations/index.js';

/** A location closed from one instant to another (a holiday), whatever its hours say, for every marketplace. */
@Entity({ tableName: 'holiday_closures' })
@Index({ properties: ['location', 'endsAt'] })
export class HolidayClosure extends BaseEntity<'reason'> {
  @ManyToOne(() => Location, { deleteRule: 'cascade' })
  location: Rel<Location>;

  @Property({ type: 'timestamptz' })
  startsAt: Date;

  @Property({ type: 'timestamptz' })
  endsAt: Date;

  /** Given to the marketplaces with the closure. */
  @Property({ type: 'text', nullable: true })
  reason: string | null = null;

  constructor(location: Location, startsAt: Date, endsAt: Date) {
    super();
    this.location = location;
    this.startsAt = startsAt;
    this.endsAt = endsAt;
  }
}
