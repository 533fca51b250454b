import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DELIVERY_EVENT_TYPES, type DeliveryEventType } from '../../delivery-engine/outbox.js';
import { enumOf } from './enum-of.js';

export const EventTypeEnum = enumOf(DELIVERY_EVENT_TYPES);
export type EventTypeEnum = DeliveryEventType;
registerEnumType(EventTypeEnum, {
  name: 'EventType',
  description: 'What the hub sends partners (the Webhooks section)',
});

@ObjectType('ReceivedEvent', { description: 'An event type an application receives, and at which of its URLs' })
export class ReceivedEventType {
  @Field(() => EventTypeEnum)
  eventType: EventTypeEnum;

  @Field({ description: 'webhookUrl, menuPublicationUrl or storeStatusUrl' })
  urlField: string;
}

@ObjectType('TestEventResult', { description: 'What the partner answered to a sample event, and its delivery' })
export class TestEventResultType {
  @Field(() => ID, { description: 'The delivery in the log' })
  deliveryId: string;

  @Field(() => ID, { description: 'The webhook-id it was sent with' })
  eventId: string;

  @Field(() => EventTypeEnum)
  eventType: EventTypeEnum;

  @Field({ description: 'The URL it was sent to' })
  url: string;

  @Field({ description: 'DELIVERED (a 2xx in time) or FAILED: one attempt' })
  status: string;

  @Field(() => Int, { nullable: true, description: "The partner's HTTP status; null when no answer came" })
  httpStatus: number | null;

  @Field(() => Int)
  latencyMs: number;

  @Field(() => String, { nullable: true, description: "The start of the partner's answer (up to 1 KiB)" })
  responseExcerpt: string | null;

  @Field(() => String, { nullable: true, description: 'Why no answer came' })
  error: string | null;

  @Field()
  sentAt: string;
}
