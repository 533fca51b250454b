import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { PageType } from './page.type.js';
import { enumOf } from './enum-of.js';
import { ROLES } from '../../modules/users/index.js';
import type { Role } from '../../common/principal.js';

export const RoleEnum = enumOf(ROLES);
export type RoleEnum = Role;
registerEnumType(RoleEnum, { name: 'Role' });

@ObjectType('User')
export class UserType {
  @Field(() => ID)
  id: string;

  @Field()
  email: string;

  @Field(() => String, { nullable: true, description: 'Another name to sign in with (lower-case); null when none' })
  username: string | null;

  @Field(() => RoleEnum)
  role: RoleEnum;

  @Field(() => [ID])
  accountIds: string[];

  @Field(() => String, {
    nullable: true,
    description: 'When an operator deactivated the user (no sign-in, no tokens); null while active',
  })
  deactivatedAt: string | null;

  @Field()
  createdAt: string;

  @Field()
  updatedAt: string;
}

@ObjectType()
export class UserPage extends PageType(UserType, 'UserPage') {}
