import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { Granted } from '../granted.js';
import type { LocationAccess } from '../../modules/locations/index.js';
import { MENU_OPERATIONS as MENUS } from '../../modules/menus/index.js';
import { STORE_STATUS_OPERATIONS as STORE_STATUS } from '../../modules/store-status/index.js';
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
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('menuId', () => ID) menuId: string,
    @Arg('connectionId', () => ID) connectionId: string,
    @Granted(MENUS.publish) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.menuPublications.publish(access, menuId, { connectionId });
  }

  @Query(() => MenuPublicationPage)
  menuPublications(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('menuId', () => ID) menuId: string,
    @Args(() => PageArgs) page: PageArgs,
    @Arg('newestFirst', () => Boolean, { nullable: true, description: 'The latest first; default oldest first' })
    newestFirst: boolean | null,
    @Granted(MENUS.listPublications) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.menuPublications.findAll(access, menuId, { ...page, newestFirst });
  }

  @Query(() => StoreStatusType)
  async storeStatus(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Granted(STORE_STATUS.read) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return { accountId: access.accountId, locationId: access.locationId, ...(await services.storeStatus.get(access)) };
  }

  @Mutation(() => StoreStatusType, {
    description: 'Sent to every connected marketplace; OFFLINE with closedUntil goes back ONLINE by itself then',
  })
  async setStoreStatus(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @ShapeArg('input', 'StoreStatusInput') input: Shape<'StoreStatusInput'>,
    @Granted(STORE_STATUS.set) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return {
      accountId: access.accountId,
      locationId: access.locationId,
      ...(await services.storeStatus.set(access, input)),
    };
  }
}

@Resolver(() => StoreStatusType)
export class StoreStatusResolver {
  @FieldResolver(() => [StoreStatusMarketplaceType], {
    description: 'The marketplaces it is sent to, and whether they received the last one',
  })
  marketplaces(
    @Root() _status: { accountId: string; locationId: string },
    @Granted(STORE_STATUS.read, (_args, status: { accountId: string; locationId: string }) => status)
    access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.storeStatus.marketplaces(access);
  }
}
