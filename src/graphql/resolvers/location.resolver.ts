import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { AccountGrant } from '../../auth/authorize.js';
import { type LocationAccess, LOCATION_OPERATIONS as LOCATIONS } from '../../modules/locations/index.js';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { LocationPage, LocationType } from '../types/location.type.js';
import { Granted } from '../granted.js';
import { PageArgs } from '../types/page-args.js';

const location = (args: { accountId: string; id: string }) => ({ accountId: args.accountId, locationId: args.id });

/** Omitted GraphQL arguments arrive as undefined; an explicit null for taxRates means "unchanged" too. */
@Resolver(() => LocationType)
export class LocationResolver {
  @Query(() => LocationType)
  location(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('id', () => ID) _id: string,
    @Granted(LOCATIONS.read, location) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.locations.findOne(access);
  }

  @Query(() => LocationPage)
  locations(
    @Arg('accountId', () => ID) _accountId: string,
    @Args(() => PageArgs) page: PageArgs,
    @Granted(LOCATIONS.list) access: AccountGrant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.locations.findAll(access, page);
  }

  @Mutation(() => LocationType)
  createLocation(
    @Arg('accountId', () => ID) _accountId: string,
    @ShapeArg('input', 'CreateLocation') input: Shape<'CreateLocation'>,
    @Granted(LOCATIONS.create) access: AccountGrant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.locations.create(access, input);
  }

  @Mutation(() => LocationType)
  updateLocation(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('id', () => ID) _id: string,
    @ShapeArg('input', 'UpdateLocation') input: Shape<'UpdateLocation'>,
    @Granted(LOCATIONS.update, location) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.locations.update(access, input);
  }
}
