import { Entity, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Connection } from '../connections/index.js';
import { Location } from '../locations/index.js';
import type { OpeningRange } from './opening-hours.rules.js';

/**
 * A location's weekly opening hours (connection null), or one marketplace connection's own hours in their
 * place (an override). PUT opening-hours replaces every row of the location under the location's lock, so
 * there is one row per (location, connection) without an index having to say it.
 */
@Entity({ tableName: 'opening_hours' })
@Index({ properties: ['location'] })
export class OpeningHours extends BaseEntity {
  @ManyToOne(() => Location, { deleteRule: 'cascade' })
  location: Rel<Location>;

  @ManyToOne(() => Connection, { nullable: true, deleteRule: 'cascade' })
  connection: Rel<Connection> | null;

  /** Ranges in day and time order (opening-hours.rules.ts). */
  @Property({ type: 'json' })
  ranges: OpeningRange[];

  constructor(location: Location, connection: Connection | null, ranges: OpeningRange[]) {
    super();
    this.location = location;
    this.connection = connection;
    this.ranges = ranges;
  }
}
