import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { DeliveryDetailType } from './delivery.type.js';
import { MenuType } from './menu.type.js';
import { OrderType } from './order.type.js';
import { MenuPublicationType, StoreStatusType } from './publication.type.js';

// What the subscriptions push (src/graphql/resolvers/live.resolver.ts). Each event names what happened and
// carries the record as the matching query reads it; RESYNC carries nothing and means: read everything again
// (signals may have been missed while the hub's listening connection was down or the client fell behind).
// Every subscription opens with a RESYNC: from then on nothing is missed, so that is when to read.

export enum LiveEventKindEnum {
  CREATED = 'CREATED',
  STATUS_CHANGED = 'STATUS_CHANGED',
  UPDATED = 'UPDATED',
  CHANGED = 'CHANGED',
  RESYNC = 'RESYNC',
}
registerEnumType(LiveEventKindEnum, {
  name: 'LiveEventKind',
  description:
    'CREATED, STATUS_CHANGED, UPDATED (orders); CHANGED (anything else); RESYNC: the first event of every subscription, and whenever events may have been missed: read the current state again',
});

@ObjectType('OrderBoardEvent', { description: 'An order placed or changed at the location' })
export class OrderBoardEventType {
  @Field(() => LiveEventKindEnum) kind: LiveEventKindEnum;
  @Field(() => OrderType, { nullable: true, description: 'Null on RESYNC' }) order: OrderType | null;
}

@ObjectType('DeliveryEvent', { description: 'A delivery whose state moved (an attempt, a retry)' })
export class DeliveryEventType {
  @Field(() => LiveEventKindEnum) kind: LiveEventKindEnum;
  @Field(() => DeliveryDetailType, { nullable: true, description: 'Null on RESYNC' })
  delivery: DeliveryDetailType | null;
}

@ObjectType('MenuPublicationEvent', { description: "A publication of the menu whose delivery's state moved" })
export class MenuPublicationEventType {
  @Field(() => LiveEventKindEnum) kind: LiveEventKindEnum;
  @Field(() => MenuPublicationType, { nullable: true, description: 'Null on RESYNC' })
  publication: MenuPublicationType | null;
}

@ObjectType('StoreStatusEvent', {
  description: "The location's store status, or what its marketplaces made of it, changed",
})
export class StoreStatusEventType {
  @Field(() => LiveEventKindEnum) kind: LiveEventKindEnum;
  @Field(() => StoreStatusType, { nullable: true, description: 'Null on RESYNC' }) storeStatus: StoreStatusType | null;
}

@ObjectType('MenuEvent', {
  description: 'What the menu shows changed: an edit of it, or of the catalog or location behind it',
})
export class MenuEventType {
  @Field(() => LiveEventKindEnum) kind: LiveEventKindEnum;
  @Field(() => MenuType, { nullable: true, description: 'Null on RESYNC' }) menu: MenuType | null;
}
