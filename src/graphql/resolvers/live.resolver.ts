import { Arg, ID, Resolver, Root, Subscription, type SubscribeResolverData } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { liveItem, liveStream, type LiveStreamItem } from '../live-stream.js';
import {
  DeliveryEventType,
  LiveEventKindEnum,
  MenuEventType,
  MenuPublicationEventType,
  OrderBoardEventType,
  StoreStatusEventType,
} from '../types/live.type.js';
import type { OrderView } from '../../modules/orders/order.view.js';
import type { DeliveryDetailView } from '../../modules/delivery-log/delivery.view.js';
import type { MenuPublicationView } from '../../modules/menus/menu-publication.view.js';
import type { MenuView } from '../../modules/menus/menu.view.js';
import type { StoreStatusView } from '../../modules/store-status/store-status.view.js';

// Subscriptions (graphql-ws at /graphql, docs/contract.md "GraphQL"), fed by the live signals of src/live. Each one
// is authorized by the service check of its query and reads what a signal names through the same service
// method as that query, with the caller's reach as of the signal.

type Data<A> = SubscribeResolverData<unknown, A, GraphQLContext>;
type LocationArgs = { accountId: string; locationId: string };

const kind = (value: string) => value as LiveEventKindEnum;

@Resolver()
export class LiveResolver {
  @Subscription(() => OrderBoardEventType, {
    description:
      "The location's orders as they are placed and change status (a live order board); the same reach as orders",
    subscribe: ({ args, context }: Data<LocationArgs>) =>
      liveStream<OrderView>(context, {
        key: { locationId: args.locationId },
        authorize: (ctx) => context.services.orders.assertReadable(ctx, args.accountId, args.locationId),
        async load(ctx, signal) {
          if (signal.topic !== 'order') return null;
          return {
            kind: signal.change,
            value: await context.services.orders.findOne(ctx, args.accountId, args.locationId, signal.orderId),
          };
        },
      }),
  })
  orderBoard(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Root() item: LiveStreamItem<OrderView>,
  ): OrderBoardEventType {
    const event = liveItem(item);
    return { kind: kind(event.kind), order: event.value as never };
  }

  @Subscription(() => DeliveryEventType, {
    description:
      "The location's deliveries as their attempts are made and retried (the live delivery log); the same reach as locationDeliveries",
    subscribe: ({ args, context }: Data<LocationArgs>) =>
      liveStream<DeliveryDetailView>(context, {
        key: { locationId: args.locationId },
        authorize: (ctx) => context.services.deliveries.assertLocationReadable(ctx, args.accountId, args.locationId),
        async load(ctx, signal) {
          if (signal.topic !== 'delivery') return null;
          return { kind: 'CHANGED', value: await context.services.deliveries.findOne(ctx, signal.deliveryId) };
        },
      }),
  })
  locationDeliveryChanged(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Root() item: LiveStreamItem<DeliveryDetailView>,
  ): DeliveryEventType {
    const event = liveItem(item);
    return { kind: kind(event.kind), delivery: event.value as never };
  }

  @Subscription(() => DeliveryEventType, {
    description: 'The deliveries addressed to an application as they move; the same reach as applicationDeliveries',
    subscribe: ({ args, context }: Data<{ applicationId: string }>) =>
      liveStream<DeliveryDetailView>(context, {
        key: { applicationId: args.applicationId },
        authorize: async (ctx) => context.services.deliveries.assertApplicationReadable(ctx, args.applicationId),
        async load(ctx, signal) {
          if (signal.topic !== 'delivery' || signal.applicationId !== args.applicationId) return null;
          return { kind: 'CHANGED', value: await context.services.deliveries.findOne(ctx, signal.deliveryId) };
        },
      }),
  })
  applicationDeliveryChanged(
    @Arg('applicationId', () => ID) _applicationId: string,
    @Root() item: LiveStreamItem<DeliveryDetailView>,
  ): DeliveryEventType {
    const event = liveItem(item);
    return { kind: kind(event.kind), delivery: event.value as never };
  }

  @Subscription(() => MenuPublicationEventType, {
    description:
      "The menu's publications as their delivery moves (pending, delivered, failed); the same reach as menuPublications",
    subscribe: ({ args, context }: Data<LocationArgs & { menuId: string }>) =>
      liveStream<MenuPublicationView>(context, {
        key: { locationId: args.locationId },
        authorize: (ctx) =>
          context.services.menuPublications.readableMenu(ctx, args.accountId, args.locationId, args.menuId),
        async load(ctx, signal) {
          if (signal.topic !== 'delivery' || signal.eventType !== 'MENU_PUBLISHED') return null;
          const publication = await context.services.menuPublications.findByDelivery(
            ctx,
            args.accountId,
            args.locationId,
            args.menuId,
            signal.deliveryId,
          );
          return publication && { kind: 'CHANGED', value: publication };
        },
      }),
  })
  menuPublicationChanged(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('menuId', () => ID) _menuId: string,
    @Root() item: LiveStreamItem<MenuPublicationView>,
  ): MenuPublicationEventType {
    const event = liveItem(item);
    return { kind: kind(event.kind), publication: event.value as never };
  }

  @Subscription(() => MenuEventType, {
    description:
      'The menu as what it shows changes: an edit of it, or of the catalog or location behind it (out of stock, a price, tax rates); the same reach as menu',
    subscribe: ({ args, context }: Data<LocationArgs & { menuId: string }>) =>
      liveStream<MenuView>(context, {
        key: { locationId: args.locationId },
        authorize: (ctx) => context.services.menus.findOne(ctx, args.accountId, args.locationId, args.menuId),
        async load(ctx, signal) {
          if (signal.topic !== 'menu' || (signal.menuIds !== null && !signal.menuIds.includes(args.menuId)))
            return null;
          return {
            kind: 'CHANGED',
            value: await context.services.menus.findOne(ctx, args.accountId, args.locationId, args.menuId),
          };
        },
      }),
  })
  menuChanged(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('menuId', () => ID) _menuId: string,
    @Root() item: LiveStreamItem<MenuView>,
  ): MenuEventType {
    const event = liveItem(item);
    return { kind: kind(event.kind), menu: event.value as never };
  }

  @Subscription(() => StoreStatusEventType, {
    description:
      "The location's store status as it changes, and as its marketplaces receive it; the same reach as storeStatus",
    subscribe: ({ args, context }: Data<LocationArgs>) =>
      liveStream<StoreStatusView>(context, {
        key: { locationId: args.locationId },
        authorize: (ctx) => context.services.storeStatus.get(ctx, args.accountId, args.locationId),
        async load(ctx, signal) {
          const concerns =
            signal.topic === 'store-status' ||
            (signal.topic === 'delivery' && signal.eventType === 'STORE_STATUS_CHANGED');
          if (!concerns) return null;
          return {
            kind: 'CHANGED',
            value: await context.services.storeStatus.get(ctx, args.accountId, args.locationId),
          };
        },
      }),
  })
  storeStatusChanged(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Root() item: LiveStreamItem<StoreStatusView>,
  ): StoreStatusEventType {
    const event = liveItem(item);
    return { kind: kind(event.kind), storeStatus: event.value && ({ accountId, locationId, ...event.value } as never) };
  }
}
