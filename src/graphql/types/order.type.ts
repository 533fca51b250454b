import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import {
  CANCELLATION_REASONS,
  type CancellationReason,
  ORDER_STATUSES,
  type OrderStatus,
} from '../../modules/orders/index.js';
import { TaxRateType } from './location.type.js';
import { PageArgs } from './page-args.js';
import { PageType } from './page.type.js';
import { enumOf } from './enum-of.js';

// The order of docs/contract.md "Shapes existing clients send" as GraphQL reads it: what the hub decides is typed; what
// the marketplace sent and the hub only carries (customer, delivery, amounts lines) is JSON, exactly as received.

export const OrderStatusEnum = enumOf(ORDER_STATUSES);
export type OrderStatusEnum = OrderStatus;
export const CancellationReasonEnum = enumOf(CANCELLATION_REASONS);
export type CancellationReasonEnum = CancellationReason;
registerEnumType(CancellationReasonEnum, {
  name: 'CancellationReason',
  description: `One of ${CANCELLATION_REASONS.join(', ')}`,
});

registerEnumType(OrderStatusEnum, {
  name: 'OrderStatus',
  description: `One of ${ORDER_STATUSES.join(', ')}`,
});

/** What items and options share: the catalog reference, name, quantity, price and resolved taxRateIds. */
@ObjectType()
abstract class OrderLineType {
  @Field(() => String, { nullable: true })
  posReference?: string | null;

  @Field()
  name: string;

  @Field(() => Int)
  quantity: number;

  @Field(() => Int)
  price: number;

  @Field(() => [String], {
    description: 'Resolved at placement from the catalog (see the Orders tag of the REST document)',
  })
  taxRateIds: string[];
}

@ObjectType('OrderOption')
export class OrderOptionType extends OrderLineType {
  @Field(() => String, { nullable: true })
  modifierId?: string | null;

  @Field(() => String, { nullable: true })
  menuModifierGroupId?: string | null;

  @Field(() => String, { nullable: true })
  modifierGroupName?: string | null;
}

@ObjectType('OrderItem')
export class OrderItemType extends OrderLineType {
  @Field(() => String, { nullable: true })
  productId?: string | null;

  @Field(() => String, { nullable: true })
  partnerId?: string | null;

  @Field(() => String, { nullable: true })
  parentPosReference?: string | null;

  @Field(() => String, { nullable: true })
  menuCategoryId?: string | null;

  @Field(() => String, { nullable: true })
  customerNotes?: string | null;

  @Field(() => [OrderOptionType])
  options: OrderOptionType[];
}

@ObjectType('OrderStatusChange')
export class OrderStatusChangeType {
  @Field(() => OrderStatusEnum)
  status: OrderStatusEnum;

  @Field()
  at: string;

  @Field({ description: 'MARKETPLACE, POS, OPERATOR, or HUB (the hub itself, at the acceptance deadline)' })
  by: string;

  @Field(() => ID, { nullable: true, description: 'The application, or the operator user, that made the change' })
  byId?: string | null;

  @Field(() => String, { nullable: true })
  reason?: string | null;
}

@ObjectType('OrderLocation', {
  description:
    'The location as it was when the order was placed: name, currency, timezone and every tax rate it had then (not only those the taxRateIds name). Later changes to the location do not change it.',
})
export class OrderLocationType {
  @Field(() => ID)
  id: string;

  @Field()
  name: string;

  @Field()
  currency: string;

  @Field()
  timezone: string;

  @Field(() => [TaxRateType])
  taxRates: TaxRateType[];
}

@ObjectType('Order')
export class OrderType {
  @Field(() => ID)
  id: string;

  @Field()
  externalId: string;

  @Field(() => GraphQLJSON, { nullable: true, description: 'A string or a number, as the marketplace sent it' })
  orderNumber?: unknown;

  @Field(() => GraphQLJSON, { nullable: true })
  friendlyId?: unknown;

  @Field()
  fulfillmentType: string;

  @Field()
  currency: string;

  @Field(() => String, { nullable: true })
  placedOn?: string | null;

  @Field(() => Boolean, { nullable: true })
  isPaid?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  isScheduledOrder?: boolean | null;

  @Field(() => String, { nullable: true })
  estimatedPickupTime?: string | null;

  @Field(() => String, { nullable: true })
  estimatedDeliveryTime?: string | null;

  @Field(() => String, { nullable: true })
  notes?: string | null;

