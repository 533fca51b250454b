import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageType } from './page.type.js';
import { enumOf } from './enum-of.js';
import { TAX_RATE_TYPES, type TaxRateType as TaxRateKind } from '../../modules/locations/index.js';

export const TaxRateTypeEnum = enumOf(TAX_RATE_TYPES);
export type TaxRateTypeEnum = TaxRateKind;
registerEnumType(TaxRateTypeEnum, {
  name: 'TaxRateType',
  description: 'How rate is read: PERCENTAGE is percent × 10000; FIXED is the smallest currency unit.',
});

@ObjectType('TaxRate')
export class TaxRateType {
  @Field()
  posReference: string;

  @Field()
  name: string;

  @Field(() => TaxRateTypeEnum)
  type: TaxRateTypeEnum;

  @Field(() => Int)
  rate: number;

  @Field()
  inclusive: boolean;

  @Field()
  isDefault: boolean;
}

@ObjectType('Location')
export class LocationType {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  accountId: string;

  @Field()
  name: string;

  @Field()
  currency: string;

  @Field()
  timezone: string;

  @Field()
  storeStatus: string;

  @Field(() => [TaxRateType])
  taxRates: TaxRateType[];

  @Field()
  createdAt: string;

  @Field()
  updatedAt: string;
}

@ObjectType()
export class LocationPage extends PageType(LocationType, 'LocationPage') {}
