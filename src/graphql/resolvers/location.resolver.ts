import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { LocationPage, LocationType } from '../types/location.type.js';
import { PageArgs } from '../types/page-args.js';

/** Omitted GraphQL arguments arrive as undefined; an explicit null for taxRates means "unchanged" too. */
@Resolver(() => LocationType)
export class LocationResolver {
  @Query(() => LocationType)
  location(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.locations.findOne(ctx, accountId, id);
  }

  @Query(() => LocationPage)
  locations(
    @Arg('accountId', () => ID) accountId: string,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.locations.findAll(ctx, accountId, page);
  }

  @Mutation(() => LocationType)
  createLocation(
    @Arg('accountId', () => ID) accountId: string,
    @ShapeArg('input', 'CreateLocation') input: Shape<'CreateLocation'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.locations.create(ctx, accountId, input);
  }

  @Mutation(() => LocationType)
  updateLocation(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('id', () => ID) id: string,
    @ShapeArg('input', 'UpdateLocation') input: Shape<'UpdateLocation'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.locations.update(ctx, accountId, id, input);
  }
}
