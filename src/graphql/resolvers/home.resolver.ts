import { Ctx, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { LocationSummaryType } from '../types/home.type.js';

@Resolver()
export class HomeResolver {
  @Query(() => [LocationSummaryType], {
    description: "The caller's locations for its home page, new orders and failing deliveries first (at most 50)",
  })
  home(@Ctx() { ctx, services }: GraphQLContext) {
    return services.home.summary(ctx);
  }
}
