import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Grant, UserGrant } from '../../auth/authorize.js';
import { USER_OPERATIONS as USERS } from '../../modules/users/index.js';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { Granted } from '../granted.js';
import { PageArgs } from '../types/page-args.js';
import { UserPage, UserType } from '../types/user.type.js';

const user = (args: { id: string }) => ({ userId: args.id });

@Resolver(() => UserType)
export class UserResolver {
  @Query(() => UserPage)
  users(@Args(() => PageArgs) page: PageArgs, @Granted(USERS.list) grant: Grant, @Ctx() { services }: GraphQLContext) {
    return services.users.findAll(grant, page);
  }

  @Mutation(() => UserType, {
    description:
      'No sign-in from now on; every token and UI session of the user ends at once (admins: anyone but themselves; resellers: their merchants)',
  })
  deactivateUser(
    @Arg('id', () => ID) _id: string,
    @Granted(USERS.deactivate, user) access: UserGrant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.users.deactivate(access);
  }

  @Mutation(() => UserType, {
    description:
      "Changes the accounts a merchant works in (its sessions reach exactly these from their next request; admins: any merchant; resellers: their merchants, within their own accounts), or a user's username",
  })
  updateUser(
    @Arg('id', () => ID) _id: string,
    @ShapeArg('input', 'UpdateUser') input: Shape<'UpdateUser'>,
    @Granted(USERS.update, user) access: UserGrant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.users.update(access, input);
  }

  @Mutation(() => UserType, { description: 'A deactivated user may sign in again' })
  reactivateUser(
    @Arg('id', () => ID) _id: string,
    @Granted(USERS.reactivate, user) access: UserGrant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.users.reactivate(access);
  }

  @Mutation(() => UserType)
  createUser(
    @ShapeArg('input', 'CreateUser') input: Shape<'CreateUser'>,
    @Granted(USERS.create) grant: Grant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.users.create(grant, input);
  }
}
