import { Ctx, Query, Resolver } from 'type-graphql';
import type { Grant } from '../../auth/authorize.js';
import { HOME_OPERATIONS as HOME } from '../../modules/home/index.js';
import type { GraphQLContext } from '../context.js';
import { Granted } from '../granted.js';
import { LocationSummaryType } from '../types/home.type.js';

@Resolver()
export class HomeResolver {
  @Query(() => [LocationSummaryType], {
    description: "The caller's locations for its home page, new orders and failing deliveries first (at most 50)",
  })
  home(@Granted(HOME.summary) grant: Grant, @Ctx() { services }: GraphQLContext) {
    return services.home.summary(grant);
  }
}
