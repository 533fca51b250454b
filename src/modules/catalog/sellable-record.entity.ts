import { Property } from '@mikro-orm/core';
import type { Location } from '../locations/index.js';
import { CatalogRecord } from './catalog-record.entity.js';
import type { PassThrough } from './catalog-fields.js';

/**
 * What a product and a modifier both have, being things a customer buys: a price, tax rates, whether they are for
 * sale online, a snooze, and the compatibility fields returned as received. Each subclass declares its own table
 * and indexes.
 */
export abstract class SellableRecord<Optional = never> extends CatalogRecord<
  Optional | 'taxRateIds' | 'showOnline' | 'passThrough' | 'snoozedUntil'
> {
  /** Smallest unit of the location's currency. */
  @Property({ type: 'integer' })
  price: number;

  /** Tax-rate posReferences exactly as sent (a value matching no rate is kept and relayed: docs/contract.md "Literal rules"). */
  @Property({ type: 'json' })
  taxRateIds: string[] = [];

  /** show_online false is "out of stock". */
  @Property({ type: 'boolean' })
  showOnline = true;

  /**
   * Snoozed: not for sale until then, when the hub takes it back by itself (snooze.service.ts). Apart from
   * showOnline, which only the POS's catalog changes; a catalog import keeps it.
   */
  @Property({ type: 'timestamptz', nullable: true })
  snoozedUntil: Date | null = null;

  /**
   * The compatibility fields of docs/contract.md "Shapes existing clients send" (and description, and imageUrl on a
   * product), returned as received.
   */
  @Property({ type: 'json' })
  passThrough: PassThrough = {};

  constructor(location: Location, posReference: string, name: string, price: number) {
    super(location, posReference, name);
    this.price = price;
  }
}
