import { Args, Ctx, Query, Resolver } from 'type-graphql';
import type { Grant } from '../../auth/authorize.js';
import { ACTIVITY_OPERATIONS as ACTIVITY } from '../../modules/activity/index.js';
import type { GraphQLContext } from '../context.js';
import { Granted } from '../granted.js';
import { ActivityEntryType, ActivityListArgs, ActivityPage } from '../types/activity.type.js';

@Resolver(() => ActivityEntryType)
export class ActivityResolver {
  @Query(() => ActivityPage, {
    description:
      'The activity log, newest first: every entry for admins, their accounts and their own changes for others',
  })
  activity(
    @Args(() => ActivityListArgs) args: ActivityListArgs,
    @Granted(ACTIVITY.list) grant: Grant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.activity.findAll(grant, args);
  }
}
