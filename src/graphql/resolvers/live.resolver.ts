import { Arg, ID, Resolver, Root } from 'type-graphql';
import { authorize } from '../../auth/authorize.js';
import type { GraphQLContext } from '../context.js';
import { liveItem, LiveSubscriptionField, type LiveStreamItem } from '../live-stream.js';
import {
  DeliveryEventType,
  LiveEventKindEnum,
  MenuEventType,
  MenuPublicationEventType,
  OrderBoardEventType,
  StoreStatusEventType,
} from '../types/live.type.js';
import { ORDER_OPERATIONS as ORDERS, type OrderView } from '../../modules/orders/index.js';
import { DELIVERY_OPERATIONS as DELIVERIES, type DeliveryDetailView } from '../../modules/delivery-log/index.js';
import { type MenuPublicationView, MENU_OPERATIONS as MENUS, type MenuView } from '../../modules/menus/index.js';
import { STORE_STATUS_OPERATIONS as STORE_STATUS, type StoreStatusView } from '../../modules/store-status/index.js';
import type { RequestContext } from '../../common/request-context.js';

// Subscriptions (graphql-ws at /graphql, docs/contract.md "GraphQL"), fed by the live signals of src/live. Each one
// is the declared operation of its query (src/graphql/live-stream.ts authorizes it when it starts and for
// every signal), and reads what a signal names through the same service method as that query.

type Args<A> = { args: A; context: GraphQLContext };
type LocationArgs = { accountId: string; locationId: string };

const kind = (value: string) => value as LiveEventKindEnum;

/** A delivery a signal names, as the delivery query reads it (skipped when the caller does not see it). */
async function deliveryOf(context: GraphQLContext, ctx: RequestContext, deliveryId: string) {
  return context.services.deliveries.findOne(await authorize(ctx, DELIVERIES.read, { deliveryId }));
}

@Resolver()
export class LiveResolver {
  @LiveSubscriptionField(
    () => OrderBoardEventType,
    ORDERS.list,
    "The location's orders as they are placed and change status (a live order board); the same reach as orders",
    ({ args, context }: Args<LocationArgs>) => ({
      key: { locationId: args.locationId },
      ids: args,
      start: (access) => context.services.orders.assertReadable(access),
      async load(access, signal) {
        if (signal.topic !== 'order') return null;
        return { kind: signal.change, value: await context.services.orders.findOne(access, signal.orderId) };
      },
    }),
  )
  orderBoard(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Root() item: LiveStreamItem<OrderView>,
  ): OrderBoardEventType {
    const event = liveItem(item);
    return { kind: kind(event.kind), order: event.value as never };
  }

  @LiveSubscriptionField(
    () => DeliveryEventType,
    DELIVERIES.listForLocation,
    "The location's deliveries as their attempts are made and retried (the live delivery log); the same reach as locationDeliveries",
    ({ args, context }: Args<LocationArgs>) => ({
      key: { locationId: args.locationId },
      ids: args,
      start: (access) => context.services.deliveries.assertLocationReadable(access),
      async load(access, signal) {
        if (signal.topic !== 'delivery') return null;
        return { kind: 'CHANGED', value: await deliveryOf(context, access.ctx, signal.deliveryId) };
      },
    }),
  )
  locationDeliveryChanged(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Root() item: LiveStreamItem<DeliveryDetailView>,
  ): DeliveryEventType {
    const event = liveItem(item);
    return { kind: kind(event.kind), delivery: event.value as never };
  }

  @LiveSubscriptionField(
    () => DeliveryEventType,
    DELIVERIES.listForApplication,
    'The deliveries addressed to an application as they move; the same reach as applicationDeliveries',
    ({ args, context }: Args<{ applicationId: string }>) => ({
      key: { applicationId: args.applicationId },
      ids: args,
      async load(grant, signal) {
        if (signal.topic !== 'delivery' || signal.applicationId !== args.applicationId) return null;
        return { kind: 'CHANGED', value: await deliveryOf(context, grant.ctx, signal.deliveryId) };
      },
    }),
  )
  applicationDeliveryChanged(
    @Arg('applicationId', () => ID) _applicationId: string,
    @Root() item: LiveStreamItem<DeliveryDetailView>,
  ): DeliveryEventType {
    const event = liveItem(item);
    return { kind: kind(event.kind), delivery: event.value as never };
  }

  @LiveSubscriptionField(
    () => MenuPublicationEventType,
    MENUS.listPublications,
    "The menu's publications as their delivery moves (pending, delivered, failed); the same reach as menuPublications",
    ({ args, context }: Args<LocationArgs & { menuId: string }>) => ({
      key: { locationId: args.locationId },
      ids: args,
      start: (access) => context.services.menuPublications.readableMenu(access, args.menuId),
      async load(access, signal) {
        if (signal.topic !== 'delivery' || signal.eventType !== 'MENU_PUBLISHED') return null;
        const publication = await context.services.menuPublications.findByDelivery(
          access,
          args.menuId,
          signal.deliveryId,
        );
        return publication && { kind: 'CHANGED', value: publication };
      },
    }),
  )
  menuPublicationChanged(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('menuId', () => ID) _menuId: string,
    @Root() item: LiveStreamItem<MenuPublicationView>,
  ): MenuPublicationEventType {
    const event = liveItem(item);
    return { kind: kind(event.kind), publication: event.value as never };
  }

  @LiveSubscriptionField(
    () => MenuEventType,
    MENUS.read,
    'The menu as what it shows changes: an edit of it, or of the catalog or location behind it (out of stock, a price, tax rates); the same reach as menu',
    ({ args, context }: Args<LocationArgs & { menuId: string }>) => ({
      key: { locationId: args.locationId },
      ids: args,
      start: (access) => context.services.menus.findOne(access, args.menuId),
      async load(access, signal) {
        if (signal.topic !== 'menu' || (signal.menuIds !== null && !signal.menuIds.includes(args.menuId))) return null;
        return { kind: 'CHANGED', value: await context.services.menus.findOne(access, args.menuId) };
      },
    }),
  )
  menuChanged(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('menuId', () => ID) _menuId: string,
    @Root() item: LiveStreamItem<MenuView>,
  ): MenuEventType {
    const event = liveItem(item);
    return { kind: kind(event.kind), menu: event.value as never };
  }

  @LiveSubscriptionField(
    () => StoreStatusEventType,
    STORE_STATUS.read,
    "The location's store status as it changes, and as its marketplaces receive it; the same reach as storeStatus",
    ({ args, context }: Args<LocationArgs>) => ({
      key: { locationId: args.locationId },
      ids: args,
      start: (access) => context.services.storeStatus.get(access),
      async load(access, signal) {
        const concerns =
          signal.topic === 'store-status' ||
          (signal.topic === 'delivery' && signal.eventType === 'STORE_STATUS_CHANGED');
        if (!concerns) return null;
        return { kind: 'CHANGED', value: await context.services.storeStatus.get(access) };
      },
    }),
  )
  storeStatusChanged(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Root() item: LiveStreamItem<StoreStatusView>,
  ): StoreStatusEventType {
    const event = liveItem(item);
    return { kind: kind(event.kind), storeStatus: event.value && ({ accountId, locationId, ...event.value } as never) };
  }
}
