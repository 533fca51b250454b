import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { DeliveryDetailType, DeliveryPage, DeliveryStatusEnum } from '../types/delivery.type.js';
import { PageArgs } from '../types/page-args.js';

@Resolver(() => DeliveryDetailType)
export class DeliveryResolver {
  @Query(() => DeliveryPage, { description: "A location's deliveries (scope deliveries.read)" })
  locationDeliveries(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('status', () => DeliveryStatusEnum, { nullable: true }) status: DeliveryStatusEnum | null,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.deliveries.findAllForLocation(ctx, accountId, locationId, { ...page, status });
  }

  @Query(() => DeliveryPage, { description: 'The deliveries addressed to an application (admins, or that application)' })
  applicationDeliveries(
    @Arg('applicationId', () => ID) applicationId: string,
    @Arg('status', () => DeliveryStatusEnum, { nullable: true }) status: DeliveryStatusEnum | null,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.deliveries.findAllForApplication(ctx, applicationId, { ...page, status });
  }

  @Query(() => DeliveryDetailType)
  delivery(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GraphQLContext) {
    return services.deliveries.findOne(ctx, id);
  }

  @Mutation(() => DeliveryDetailType, { description: 'Send a FAILED or DELIVERED delivery again now, with the same webhook-id' })
  retryDelivery(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GraphQLContext) {
    return services.deliveries.retry(ctx, id);
  }
}
