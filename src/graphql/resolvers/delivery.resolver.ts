import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { DeliveryGrant, Grants } from '../../auth/authorize.js';
import type { GraphQLContext } from '../context.js';
import { Granted } from '../granted.js';
import type { LocationAccess } from '../../modules/locations/index.js';
import { DELIVERY_OPERATIONS as DELIVERIES, type DeliveryView } from '../../modules/delivery-log/index.js';
import {
  DeliveryAlertType,
  DeliveryDetailType,
  DeliveryListArgs,
  DeliveryPage,
  DeliveryType,
  RetriedDeliveriesType,
} from '../types/delivery.type.js';

const delivery = (args: { id: string }) => ({ deliveryId: args.id });

@Resolver(() => DeliveryDetailType)
export class DeliveryResolver {
  @Query(() => DeliveryPage, { description: "A location's deliveries (scope deliveries.read)" })
  locationDeliveries(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Args(() => DeliveryListArgs) args: DeliveryListArgs,
    @Granted(DELIVERIES.listForLocation) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.deliveries.findAllForLocation(access, args);
  }

  @Query(() => [DeliveryAlertType], {
    description:
      'Partners whose deliveries to the location have been failing for longer than its deliveryAlertMinutes, longest first (scope deliveries.read; a partner hears only of itself)',
  })
  deliveryAlerts(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Granted(DELIVERIES.alertsForLocation) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.deliveries.alertsForLocation(access);
  }

  @Query(() => DeliveryPage, {
    description: 'The deliveries addressed to an application (admins, or that application)',
  })
  applicationDeliveries(
    @Arg('applicationId', () => ID) _applicationId: string,
    @Args(() => DeliveryListArgs) args: DeliveryListArgs,
    @Granted(DELIVERIES.listForApplication) access: Grants['application-itself'],
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.deliveries.findAllForApplication(access, args);
  }

  @Query(() => DeliveryDetailType)
  delivery(
    @Arg('id', () => ID) _id: string,
    @Granted(DELIVERIES.read, delivery) access: DeliveryGrant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.deliveries.findOne(access);
  }

  @Mutation(() => DeliveryDetailType, {
    description:
      'Retry now: a FAILED or DELIVERED delivery again, or a PENDING one waiting for its next retry now; same webhook-id',
  })
  retryDelivery(
    @Arg('id', () => ID) _id: string,
    @Granted(DELIVERIES.retry, delivery) access: DeliveryGrant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.deliveries.retry(access);
  }

  @Mutation(() => RetriedDeliveriesType, {
    description:
      "Retry all failed: every FAILED delivery of the location, and every one waiting for its next retry, sent again now; each order's events still in order",
  })
  retryFailedDeliveries(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Granted(DELIVERIES.retryFailedForLocation) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.deliveries.retryFailed(access);
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
