import { Entity, Enum, ManyToOne, Property, Unique, type Rel } from '@mikro-orm/core';
import { BaseEntity } from '../../db/base.entity.js';
import type { Location } from './location.entity.js';

export type TaxRateType = 'FIXED' | 'PERCENTAGE';
export const TAX_RATE_TYPES: readonly TaxRateType[] = ['FIXED', 'PERCENTAGE'];

/**
 * A tax rate of a location (docs/contract.md "Records"). The hub stores and relays it; it computes no tax, so inclusive
 * and isDefault are carried and never interpreted.
 */
@Entity({ tableName: 'tax_rates' })
@Unique({ properties: ['location', 'posReference'] })
export class TaxRate extends BaseEntity<'inclusive' | 'isDefault'> {
  @ManyToOne({ entity: 'Location', deleteRule: 'cascade' })
  location: Rel<Location>;

  /** What products and modifiers reference in taxRateIds. */
  @Property({ type: 'text' })
  posReference: string;

  @Property({ type: 'text' })
  name: string;

  @Enum({ items: () => ['FIXED', 'PERCENTAGE'], nativeEnumName: undefined })
  type: TaxRateType;

  /** PERCENTAGE: percent × 10000 (1000000 = 100%); FIXED: smallest currency unit. */
  @Property({ type: 'integer' })
  rate: number;

  @Property({ type: 'boolean' })
  inclusive = false;

  @Property({ type: 'boolean' })
  isDefault = false;

  /** Order as sent, so reads return the rates in the order the client wrote them. */
  @Property({ type: 'integer' })
  position: number;

  constructor(
    location: Location,
    fields: {
      posReference: string;
      name: string;
      type: TaxRateType;
      rate: number;
      inclusive: boolean;
      isDefault: boolean;
      position: number;
    },
  ) {
    super();
    this.location = location;
    Object.assign(this, fields);
  }
}
