import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { ActivityEntryType, ActivityListArgs, ActivityPage } from '../types/activity.type.js';

@Resolver(() => ActivityEntryType)
export class ActivityResolver {
  @Query(() => ActivityPage, {
    description:
      'The activity log, newest first: every entry for admins, their accounts and their own changes for others',
  })
  activity(@Args(() => ActivityListArgs) args: ActivityListArgs, @Ctx() { ctx, services }: GraphQLContext) {
    return services.activity.findAll(ctx, args);
  }
}
