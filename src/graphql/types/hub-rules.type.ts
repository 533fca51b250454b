import { Field, Int, ObjectType } from 'type-graphql';
import type { DeliveryStatus } from '../../delivery-engine/delivery.entity.js';
import type { DeliveryEventType } from '../../delivery-engine/outbox.js';
import type { OrderStatus } from '../../modules/orders/index.js';
import { DeliveryStatusEnum } from './delivery.type.js';
import { EventTypeEnum } from './event.type.js';
import { OrderStatusEnum } from './order.type.js';

@ObjectType('HubRules', {
  description: 'The rules a client needs to offer only what the hub accepts and to show what it stores',
})
export class HubRulesType {
  @Field(() => [OrderStatusEnum], {
    description:
      'Every order status, in the order an order goes through them: forward to COMPLETED, then REJECTED and CANCELLED',
  })
  orderStatuses: readonly OrderStatus[];

  @Field(() => [OrderStatusEnum], { description: 'The statuses a change to may give a cancellationReason' })
  statusesWithReason: readonly OrderStatus[];

  @Field(() => [DeliveryStatusEnum], { description: 'Every delivery status' })
  deliveryStatuses: readonly DeliveryStatus[];

  @Field(() => [EventTypeEnum], { description: 'Every event type the hub sends partners' })
  eventTypes: readonly DeliveryEventType[];

  @Field(() => Int, { description: 'A PERCENTAGE tax rate is stored as percent × this (210000 is 21%)' })
  taxRatePercentScale: number;

  @Field(() => Int, { description: 'The largest limit a list accepts' })
  maxPageLimit: number;
}
