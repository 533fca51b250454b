import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('SandboxReceipt', {
  description: 'What the sandbox marketplace last received of one kind at one connection, as it arrived',
})
export class SandboxReceiptType {
  @Field(() => ID)
  connectionId: string;

  @Field({ description: 'MENU_PUBLISHED, MENU_UPDATED, STORE_STATUS_CHANGED, ORDER_STATUS_CHANGED, ...' })
  eventType: string;

  @Field(() => ID, { description: 'The webhook-id it came with' })
  eventId: string;

  @Field()
  receivedAt: string;

  @Field(() => GraphQLJSONObject, { description: "The body, its connection's credentials masked" })
  body: object;
}
