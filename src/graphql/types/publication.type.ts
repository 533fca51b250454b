import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageType } from './page.type.js';
import { BusyModeType, StoreAvailabilityType } from './availability.type.js';
import { enumOf } from './enum-of.js';
import { PUBLICATION_STATUSES, type PublicationStatus } from '../../modules/menus/index.js';
import { STORE_STATUSES, type StoreStatus } from '../../modules/locations/index.js';

export const PublicationStatusEnum = enumOf(PUBLICATION_STATUSES);
export type PublicationStatusEnum = PublicationStatus;
registerEnumType(PublicationStatusEnum, {
  name: 'PublicationStatus',
  description: 'The state of the publication delivery',
});

export const StoreStatusEnum = enumOf(STORE_STATUSES);
export type StoreStatusEnum = StoreStatus;
registerEnumType(StoreStatusEnum, { name: 'StoreStatus' });

@ObjectType('MenuPublication')
export class MenuPublicationType {
  @Field(() => ID) id: string;
  @Field(() => ID) menuId: string;
  @Field(() => ID) connectionId: string;
  @Field(() => ID, { description: 'The MENU_PUBLISHED delivery in the delivery log (while deliveryRetained)' })
  deliveryId: string;
  @Field({
    description:
      "False once the delivery log's retention removed the delivery (DELIVERY_RETENTION_DAYS after it was delivered); the publication keeps its outcome",
  })
  deliveryRetained: boolean;
  @Field(() => PublicationStatusEnum) status: PublicationStatusEnum;
  @Field(() => Int) attempts: number;
  @Field(() => String, { nullable: true }) lastError: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'What the marketplace answered last (the first 1 KiB of its body); null before any answer came',
  })
  partnerAnswer: string | null;
  @Field(() => String, { nullable: true }) deliveredAt: string | null;
  @Field() createdAt: string;
  @Field() updatedAt: string;
}

@ObjectType()
export class MenuPublicationPage extends PageType(MenuPublicationType, 'MenuPublicationPage') {}

@ObjectType('StoreStatusMarketplace', {
  description: 'A marketplace the store status goes to, and the last one sent to it',
})
export class StoreStatusMarketplaceType {
  @Field(() => ID) connectionId: string;
  @Field(() => ID) applicationId: string;
  @Field() applicationName: string;
  @Field(() => ID, { nullable: true, description: 'The last STORE_STATUS_CHANGED delivery; null when none was sent' })
  deliveryId: string | null;
  @Field(() => String, { nullable: true, description: 'PENDING, DELIVERING, DELIVERED or FAILED' }) status:
    string | null;
  @Field(() => StoreStatusEnum, { nullable: true, description: 'The store status that delivery carried' })
  storeStatus: StoreStatusEnum | null;
  @Field(() => Int) attempts: number;
  @Field(() => String, { nullable: true }) lastError: string | null;
  @Field(() => String, { nullable: true }) sentAt: string | null;
  @Field(() => String, { nullable: true }) deliveredAt: string | null;
}

@ObjectType('LocationStoreStatus')
export class StoreStatusType {
  @Field(() => ID) accountId: string;
  @Field(() => ID) locationId: string;
  @Field(() => StoreStatusEnum) storeStatus: StoreStatusEnum;
  @Field(() => String, { nullable: true }) closedUntil: string | null;
  @Field(() => String, { nullable: true }) closedReason: string | null;
  @Field(() => String, { nullable: true }) closedReasonNotes: string | null;
  @Field(() => StoreAvailabilityType, {
    description:
      "Open, closed by hours, closed for a holiday or paused now, by the caller's hours (a marketplace's own)",
  })
  availability: StoreAvailabilityType;
  @Field(() => BusyModeType, { nullable: true, description: 'null when the kitchen is not busy' })
  busyMode: BusyModeType | null;
}
