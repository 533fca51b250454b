import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, ID, ObjectType } from 'type-graphql';
import { ApplicationKindEnum } from './application.type.js';
import { PageType } from './page.type.js';

@ObjectType('AvailableApplication')
class AvailableApplicationType {
  @Field(() => ID)
  id: string;

  @Field(() => ApplicationKindEnum)
  kind: ApplicationKindEnum;

  @Field()
  name: string;

  @Field({ description: 'The OAuth client_id, for sending an operator to /oauth2/authorize' })
  clientId: string;

  @Field(() => [String], { description: 'Where authorization lands (redirect_uri)' })
  redirectUris: string[];

  @Field({ description: "One of the hub's built-in sandbox partners" })
  sandbox: boolean;

  @Field()
  connected: boolean;

  @Field(() => ID, { nullable: true })
  connectionId: string | null;

  @Field()
  createdAt: string;
}

@ObjectType()
export class AvailableApplicationPage extends PageType(AvailableApplicationType, 'AvailableApplicationPage') {}

@ObjectType('Connection')
export class ConnectionType {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  applicationId: string;

  @Field()
  applicationName: string;

  @Field(() => ApplicationKindEnum)
  kind: ApplicationKindEnum;

  @Field(() => ID)
  accountId: string;

  @Field(() => ID)
  locationId: string;

  @Field()
  status: string;

  @Field(() => GraphQLJSONObject, { nullable: true, description: 'Masked' })
  credentials: Record<string, unknown> | null;

  @Field()
  createdAt: string;

  @Field()
  updatedAt: string;
}

@ObjectType()
export class ConnectionPage extends PageType(ConnectionType, 'ConnectionPage') {}
