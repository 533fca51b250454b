import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { AccountResolver } from './resolvers/account.resolver.js';
import { DeliveryResolver } from './resolvers/delivery.resolver.js';
import { ApplicationResolver } from './resolvers/application.resolver.js';
import { ConnectionResolver } from './resolvers/connection.resolver.js';
import { CatalogResolver, ModifierResolver, ProductResolver } from './resolvers/catalog.resolver.js';
import { LocationResolver } from './resolvers/location.resolver.js';
import { OrderResolver } from './resolvers/order.resolver.js';
import { MenuResolver } from './resolvers/menu.resolver.js';
import { PublicationResolver } from './resolvers/publication.resolver.js';
import { UserResolver } from './resolvers/user.resolver.js';

export const RESOLVERS = [AccountResolver, LocationResolver, ApplicationResolver, ConnectionResolver, UserResolver, CatalogResolver, ProductResolver, ModifierResolver, DeliveryResolver, OrderResolver, MenuResolver, PublicationResolver] as const;

// Rules live in services; type-graphql's class-validator integration is off so there is one set of rules.
export function buildHubSchema(): Promise<GraphQLSchema> {
  return buildSchema({ resolvers: RESOLVERS, validate: false });
}
