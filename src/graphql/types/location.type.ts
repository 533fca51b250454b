import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageType } from './page.type.js';
import { enumOf } from './enum-of.js';
import { TAX_RATE_TYPES, type TaxRateType as TaxRateKind } from '../../modules/locations/tax-rate.entity.js';

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

@InputType()
export class TaxRateInput {
  @Field(() => String, {
    nullable: true,
    description: 'Kept exactly when given; a UUID is generated on every write when omitted.',
  })
  posReference?: string | null;

  @Field()
  name: string;

  @Field(() => TaxRateTypeEnum)
  type: TaxRateTypeEnum;

  @Field(() => Int, { description: '0 to 1000000 inclusive' })
  rate: number;

  @Field(() => Boolean, { nullable: true })
  inclusive?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  isDefault?: boolean | null;
}

@InputType()
export class CreateLocationInput {
  @Field()
  name: string;

  @Field(() => String, { nullable: true })
  currency?: string | null;

  @Field(() => String, { nullable: true })
  timezone?: string | null;

  @Field(() => [TaxRateInput], { nullable: true })
  taxRates?: TaxRateInput[] | null;
}

@InputType()
export class UpdateLocationInput {
  @Field(() => String, { nullable: true })
  name?: string;

  @Field(() => String, { nullable: true })
  currency?: string | null;

  @Field(() => String, { nullable: true })
  timezone?: string | null;

  @Field(() => [TaxRateInput], {
    nullable: true,
    description: 'Omitted: unchanged. A list replaces every rate; [] clears them.',
  })
  taxRates?: TaxRateInput[] | null;
}
