import { Collection, Entity, Index, ManyToOne, OneToMany, Property, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import { Account } from '../accounts/index.js';
import { TaxRate } from './tax-rate.entity.js';

export const STORE_STATUSES = ['ONLINE', 'OFFLINE'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

/** What the hub does with an order still NEW at its acceptance deadline (src/modules/order-settings). */
export const AFTER_DEADLINE_ACTIONS = ['NOTHING', 'REJECT', 'ACCEPT'] as const;
export type AfterDeadline = (typeof AFTER_DEADLINE_ACTIONS)[number];

/** How long a partner's deliveries may fail before the location is told, unless the location sets its own. */
const DEFAULT_DELIVERY_ALERT_MINUTES = 15;

@Entity({ tableName: 'locations' })
@Index({ properties: ['account', 'createdAt', 'id'] })
export class Location extends BaseEntity<
  | 'currency'
  | 'timezone'
  | 'storeStatus'
  | 'closedUntil'
  | 'closedReason'
  | 'closedReasonNotes'
  | 'taxRates'
  | 'busyExtraMinutes'
  | 'busyUntil'
  | 'acceptanceDeadlineMinutes'
  | 'afterDeadline'
  | 'deliveryAlertMinutes'
> {
  @ManyToOne(() => Account, { deleteRule: 'cascade' })
  account: Rel<Account>;

  @Property({ type: 'text' })
  name: string;

  /** ISO 4217; every price of the location is an integer in its smallest unit. */
  @Property({ type: 'text' })
  currency: string = 'EUR';

  /** IANA time zone. */
  @Property({ type: 'text' })
  timezone: string = 'UTC';

  @Property({ type: 'text' })
  storeStatus: StoreStatus = 'ONLINE';

  /** While OFFLINE: when the store goes back ONLINE by itself (PUT store-status, docs/contract.md "Operations"). */
  @Property({ type: 'timestamptz', nullable: true })
  closedUntil: Date | null = null;

  @Property({ type: 'text', nullable: true })
  closedReason: string | null = null;

  @Property({ type: 'text', nullable: true })
  closedReasonNotes: string | null = null;

  /** Busy mode: minutes of preparation added to every order until busyUntil (both set, or neither). */
  @Property({ type: 'integer', nullable: true })
  busyExtraMinutes: number | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  busyUntil: Date | null = null;

  /** Minutes a new order may wait to be accepted; null: no deadline. */
  @Property({ type: 'integer', nullable: true })
  acceptanceDeadlineMinutes: number | null = null;

  @Property({ type: 'text' })
  afterDeadline: AfterDeadline = 'NOTHING';

  /** Minutes a partner's deliveries to this location may keep failing before the location is told. */
  @Property({ type: 'integer' })
  deliveryAlertMinutes: number = DEFAULT_DELIVERY_ALERT_MINUTES;

  @OneToMany(() => TaxRate, (rate) => rate.location, { orderBy: { position: 'asc' } })
  taxRates = new Collection<TaxRate>(this);

  constructor(account: Account, name: string) {
    super();
    this.account = account;
    this.name = name;
  }
}
