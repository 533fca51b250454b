import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { PageArgs } from '../types/page-args.js';
import { UserPage, UserType } from '../types/user.type.js';

@Resolver(() => UserType)
export class UserResolver {
  @Query(() => UserPage)
  users(@Args(() => PageArgs) page: PageArgs, @Ctx() { ctx, services }: GraphQLContext) {
    return services.users.findAll(ctx, page);
  }

  @Mutation(() => UserType, {
    description:
      'No sign-in from now on; every token and UI session of the user ends at once (admins: anyone but themselves; resellers: their merchants)',
  })
  deactivateUser(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GraphQLContext) {
    return services.users.deactivate(ctx, id);
  }

  @Mutation(() => UserType, {
    description:
      "Changes the accounts a merchant works in (its sessions reach exactly these from their next request; admins: any merchant; resellers: their merchants, within their own accounts), or a user's username",
  })
  updateUser(
    @Arg('id', () => ID) id: string,
    @ShapeArg('input', 'UpdateUser') input: Shape<'UpdateUser'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.users.update(ctx, id, input);
  }

  @Mutation(() => UserType, { description: 'A deactivated user may sign in again' })
  reactivateUser(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GraphQLContext) {
    return services.users.reactivate(ctx, id);
  }

  @Mutation(() => UserType)
  createUser(@ShapeArg('input', 'CreateUser') input: Shape<'CreateUser'>, @Ctx() { ctx, services }: GraphQLContext) {
    return services.users.create(ctx, input);
  }
}
