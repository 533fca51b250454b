import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import {
  ApplicationKindEnum,
  ApplicationPage,
  ApplicationType,
  ApplicationWithSecretsType,
} from '../types/application.type.js';
import { PageArgs } from '../types/page-args.js';
import { EventTypeEnum, ReceivedEventType, TestEventResultType } from '../types/event.type.js';
import { eventTypesOf, RECEIVERS_OF } from '../../delivery-engine/webhook-event.js';

@Resolver(() => ApplicationType)
export class ApplicationResolver {
  @FieldResolver(() => Int, { description: 'Locations it is actively connected to, among those the caller reaches' })
  connectionsCount(@Root() application: ApplicationType, @Ctx() { ctx, services }: GraphQLContext) {
    return services.connections.countActive(ctx, application.id);
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
    @Arg('applicationId', () => ID) applicationId: string,
    @Arg('eventType', () => EventTypeEnum) eventType: EventTypeEnum,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.testEvents.send(ctx, applicationId, { eventType });
  }

  @Query(() => ApplicationType)
  application(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GraphQLContext) {
    return services.applications.findOne(ctx, id);
  }

  @Query(() => ApplicationPage)
  applications(
    @Args(() => PageArgs) page: PageArgs,
    @Arg('kind', () => ApplicationKindEnum, { nullable: true }) kind: ApplicationKindEnum | null,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.applications.findAll(ctx, { ...page, kind });
  }

  @Mutation(() => ApplicationWithSecretsType)
  createApplication(
    @ShapeArg('input', 'CreateApplication') input: Shape<'CreateApplication'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.applications.create(ctx, input);
  }

  @Mutation(() => ApplicationType)
  updateApplication(
    @Arg('id', () => ID) id: string,
    @ShapeArg('input', 'UpdateApplication') input: Shape<'UpdateApplication'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.applications.update(ctx, id, input);
  }

  @Mutation(() => ApplicationWithSecretsType, { description: 'New client secret and webhook secret, shown once' })
  rotateApplicationSecret(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GraphQLContext) {
    return services.applications.rotateSecrets(ctx, id);
  }
}
