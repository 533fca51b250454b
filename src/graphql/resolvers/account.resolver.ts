import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { AccountListArgs, AccountPage, AccountType } from '../types/account.type.js';

@Resolver(() => AccountType)
export class AccountResolver {
  @Query(() => AccountType)
  account(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GraphQLContext) {
    return services.accounts.findOne(ctx, id);
  }

  @Query(() => AccountPage)
  accounts(@Args(() => AccountListArgs) args: AccountListArgs, @Ctx() { ctx, services }: GraphQLContext) {
    return services.accounts.findAll(ctx, args);
  }

  @Mutation(() => AccountType, {
    description: 'Rename an account (scope provisioning: admins, and the reseller that created it)',
  })
  updateAccount(
    @Arg('id', () => ID) id: string,
    @ShapeArg('input', 'UpdateAccount') input: Shape<'UpdateAccount'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.accounts.rename(ctx, id, input);
  }

  @Mutation(() => AccountType)
  createAccount(
    @ShapeArg('input', 'CreateAccount') input: Shape<'CreateAccount'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.accounts.create(ctx, input);
  }
}
