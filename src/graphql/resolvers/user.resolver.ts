import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { PageArgs } from '../types/page-args.js';
import { CreateUserInput, UserPage, UserType } from '../types/user.type.js';

@Resolver(() => UserType)
export class UserResolver {
  @Query(() => UserPage)
  users(@Args(() => PageArgs) page: PageArgs, @Ctx() { ctx, services }: GraphQLContext) {
    return services.users.findAll(ctx, page);
  }

  @Mutation(() => UserType)
  createUser(@Arg('input', () => CreateUserInput) input: CreateUserInput, @Ctx() { ctx, services }: GraphQLContext) {
    return services.users.create(ctx, input);
  }
}