  @Field(() => String, { nullable: true })
  tableName?: string | null;

  @Field(() => GraphQLJSONObject, { nullable: true })
  customer?: object | null;

  @Field(() => GraphQLJSONObject, { nullable: true })
  delivery?: object | null;

  @Field(() => [OrderItemType])
  items: OrderItemType[];

  @Field(() => [GraphQLJSONObject], { nullable: true })
  discounts?: object[] | null;

  @Field(() => [GraphQLJSONObject], { nullable: true })
  charges?: object[] | null;

  @Field(() => [GraphQLJSONObject], { nullable: true })
  tax?: object[] | null;

  @Field(() => [GraphQLJSONObject], { nullable: true })
  payments?: object[] | null;

  @Field(() => Int, { nullable: true })
  subTotal?: number | null;

  @Field(() => Int, { nullable: true })
  totalTax?: number | null;

  @Field(() => Int, { nullable: true })
  total?: number | null;

  @Field(() => OrderStatusEnum)
  status: OrderStatusEnum;

  @Field(() => String, { nullable: true })
  cancellationReason: string | null;

  @Field(() => String, { nullable: true })
  cancelledBy: string | null;

  @Field(() => ID)
  accountId: string;

  @Field(() => ID)
  locationId: string;

  @Field({ description: "The marketplace's client id" })
  clientId: string;

  @Field({ description: "The marketplace's name" })
  sourceName: string;

  @Field({
    description:
      'A test order (placed by the sandbox marketplace): it flows like any other but never counts in a figure',
  })
  test: boolean;

  @Field()
  createdAt: string;

  @Field()
  updatedAt: string;

  @Field(() => String, { nullable: true })
  acceptedAt: string | null;

  @Field(() => String, { nullable: true })
  rejectedAt: string | null;

  @Field(() => String, { nullable: true })
  completedAt: string | null;

  @Field(() => String, { nullable: true })
  cancelledAt: string | null;

  @Field(() => [OrderStatusChangeType])
  statusHistory: OrderStatusChangeType[];

  @Field(() => String, {
    nullable: true,
    description:
      'RFC 3339: when the order is overdue if still NEW (the location had an acceptance deadline when it arrived)',
  })
  acceptBy?: string | null;

  @Field(() => String, { nullable: true, description: 'RFC 3339: when the order reached its acceptBy still NEW' })
  overdueAt?: string | null;

  @Field(() => OrderLocationType)
  location: OrderLocationType;
}

@ObjectType()
export class OrderPage extends PageType(OrderType, 'OrderPage') {}

@ObjectType('PlacedOrder')
export class PlacedOrderType {
  @Field(() => OrderType)
  order: OrderType;

  @Field({ description: 'false when this externalId was placed before: the first order is returned' })
  created: boolean;
}

@ArgsType()
export class OrderListArgs extends PageArgs {
  @Field(() => [OrderStatusEnum], { nullable: true, description: 'Only orders in one of these statuses' })
  status?: OrderStatusEnum[] | null;

  @Field(() => String, { nullable: true, description: 'RFC 3339: orders placed at or after it' })
  since?: string | null;

  @Field(() => String, { nullable: true, description: 'RFC 3339: orders placed before it (with since, a date range)' })
  until?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'RFC 3339: orders changed (placed, a status or an estimated time) at or after it; a board polls with its last look',
  })
  updatedSince?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Most recent first, as a live order board shows them; default oldest first',
  })
  newestFirst?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Only orders whose externalId, orderNumber, friendlyId or customer name ("first last") contains this text, in any case',
  })
  search?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Only the order with exactly this externalId (one per marketplace): whether an order arrived',
  })
  externalId?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'true: only test orders; false: no test orders; absent: both' })
  test?: boolean | null;
}

@ArgsType()
export class OrderCountArgs {
  @Field(() => String, { nullable: true, description: "RFC 3339: only orders placed at or after it (today's board)" })
  since?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'RFC 3339: only orders placed before it (with since, a date range)',
  })
  until?: string | null;

  @Field(() => String, { nullable: true, description: 'RFC 3339: only orders changed at or after it' })
  updatedSince?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'true: only test orders; false: no test orders; absent: both' })
  test?: boolean | null;
}

@ObjectType('OrderStatusCount', { description: 'How many orders are in a status: a tab of the live order board' })
export class OrderStatusCountType {
  @Field(() => OrderStatusEnum)
  status: OrderStatusEnum;

  @Field(() => Int)
  count: number;
}
