import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { CANCELLATION_REASONS } from '../../modules/orders/order-status.js';
import { customerName as nameOfCustomer } from '../../modules/orders/customer-name.js';
import type { OrderView } from '../../modules/orders/order.view.js';
import type { StatusChange } from '../../modules/orders/order.entity.js';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { given } from '../given.js';
import { AvailabilityWarningType } from '../types/availability.type.js';
import {
  CancellationReasonEnum,
  OrderCountArgs,
  OrderListArgs,
  OrderPage,
  OrderStatusChangeType,
  OrderStatusCountType,
  OrderStatusEnum,
  OrderType,
  PlacedOrderType,
} from '../types/order.type.js';

@Resolver(() => OrderType)
export class OrderResolver {
  @Query(() => OrderType)
  order(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.orders.findOne(ctx, accountId, locationId, id);
  }

  @Query(() => OrderPage, { description: 'Orders of a location; with status and newestFirst, the live order board' })
  orders(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Args(() => OrderListArgs) args: OrderListArgs,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.orders.findAll(ctx, accountId, locationId, args);
  }

  @Query(() => [OrderStatusCountType], {
    description: "Every order status with how many of the location's orders are in it (those the caller sees)",
  })
  orderCounts(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Args(() => OrderCountArgs) args: OrderCountArgs,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.orders.countByStatus(ctx, accountId, locationId, args);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "The customer's first and last name, as sent: what a kitchen calls the order by, without the rest of `customer`",
  })
  customerName(@Root() order: OrderView) {
    return nameOfCustomer(order.customer);
  }

  @FieldResolver(() => [OrderStatusEnum], {
    description: 'The statuses the caller may move this order to now, by its role: the actions a UI offers',
  })
  allowedTransitions(@Root() order: OrderView, @Ctx() { ctx, services }: GraphQLContext) {
    return services.orders.allowedTransitions(ctx, order);
  }

  @FieldResolver(() => [AvailabilityWarningType], {
    description:
      'Placed while the store was closed, or naming a snoozed product or modifier: which rule, which lines (empty: neither)',
  })
  availabilityWarnings(@Root() order: OrderView) {
    return order.availabilityWarnings ?? [];
  }

  @Query(() => [CancellationReasonEnum], { description: 'The cancellationReason values a cancel or reject may give' })
  orderCancellationReasons() {
    return CANCELLATION_REASONS;
  }

  @Mutation(() => PlacedOrderType, {
    description: 'Place an order (a MARKETPLACE application); the order is the body of POST .../orders',
  })
  placeOrder(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @ShapeArg('order', 'PlaceOrder') order: Shape<'PlaceOrder'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.orders.place(ctx, accountId, locationId, order);
  }

  @Mutation(() => OrderType, {
    description:
      'A test order at the location, placed by the sandbox marketplace (connected there) from the published menu or the catalog (operators; not in production)',
  })
  sendTestOrder(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.testOrders.send(ctx, accountId, locationId);
  }

  @Mutation(() => OrderType, { description: 'The order PATCH: a status change, estimated times' })
  updateOrderStatus(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('id', () => ID) id: string,
    @ShapeArg('input', 'UpdateOrderStatus') input: Shape<'UpdateOrderStatus'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.orders.updateStatus(ctx, accountId, locationId, id, given(input));
  }
}

@Resolver(() => OrderStatusChangeType)
export class OrderStatusChangeResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: "Who made the change: the application's name, or the operator's e-mail (for operators only)",
  })
  byName(@Root() change: StatusChange, @Ctx() { ctx, services }: GraphQLContext) {
    return services.orders.actorName(ctx, change);
  }
}
