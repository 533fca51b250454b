import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { ApplicationGrant, Grant } from '../../auth/authorize.js';
import { APPLICATION_OPERATIONS as APPLICATIONS } from '../../modules/applications/index.js';
import { EVENT_OPERATIONS as EVENTS } from '../../modules/events/index.js';
import { CONNECTION_OPERATIONS as CONNECTIONS } from '../../modules/connections/index.js';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { Granted } from '../granted.js';
import {
  ApplicationKindEnum,
  ApplicationPage,
  ApplicationType,
  ApplicationWithSecretsType,
} from '../types/application.type.js';
import { PageArgs } from '../types/page-args.js';
import { EventTypeEnum, ReceivedEventType, TestEventResultType } from '../types/event.type.js';
import { eventTypesOf, RECEIVERS_OF } from '../../delivery-engine/webhook-event.js';

const application = (args: { id: string }) => ({ applicationId: args.id });

@Resolver(() => ApplicationType)
export class ApplicationResolver {
  @FieldResolver(() => Int, { description: 'Locations it is actively connected to, among those the caller reaches' })
  connectionsCount(
    @Root() application: ApplicationType,
    @Granted(CONNECTIONS.count) grant: Grant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.connections.countActive(grant, application.id);
  }

  @FieldResolver(() => [ReceivedEventType], {
    description: 'The event types it receives and at which of its URLs: what a test event may send it',
  })
  receivesEvents(@Root() application: ApplicationType) {
    if (!application.kind) return [];
    return eventTypesOf(application.kind).map((eventType) => ({ eventType, urlField: RECEIVERS_OF[eventType].url }));
  }

  @Mutation(() => TestEventResultType, {
    description:
      "A sample of an event type the application receives, sent now to its URL for it (test: true); the partner's answer",
  })
  sendTestEvent(
    @Arg('applicationId', () => ID) _applicationId: string,
    @Arg('eventType', () => EventTypeEnum) eventType: EventTypeEnum,
    @Granted(EVENTS.sendTest) access: ApplicationGrant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.testEvents.send(access, { eventType });
  }

  @Query(() => ApplicationType)
  application(
    @Arg('id', () => ID) _id: string,
    @Granted(APPLICATIONS.read, application) access: ApplicationGrant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.applications.findOne(access);
  }

  @Query(() => ApplicationPage)
  applications(
    @Args(() => PageArgs) page: PageArgs,
    @Arg('kind', () => ApplicationKindEnum, { nullable: true }) kind: ApplicationKindEnum | null,
    @Granted(APPLICATIONS.list) grant: Grant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.applications.findAll(grant, { ...page, kind });
  }

  @Mutation(() => ApplicationWithSecretsType)
  createApplication(
    @ShapeArg('input', 'CreateApplication') input: Shape<'CreateApplication'>,
    @Granted(APPLICATIONS.create) grant: Grant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.applications.create(grant, input);
  }

  @Mutation(() => ApplicationType)
  updateApplication(
    @Arg('id', () => ID) _id: string,
    @ShapeArg('input', 'UpdateApplication') input: Shape<'UpdateApplication'>,
    @Granted(APPLICATIONS.update, application) access: ApplicationGrant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.applications.update(access, input);
  }

  @Mutation(() => ApplicationWithSecretsType, { description: 'New client secret and webhook secret, shown once' })
  rotateApplicationSecret(
    @Arg('id', () => ID) _id: string,
    @Granted(APPLICATIONS.rotateSecret, application) access: ApplicationGrant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.applications.rotateSecrets(access);
  }
}
