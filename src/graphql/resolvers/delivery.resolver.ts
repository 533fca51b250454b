import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { DeliveryDetailType, DeliveryListArgs, DeliveryPage } from '../types/delivery.type.js';

@Resolver(() => DeliveryDetailType)
export class DeliveryResolver {
  @Query(() => DeliveryPage, { description: "A location's deliveries (scope deliveries.read)" })
  locationDeliveries(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Args(() => DeliveryListArgs) args: DeliveryListArgs,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.deliveries.findAllForLocation(ctx, accountId, locationId, args);
  }

  @Query(() => DeliveryPage, { description: 'The deliveries addressed to an application (admins, or that application)' })
  applicationDeliveries(
    @Arg('applicationId', () => ID) applicationId: string,
    @Args(() => DeliveryListArgs) args: DeliveryListArgs,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.deliveries.findAllForApplication(ctx, applicationId, args);
  }

  @Query(() => DeliveryDetailType)
  delivery(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GraphQLContext) {
    return services.deliveries.findOne(ctx, id);
  }

  @Mutation(() => DeliveryDetailType, { description: 'Retry now: a FAILED or DELIVERED delivery again, or a PENDING one waiting for its next retry now; same webhook-id' })
  retryDelivery(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GraphQLContext) {
    return services.deliveries.retry(ctx, id);
  }
}
