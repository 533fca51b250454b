import { ArgsType, Field, ID, ObjectType } from 'type-graphql';
import { PageArgs } from './page-args.js';
import { PageType } from './page.type.js';

@ObjectType('Account')
export class AccountType {
  @Field(() => ID)
  id: string;

  @Field()
  name: string;

  @Field()
  createdAt: string;

  @Field()
  updatedAt: string;
}

@ObjectType()
export class AccountPage extends PageType(AccountType, 'AccountPage') {}

@ArgsType()
export class AccountListArgs extends PageArgs {
  @Field(() => String, {
    nullable: true,
    description: 'Only accounts whose name contains this text, in any case (at most 255 characters)',
  })
  search?: string | null;
}
