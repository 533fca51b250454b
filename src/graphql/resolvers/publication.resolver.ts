import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { PageArgs } from '../types/page-args.js';
import {
  MenuPublicationPage,
  MenuPublicationType,
  StoreStatusMarketplaceType,
  StoreStatusType,
} from '../types/publication.type.js';

/** Menu publication and store status: the REST operations, calling the same service methods. */
@Resolver(() => MenuPublicationType)
export class PublicationResolver {
  @Mutation(() => MenuPublicationType, {
    description: 'Publishes the menu to a MARKETPLACE connection of the location, through the outbox',
  })
  publishMenu(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('menuId', () => ID) menuId: string,
    @Arg('connectionId', () => ID) connectionId: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.menuPublications.publish(ctx, accountId, locationId, menuId, { connectionId });
  }

  @Query(() => MenuPublicationPage)
  menuPublications(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('menuId', () => ID) menuId: string,
    @Args(() => PageArgs) page: PageArgs,
    @Arg('newestFirst', () => Boolean, { nullable: true, description: 'The latest first; default oldest first' })
    newestFirst: boolean | null,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.menuPublications.findAll(ctx, accountId, locationId, menuId, { ...page, newestFirst });
  }

  @Query(() => StoreStatusType)
  async storeStatus(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return { accountId, locationId, ...(await services.storeStatus.get(ctx, accountId, locationId)) };
  }

  @Mutation(() => StoreStatusType, {
    description: 'Sent to every connected marketplace; OFFLINE with closedUntil goes back ONLINE by itself then',
  })
  async setStoreStatus(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @ShapeArg('input', 'StoreStatusInput') input: Shape<'StoreStatusInput'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return { accountId, locationId, ...(await services.storeStatus.set(ctx, accountId, locationId, input)) };
  }
}

@Resolver(() => StoreStatusType)
export class StoreStatusResolver {
  @FieldResolver(() => [StoreStatusMarketplaceType], {
    description: 'The marketplaces it is sent to, and whether they received the last one',
  })
  marketplaces(@Root() status: { accountId: string; locationId: string }, @Ctx() { ctx, services }: GraphQLContext) {
    return services.storeStatus.marketplaces(ctx, status.accountId, status.locationId);
  }
}
