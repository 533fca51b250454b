import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type PubSub } from 'type-graphql';
import { AccountResolver } from './resolvers/account.resolver.js';
import { DeliveryRecipientResolver, DeliveryResolver } from './resolvers/delivery.resolver.js';
import { ApplicationResolver } from './resolvers/application.resolver.js';
import { ConnectionResolver } from './resolvers/connection.resolver.js';
import { CatalogResolver, ModifierResolver, ProductResolver } from './resolvers/catalog.resolver.js';
import { LiveResolver } from './resolvers/live.resolver.js';
import { LocationResolver } from './resolvers/location.resolver.js';
import { OrderItemResolver, OrderResolver, OrderStatusChangeResolver } from './resolvers/order.resolver.js';
import { MenuResolver } from './resolvers/menu.resolver.js';
import { PublicationResolver, StoreStatusResolver } from './resolvers/publication.resolver.js';
import { HomeResolver } from './resolvers/home.resolver.js';
import { SandboxResolver } from './resolvers/sandbox.resolver.js';
import { ReportResolver } from './resolvers/report.resolver.js';
import { UserResolver } from './resolvers/user.resolver.js';
import { ViewerResolver } from './resolvers/viewer.resolver.js';
import { ActivityResolver } from './resolvers/activity.resolver.js';
import { HubRulesResolver } from './resolvers/hub-rules.resolver.js';
import { AvailabilityResolver } from './resolvers/availability.resolver.js';
import { OrderSettingsResolver } from './resolvers/order-settings.resolver.js';

const RESOLVERS = [
  AccountResolver,
  LocationResolver,
  ApplicationResolver,
  ConnectionResolver,
  UserResolver,
  CatalogResolver,
  ProductResolver,
  ModifierResolver,
  DeliveryResolver,
  DeliveryRecipientResolver,
  OrderResolver,
  OrderStatusChangeResolver,
  OrderItemResolver,
  MenuResolver,
  PublicationResolver,
  StoreStatusResolver,
  AvailabilityResolver,
  OrderSettingsResolver,
  HomeResolver,
  SandboxResolver,
  ReportResolver,
  LiveResolver,
  ViewerResolver,
  ActivityResolver,
  HubRulesResolver,
] as const;

// Rules live in services; type-graphql's class-validator integration is off so there is one set of rules.
export function buildHubSchema(): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: RESOLVERS, validate: false, pubSub: NO_PUBSUB });
}

/**
 * type-graphql insists on a PubSub once there are subscriptions, but every subscription of the hub brings its
 * own `subscribe` (src/graphql/live-stream.ts, fed by src/live): topics through type-graphql are a mistake.
 */
const NO_PUBSUB: PubSub = {
  publish() {
    throw new Error('publish through src/live (NOTIFY in the transaction of the change), not type-graphql');
  },
  subscribe() {
    throw new Error('subscriptions take their events from src/live (liveStream)');
  },
};
