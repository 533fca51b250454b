import { GraphQLJSON } from 'graphql-scalars';
import { ArgsType, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageArgs } from './page-args.js';
import { PageType } from './page.type.js';
import { enumOf } from './enum-of.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../delivery-engine/delivery.entity.js';

export const DeliveryStatusEnum = enumOf(DELIVERY_STATUSES);
export type DeliveryStatusEnum = DeliveryStatus;
registerEnumType(DeliveryStatusEnum, { name: 'DeliveryStatus' });

@ObjectType('DeliveryAttempt')
export class DeliveryAttemptType {
  @Field(() => Int)
  attemptNumber: number;

  @Field()
  startedAt: string;

  @Field(() => String, {
    nullable: true,
    description: "Where this attempt went: the application's URL for this kind of call at that moment",
  })
  url: string | null;

  @Field(() => Int, { nullable: true, description: 'Null when no answer came' })
  httpStatus: number | null;

  @Field(() => String, { nullable: true })
  error: string | null;

  @Field(() => Int)
  latencyMs: number;

  @Field(() => String, { nullable: true, description: 'The first 1 KiB of the answer' })
  responseExcerpt: string | null;
}

@ObjectType('Delivery', { description: 'One event on its way to one partner URL' })
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

  @Field(() => String, {
    nullable: true,
    description: 'X-Request-Id of the request that caused the event, sent on to the partner',
  })
  requestId: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'W3C trace id of that request, sent on to the partner in traceparent',
  })
  traceId: string | null;

  @Field()
  createdAt: string;

  @Field()
  updatedAt: string;
}

@ObjectType('DeliveryDetail', { description: 'A delivery with the body sent and every attempt' })
export class DeliveryDetailType extends DeliveryType {
  @Field(() => GraphQLJSON, { nullable: true, description: 'The body as sent, with connection credentials masked' })
  payload: unknown;

  @Field(() => [DeliveryAttemptType])
  attempts: DeliveryAttemptType[];
}

@ObjectType()
export class DeliveryPage extends PageType(DeliveryType, 'DeliveryPage') {}

@ArgsType()
export class DeliveryListArgs extends PageArgs {
  @Field(() => DeliveryStatusEnum, { nullable: true, description: 'Only deliveries in this status' })
  status?: DeliveryStatusEnum | null;

  @Field(() => String, {
    nullable: true,
    description: 'Only deliveries of this event type (ORDER_CREATED, MENU_PUBLISHED, ...)',
  })
  eventType?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: "Only the deliveries of this order's events (ORDER_CREATED, ORDER_STATUS_CHANGED), to every partner",
  })
  orderId?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Most recent first, as a delivery log shows them; default oldest first',
  })
  newestFirst?: boolean | null;
}

@ObjectType('RetriedDeliveries', {
  description: '"Retry all failed": how many deliveries are on their way again, and which',
})
export class RetriedDeliveriesType {
  @Field(() => Int)
  retried: number;

  @Field(() => [ID])
  deliveryIds: string[];
}

@ObjectType('DeliveryAlert', {
  description:
    "A partner whose deliveries to a location have been failing for longer than the location's deliveryAlertMinutes",
})
export class DeliveryAlertType {
  @Field(() => ID) accountId: string;
  @Field(() => ID) locationId: string;
  @Field(() => ID) applicationId: string;
  @Field(() => String, { nullable: true, description: 'The partner’s name (null once the application is gone)' })
  applicationName: string | null;
  @Field({
    description:
      'When the failing began: the first delivery that has not arrived, or the last success if that came later',
  })
  failingSince: string;
  @Field(() => Int, { description: 'The location’s deliveryAlertMinutes this failing has outlasted' })
  alertAfterMinutes: number;
  @Field(() => Int, { description: 'Deliveries since then that have not arrived (FAILED, or waiting to be retried)' })
  failedDeliveries: number;
  @Field(() => String, { nullable: true, description: 'What the latest failed attempt got' })
  lastError: string | null;
  @Field(() => String, { nullable: true })
  lastAttemptAt: string | null;
}
