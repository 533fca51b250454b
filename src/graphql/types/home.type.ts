import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { GETTING_STARTED_STEPS, type GettingStartedStepName } from '../../modules/home/index.js';
import { DeliveryAlertType } from './delivery.type.js';
import { enumOf } from './enum-of.js';

@ObjectType('LocationSummary', { description: 'A location on the home page: what waits for someone there' })
export class LocationSummaryType {
  @Field(() => ID) accountId: string;
  @Field() accountName: string;
  @Field(() => ID) locationId: string;
  @Field() locationName: string;
  @Field() storeStatus: string;
  @Field(() => Int, { description: 'Orders in status NEW' }) newOrders: number;
  @Field(() => Int, {
    description: 'Deliveries of the last 24 hours that FAILED, or are PENDING after a failed attempt',
  })
  failingDeliveries: number;
  @Field(() => [DeliveryAlertType], {
    description: 'Partners failing there for longer than its deliveryAlertMinutes: why it comes first',
  })
  deliveryAlerts: DeliveryAlertType[];
}

export const GettingStartedStepEnum = enumOf(GETTING_STARTED_STEPS);
export type GettingStartedStepEnum = GettingStartedStepName;
registerEnumType(GettingStartedStepEnum, {
  name: 'GettingStartedStep',
  description: 'A step of the Application Flow, in the order they are done',
});

@ObjectType('GettingStartedItem')
export class GettingStartedItemType {
  @Field(() => GettingStartedStepEnum) step: GettingStartedStepEnum;
  @Field({ description: 'What the hub holds shows the step done, within the caller’s reach' }) done: boolean;
}

@ObjectType('GettingStarted', {
  description: 'The Application Flow as a checklist for a hub being set up, ticked from what it holds',
})
export class GettingStartedType {
  @Field(() => [GettingStartedItemType]) steps: GettingStartedItemType[];
  @Field({ description: 'Every step is done' }) complete: boolean;
  @Field(() => ID, {
    nullable: true,
    description: 'The account of the location the next steps are about; before any location, the first account',
  })
  accountId: string | null;
  @Field(() => ID, {
    nullable: true,
    description: 'The location furthest along the flow (null while there is none, or once all is done)',
  })
  locationId: string | null;
  @Field(() => ID, { nullable: true, description: 'Its menu with items, else its first menu' })
  menuId: string | null;
}
