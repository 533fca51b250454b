import { Entity, Enum, Index, ManyToOne, Property, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Application } from '../applications/index.js';
import { Location } from '../locations/index.js';

export type ConnectionStatus = 'ACTIVE' | 'DISCONNECTED';

/**
 * An application installed at a location (docs/contract.md "Operations"): what a partner's token reaches. A disconnect
 * keeps the row (deliveries and orders refer to it) with status DISCONNECTED; at most one ACTIVE connection
 * per application and location (a partial unique index, see the migration).
 */
@Entity({ tableName: 'connections' })
@Index({ properties: ['application', 'status'] })
@Index({ properties: ['location', 'createdAt', 'id'] })
@Index({
  name: 'connections_one_active_per_application_location',
  expression: `create unique index "connections_one_active_per_application_location" on "connections" ("application_id", "location_id") where "status" = 'ACTIVE'`,
})
export class Connection extends BaseEntity<'status' | 'credentialsSealed' | 'disconnectedAt'> {
  @ManyToOne(() => Application, { deleteRule: 'cascade' })
  application: Rel<Application>;

  @ManyToOne(() => Location, { deleteRule: 'cascade' })
  location: Rel<Location>;

  /** The location's account, kept here so a token's reach is one indexed read. */
  @Property({ type: 'uuid' })
  accountId: string;

  @Enum({ items: () => ['ACTIVE', 'DISCONNECTED'] })
  status: ConnectionStatus = 'ACTIVE';

  /** The client's own keys at the partner (opaque JSON), sealed with the hub's key; null when none were given. */
  @Property({ type: 'text', nullable: true, hidden: true })
  credentialsSealed: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  disconnectedAt: Date | null = null;

  constructor(application: Application, location: Location) {
    super();
    this.application = application;
    this.location = location;
    this.accountId = location.account.id;
  }
}
