import { GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, ID, ObjectType } from 'type-graphql';
import { PageArgs } from './page-args.js';
import { PageType } from './page.type.js';

@ObjectType('ActivityActor')
export class ActivityActorType {
  @Field({ description: 'USER, APPLICATION or SYSTEM (the hub itself)' })
  type: string;

  @Field(() => ID, { nullable: true })
  id: string | null;

  @Field(() => String, { nullable: true, description: "The user's e-mail or the application's name" })
  name: string | null;

  @Field(() => ID, { nullable: true, description: 'The application a user acted through' })
  viaApplicationId: string | null;

  @Field(() => String, { nullable: true })
  viaApplicationName: string | null;
}

@ObjectType('ActivitySubject')
export class ActivitySubjectType {
  @Field({ description: 'The kind of record: application, user, account, location, order…' })
  type: string;

  @Field(() => String, { nullable: true })
  id: string | null;

  @Field(() => String, { nullable: true, description: 'What a person recognises the record by' })
  name: string | null;
}

@ObjectType('ActivityEntry', { description: 'One change made by an operator or a partner (GET /v1/activity)' })
export class ActivityEntryType {
  @Field(() => ID)
  id: string;

  @Field({ description: 'When the change was made' })
  at: string;

  @Field({ description: '`subject.verb`: order.statusChanged, application.secretsRotated…' })
  action: string;

  @Field(() => ActivityActorType)
  actor: ActivityActorType;

  @Field(() => String, { nullable: true, description: "The client's address as the hub saw it" })
  sourceAddress: string | null;

  @Field(() => String, { nullable: true })
  requestId: string | null;

  @Field(() => ID, { nullable: true })
  accountId: string | null;

  @Field(() => ID, { nullable: true })
  locationId: string | null;

  @Field(() => ActivitySubjectType)
  subject: ActivitySubjectType;

  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: '{field: {from, to}} or facts of the change; secrets are never in it',
  })
  changes: Record<string, unknown> | null;
}

@ObjectType()
export class ActivityPage extends PageType(ActivityEntryType, 'ActivityPage') {}

@ArgsType()
export class ActivityListArgs extends PageArgs {
  @Field(() => ID, { nullable: true })
  accountId?: string | null;

  @Field(() => ID, { nullable: true })
  locationId?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'An action (order.statusChanged) or every action on a kind of record (order)',
  })
  action?: string | null;

  @Field(() => ID, { nullable: true, description: 'Changes made by this user or application' })
  actorId?: string | null;

  @Field(() => String, { nullable: true, description: 'RFC 3339: changes made at or after it' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'RFC 3339: changes made before it' })
  to?: string | null;
}
