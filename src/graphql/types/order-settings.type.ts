import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { AFTER_DEADLINE_ACTIONS, type AfterDeadline } from '../../modules/locations/index.js';
import { enumOf } from './enum-of.js';

export const AfterDeadlineEnum = enumOf(AFTER_DEADLINE_ACTIONS);
export type AfterDeadlineEnum = AfterDeadline;
registerEnumType(AfterDeadlineEnum, {
  name: 'AfterDeadline',
  description: 'What the hub does with an order still NEW at its acceptance deadline, after ORDER_OVERDUE',
});

@ObjectType('OrderSettings', { description: "A location's acceptance deadline and delivery failure alert" })
export class OrderSettingsType {
  @Field(() => Int, { nullable: true, description: 'Minutes a new order may stay NEW; null: no deadline' })
  acceptanceDeadlineMinutes: number | null;

  @Field(() => AfterDeadlineEnum)
  afterDeadline: AfterDeadlineEnum;

  @Field(() => Int, { description: "Minutes a partner's deliveries may keep failing before the location is told" })
  deliveryAlertMinutes: number;
}
