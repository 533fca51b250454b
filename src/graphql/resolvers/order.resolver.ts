import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { GraphQLSafeInt } from 'graphql-scalars';
import {
  CANCELLATION_REASONS,
  customerName as nameOfCustomer,
  lineTotal,
  linesSubtotal,
  ORDER_OPERATIONS as ORDERS,
  type OrderView,
  type PricedLine,
  type StatusChange,
} from '../../modules/orders/index.js';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { given } from '../given.js';
import { AvailabilityWarningType } from '../types/availability.type.js';
import { Declared, Granted } from '../granted.js';
import type { LocationAccess } from '../../modules/locations/index.js';
import { SANDBOX_OPERATIONS as SANDBOX } from '../../modules/sandbox/index.js';
import {
  CancellationReasonEnum,
  OrderCountArgs,
  OrderItemType,
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
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('id', () => ID) id: string,
    @Granted(ORDERS.read) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.orders.findOne(access, id);
  }

  @Query(() => OrderPage, { description: 'Orders of a location; with status and newestFirst, the live order board' })
  orders(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Args(() => OrderListArgs) args: OrderListArgs,
    @Granted(ORDERS.list) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.orders.findAll(access, args);
  }

  @Query(() => [OrderStatusCountType], {
    description: "Every order status with how many of the location's orders are in it (those the caller sees)",
  })
  orderCounts(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Args(() => OrderCountArgs) args: OrderCountArgs,
    @Granted(ORDERS.count) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.orders.countByStatus(access, args);
  }

  @FieldResolver(() => String, {
    nullable: true,
    description:
      "The customer's first and last name, as sent: what a kitchen calls the order by, without the rest of `customer`",
  })
  customerName(@Root() order: OrderView) {
    return nameOfCustomer(order.customer);
  }

  @FieldResolver(() => GraphQLSafeInt, {
    description:
      "The sum of the lines' totals (lineTotal), computed by the hub; the marketplace's subTotal and total are as it sent them",
  })
  linesSubtotal(@Root() order: OrderView) {
    return linesSubtotal(order.items as PricedLine[]);
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
  @Declared(ORDERS.cancellationReasons)
  orderCancellationReasons() {
    return CANCELLATION_REASONS;
  }

  @Mutation(() => PlacedOrderType, {
    description: 'Place an order (a MARKETPLACE application); the order is the body of POST .../orders',
  })
  placeOrder(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @ShapeArg('order', 'PlaceOrder') order: Shape<'PlaceOrder'>,
    @Granted(ORDERS.place) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.orders.place(access, order);
  }

  @Mutation(() => OrderType, {
    description:
      'A test order at the location, placed by the sandbox marketplace (connected there) from the published menu or the catalog (operators; not in production)',
  })
  sendTestOrder(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Granted(SANDBOX.sendTestOrder) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.testOrders.send(access);
  }

  @Mutation(() => OrderType, { description: 'The order PATCH: a status change, estimated times' })
  updateOrderStatus(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('id', () => ID) id: string,
    @ShapeArg('input', 'UpdateOrderStatus') input: Shape<'UpdateOrderStatus'>,
    @Granted(ORDERS.updateStatus) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.orders.updateStatus(access, id, given(input));
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

@Resolver(() => OrderItemType)
export class OrderItemResolver {
  @FieldResolver(() => GraphQLSafeInt, {
    description: "quantity × (price + each option's price × its quantity), computed by the hub",
  })
  lineTotal(@Root() item: PricedLine) {
    return lineTotal(item);
  }
}
