import { GraphQLJSON } from 'graphql-scalars';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageType } from './page.type.js';

export enum DeliveryStatusEnum {
  PENDING = 'PENDING',
  DELIVERING = 'DELIVERING',
  DELIVERED = 'DELIVERED',
  FAILED = 'FAILED',
}
registerEnumType(DeliveryStatusEnum, { name: 'DeliveryStatus' });

@ObjectType('DeliveryAttempt')
export class DeliveryAttemptType {
  @Field(() => Int)
  attemptNumber: number;

  @Field()
  startedAt: string;

  @Field(() => Int, { nullable: true, description: 'Null when no answer came' })
  httpStatus: number | null;

  @Field(() => String, { nullable: true })
  error: string | null;

  @Field(() => Int)
  latencyMs: number;

  @Field(() => String, { nullable: true, description: 'The first 1 KiB of the answer' })
  responseExcerpt: string | null;
}

@ObjectType('Delivery', { description: 'One event on its way to one partner URL (CONTRACT section 7)' })
export class DeliveryType {
  @Field(() => ID)
  id: string;

  @Field(() => ID, { description: 'The webhook-id header, the same on every attempt and replay' })
  eventId: string;

  @Field()
  eventType: string;

  @Field(() => ID)
  applicationId: string;

  @Field(() => ID, { nullable: true })
  accountId: string | null;

  @Field(() => ID, { nullable: true })
  locationId: string | null;

  @Field(() => ID, { nullable: true })
  connectionId: string | null;

  @Field(() => String, { nullable: true })
  orderingKey: string | null;

  @Field()
  url: string;

  @Field(() => DeliveryStatusEnum)
  status: DeliveryStatusEnum;

  @Field(() => Int)
  attemptCount: number;

  @Field(() => String, { nullable: true })
  nextAttemptAt: string | null;

  @Field(() => String, { nullable: true })
  lastAttemptAt: string | null;

  @Field(() => String, { nullable: true })
  deliveredAt: string | null;

  @Field(() => String, { nullable: true })
  lastError: string | null;

  @Field()
  createdAt: string;

  @Field()
  updatedAt: string;
}

@ObjectType('DeliveryDetail', { description: 'A delivery with the body sent and every attempt' })
export class DeliveryDetailType extends DeliveryType {
  @Field(() => GraphQLJSON, { nullable: true })
  payload: unknown;

  @Field(() => [DeliveryAttemptType])
  attempts: DeliveryAttemptType[];
}

@ObjectType()
export class DeliveryPage extends PageType(DeliveryType, 'DeliveryPage') {}
