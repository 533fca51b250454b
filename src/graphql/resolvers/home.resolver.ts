import { Ctx, Query, Resolver } from 'type-graphql';
import type { Grant } from '../../auth/authorize.js';
import { HOME_OPERATIONS as HOME } from '../../modules/home/index.js';
import type { GraphQLContext } from '../context.js';
import { Granted } from '../granted.js';
import { GettingStartedType, LocationSummaryType } from '../types/home.type.js';

@Resolver()
export class HomeResolver {
  @Query(() => [LocationSummaryType], {
    description: "The caller's locations for its home page, new orders and failing deliveries first (at most 50)",
  })
  home(@Granted(HOME.summary) grant: Grant, @Ctx() { services }: GraphQLContext) {
    return services.home.summary(grant);
  }

  @Query(() => GettingStartedType, {
    description:
      'Getting started: each step of the Application Flow, done or not, from what the hub holds within the caller’s reach (operators)',
  })
  gettingStarted(@Granted(HOME.gettingStarted) grant: Grant, @Ctx() { services }: GraphQLContext) {
    return services.gettingStarted.checklist(grant);
  }
}
