import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { AccountGrant, Grant } from '../../auth/authorize.js';
import { ACCOUNT_OPERATIONS as ACCOUNTS } from '../../modules/accounts/index.js';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { AccountListArgs, AccountPage, AccountType } from '../types/account.type.js';
import { Granted } from '../granted.js';

const account = (args: { id: string }) => ({ accountId: args.id });

@Resolver(() => AccountType)
export class AccountResolver {
  @Query(() => AccountType)
  account(
    @Arg('id', () => ID) _id: string,
    @Granted(ACCOUNTS.read, account) access: AccountGrant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.accounts.findOne(access);
  }

  @Query(() => AccountPage)
  accounts(
    @Args(() => AccountListArgs) args: AccountListArgs,
    @Granted(ACCOUNTS.list) grant: Grant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.accounts.findAll(grant, args);
  }

  @Mutation(() => AccountType, {
    description: 'Rename an account (scope provisioning: admins, and the reseller that created it)',
  })
  updateAccount(
    @Arg('id', () => ID) _id: string,
    @ShapeArg('input', 'UpdateAccount') input: Shape<'UpdateAccount'>,
    @Granted(ACCOUNTS.rename, account) access: AccountGrant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.accounts.rename(access, input);
  }

  @Mutation(() => AccountType)
  createAccount(
    @ShapeArg('input', 'CreateAccount') input: Shape<'CreateAccount'>,
    @Granted(ACCOUNTS.create) grant: Grant,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.accounts.create(grant, input);
  }
}
