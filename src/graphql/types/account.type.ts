import { Field, ID, InputType, ObjectType } from 'type-graphql';
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

@InputType()
export class CreateAccountInput {
  @Field()
  name: string;
}
