import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { ApplicationKindEnum } from '../types/application.type.js';
import { AvailableApplicationPage, ConnectionPage, ConnectionType } from '../types/connection.type.js';
import { PageArgs } from '../types/page-args.js';

@Resolver(() => ConnectionType)
export class ConnectionResolver {
  @Query(() => AvailableApplicationPage, { description: 'Applications available for a location, each with connected' })
  availableApplications(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('kind', () => ApplicationKindEnum, { nullable: true }) kind: ApplicationKindEnum | null,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.connections.findAvailable(ctx, accountId, locationId, { ...page, kind });
  }

  @Query(() => ConnectionPage)
  connections(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.connections.findAll(ctx, accountId, locationId, page);
  }

  @Query(() => ConnectionType)
  connection(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.connections.findOne(ctx, accountId, locationId, id);
  }

  @Mutation(() => ConnectionType)
  connect(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @ShapeArg('input', 'CreateConnection') input: Shape<'CreateConnection'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.connections.connect(ctx, accountId, locationId, input);
  }

  @Mutation(() => ConnectionType, {
    description:
      "The connection's credentials entered anew (null removes them): what the partner is sent from now on carries them",
  })
  updateConnection(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('id', () => ID) id: string,
    @ShapeArg('input', 'UpdateConnection') input: Shape<'UpdateConnection'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.connections.updateCredentials(ctx, accountId, locationId, id, input);
  }

  @Mutation(() => ConnectionType, { description: 'The application loses the location at once' })
  disconnect(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.connections.disconnect(ctx, accountId, locationId, id);
  }
}
