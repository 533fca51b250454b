import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { Granted } from '../granted.js';
import type { LocationAccess } from '../../modules/locations/index.js';
import { CONNECTION_OPERATIONS as CONNECTIONS } from '../../modules/connections/index.js';
import { ApplicationKindEnum } from '../types/application.type.js';
import { AvailableApplicationPage, ConnectionPage, ConnectionType } from '../types/connection.type.js';
import { PageArgs } from '../types/page-args.js';

@Resolver(() => ConnectionType)
export class ConnectionResolver {
  @Query(() => AvailableApplicationPage, { description: 'Applications available for a location, each with connected' })
  availableApplications(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('kind', () => ApplicationKindEnum, { nullable: true }) kind: ApplicationKindEnum | null,
    @Args(() => PageArgs) page: PageArgs,
    @Granted(CONNECTIONS.available) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.connections.findAvailable(access, { ...page, kind });
  }

  @Query(() => ConnectionPage)
  connections(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Args(() => PageArgs) page: PageArgs,
    @Granted(CONNECTIONS.list) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.connections.findAll(access, page);
  }

  @Query(() => ConnectionType)
  connection(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('id', () => ID) id: string,
    @Granted(CONNECTIONS.read) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.connections.findOne(access, id);
  }

  @Mutation(() => ConnectionType)
  connect(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @ShapeArg('input', 'CreateConnection') input: Shape<'CreateConnection'>,
    @Granted(CONNECTIONS.connect) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.connections.connect(access, input);
  }

  @Mutation(() => ConnectionType, {
    description:
      "The connection's credentials entered anew (null removes them): what the partner is sent from now on carries them",
  })
  updateConnection(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('id', () => ID) id: string,
    @ShapeArg('input', 'UpdateConnection') input: Shape<'UpdateConnection'>,
    @Granted(CONNECTIONS.updateCredentials) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.connections.updateCredentials(access, id, input);
  }

  @Mutation(() => ConnectionType, { description: 'The application loses the location at once' })
  disconnect(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('id', () => ID) id: string,
    @Granted(CONNECTIONS.disconnect) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.connections.disconnect(access, id);
  }
}
