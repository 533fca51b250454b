import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import type { DeliveryView } from '../../modules/delivery-log/delivery.view.js';
import { DeliveryDetailType, DeliveryListArgs, DeliveryPage, DeliveryType } from '../types/delivery.type.js';

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

  @Query(() => DeliveryPage, {
    description: 'The deliveries addressed to an application (admins, or that application)',
  })
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

  @Mutation(() => DeliveryDetailType, {
    description:
      'Retry now: a FAILED or DELIVERED delivery again, or a PENDING one waiting for its next retry now; same webhook-id',
  })
  retryDelivery(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GraphQLContext) {
    return services.deliveries.retry(ctx, id);
  }
}

@Resolver(() => DeliveryType)
export class DeliveryRecipientResolver {
  // The names a page asks for at once are read together (src/modules/applications/application-name.ts).
  @FieldResolver(() => String, {
    nullable: true,
    description: 'The name of the application it is addressed to (null once that application is gone)',
  })
  applicationName(@Root() delivery: DeliveryView, @Ctx() { ctx, services }: GraphQLContext) {
    return services.deliveries.recipientName(ctx, delivery.applicationId);
  }
}
