import { Field, ID, Int, ObjectType } from 'type-graphql';

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
}
