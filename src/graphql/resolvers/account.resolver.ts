import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { AccountPage, AccountType, CreateAccountInput } from '../types/account.type.js';
import { PageArgs } from '../types/page-args.js';

@Resolver(() => AccountType)
export class AccountResolver {
  @Query(() => AccountType)
  account(@Arg('id', () => ID) id: string, @Ctx() { ctx, services }: GraphQLContext) {
    return services.accounts.findOne(ctx, id);
  }

  @Query(() => AccountPage)
  accounts(@Args(() => PageArgs) page: PageArgs, @Ctx() { ctx, services }: GraphQLContext) {
    return services.accounts.findAll(ctx, page);
  }

  @Mutation(() => AccountType)
  createAccount(@Arg('input', () => CreateAccountInput) input: CreateAccountInput, @Ctx() { ctx, services }: GraphQLContext) {
    return services.accounts.create(ctx, input);
  }
}
