import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { OPEN_STATES, type OpenState } from '../../modules/availability/index.js';
import { SNOOZE_KINDS, type SnoozeKind } from '../../modules/catalog/index.js';
import { AVAILABILITY_RULES, type AvailabilityRule } from '../../modules/orders/index.js';
import { enumOf } from './enum-of.js';

// Opening hours, holidays, busy mode and snoozes over GraphQL: the shapes of src/modules/availability and
// the catalog's snoozes, the same as REST's. The mutations' inputs are openapi.yaml's (src/graphql/inputs).

export const OpenStateEnum = enumOf(OPEN_STATES);
export type OpenStateEnum = OpenState;
registerEnumType(OpenStateEnum, {
  name: 'OpenState',
  description: 'Whether a location takes orders now: open, closed by its hours, closed for a holiday, or paused',
});

export const SnoozeKindEnum = enumOf(SNOOZE_KINDS);
export type SnoozeKindEnum = SnoozeKind;
registerEnumType(SnoozeKindEnum, { name: 'SnoozeKind' });

export const AvailabilityRuleEnum = enumOf(AVAILABILITY_RULES);
export type AvailabilityRuleEnum = AvailabilityRule;
registerEnumType(AvailabilityRuleEnum, { name: 'AvailabilityRule' });

@ObjectType('OpeningRange', { description: "A weekly range in the location's time zone" })
export class OpeningRangeType {
  @Field(() => Int, { description: '1 = Monday ... 7 = Sunday' }) dayOfWeek: number;
  @Field({ description: '"HH:MM"' }) start: string;
  @Field({ description: '"HH:MM", after start; "24:00" is the end of the day' }) end: string;
}

@ObjectType('OpeningHoursOverride', { description: "One marketplace connection's own weekly ranges" })
export class OpeningHoursOverrideType {
  @Field(() => ID) connectionId: string;
  @Field(() => [OpeningRangeType]) openingHours: OpeningRangeType[];
}

@ObjectType('HolidayClosure', { description: 'Closed from one instant to another, for every marketplace' })
export class HolidayClosureType {
  @Field({ description: 'RFC 3339' }) from: string;
  @Field({ description: 'RFC 3339' }) to: string;
  @Field(() => String, { nullable: true }) reason: string | null;
}

@ObjectType('OpeningHours')
export class OpeningHoursType {
  @Field(() => [OpeningRangeType], { description: 'Empty: no hours kept, open whenever not paused or on holiday' })
  openingHours: OpeningRangeType[];
  @Field(() => [OpeningHoursOverrideType]) overrides: OpeningHoursOverrideType[];
  @Field(() => [HolidayClosureType]) holidays: HolidayClosureType[];
}

@ObjectType('StoreAvailability', {
  description: 'Which of open, closed by hours, closed for a holiday or paused holds now',
})
export class StoreAvailabilityType {
  @Field(() => OpenStateEnum) state: OpenStateEnum;
  @Field(() => String, { nullable: true, description: 'When this state ends by itself; null when it does not' })
  until: string | null;
  @Field(() => String, { nullable: true, description: "The holiday's or the pause's reason" }) reason: string | null;
}

@ObjectType('BusyMode', { description: 'Minutes of preparation added to every order until a time' })
export class BusyModeType {
  @Field(() => Int) extraMinutes: number;
  @Field() until: string;
}

@ObjectType('SnoozedItem', { description: 'A product or modifier not for sale until a time' })
export class SnoozedItemType {
  @Field(() => SnoozeKindEnum) kind: SnoozeKindEnum;
  @Field() posReference: string;
  @Field(() => ID, { description: "The product's or modifier's id" }) id: string;
  @Field() name: string;
  @Field({ description: 'RFC 3339: taken back by itself then' }) until: string;
}

@ObjectType('SnoozeChoices', { description: "What a snooze's presets stand for at the location now, by its hours" })
export class SnoozeChoicesType {
  @Field() oneHour: string;
  @Field(() => String, {
    nullable: true,
    description: 'The end of the period open now; null when not open by its calendar or it keeps no hours',
  })
  untilClosing: string | null;
  @Field({ description: 'The first opening on a later local day; without hours, the next local midnight' })
  untilTomorrow: string;
}

@ObjectType('AvailabilityWarning', {
  description: 'What an order met that availability did not allow when it was placed; the POS decides',
})
export class AvailabilityWarningType {
  @Field(() => AvailabilityRuleEnum) rule: AvailabilityRuleEnum;
  @Field(() => String, { nullable: true, description: 'Until when the store was closed or the item snoozed' })
  until: string | null;
  @Field(() => String, { nullable: true }) reason?: string | null;
  @Field(() => Int, { nullable: true, description: 'ITEM_SNOOZED: the index of the line in items' }) item?: number;
  @Field(() => Int, { nullable: true, description: "A modifier: the option's index in the line's options" })
  option?: number;
  @Field(() => SnoozeKindEnum, { nullable: true }) kind?: SnoozeKindEnum;
  @Field(() => String, { nullable: true }) posReference?: string;
}
