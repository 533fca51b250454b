import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageType } from './page.type.js';

export enum PublicationStatusEnum {
  PENDING = 'PENDING',
  DELIVERED = 'DELIVERED',
  FAILED = 'FAILED',
}
registerEnumType(PublicationStatusEnum, { name: 'PublicationStatus', description: 'The state of the publication delivery' });

export enum StoreStatusEnum {
  ONLINE = 'ONLINE',
  OFFLINE = 'OFFLINE',
}
registerEnumType(StoreStatusEnum, { name: 'StoreStatus' });

@ObjectType('MenuPublication')
export class MenuPublicationType {
  @Field(() => ID) id: string;
  @Field(() => ID) menuId: string;
  @Field(() => ID) connectionId: string;
  @Field(() => ID, { description: 'The MENU_PUBLISHED delivery in the delivery log' }) deliveryId: string;
  @Field(() => PublicationStatusEnum) status: PublicationStatusEnum;
  @Field(() => Int) attempts: number;
  @Field(() => String, { nullable: true }) lastError: string | null;
  @Field(() => String, { nullable: true }) deliveredAt: string | null;
  @Field() createdAt: string;
  @Field() updatedAt: string;
}

@ObjectType()
export class MenuPublicationPage extends PageType(MenuPublicationType, 'MenuPublicationPage') {}

@ObjectType('LocationStoreStatus')
export class StoreStatusType {
  @Field(() => StoreStatusEnum) storeStatus: StoreStatusEnum;
  @Field(() => String, { nullable: true }) closedUntil: string | null;
  @Field(() => String, { nullable: true }) closedReason: string | null;
  @Field(() => String, { nullable: true }) closedReasonNotes: string | null;
}

@InputType()
export class StoreStatusInput {
  @Field(() => StoreStatusEnum) storeStatus: StoreStatusEnum;
  @Field(() => String, { nullable: true, description: 'RFC 3339, in the future; OFFLINE only: back ONLINE by itself then' }) closedUntil?: string | null;
  @Field(() => String, { nullable: true }) closedReason?: string | null;
  @Field(() => String, { nullable: true }) closedReasonNotes?: string | null;
}
