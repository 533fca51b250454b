import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { PageType } from './page.type.js';
import { enumOf } from './enum-of.js';
import { APPLICATION_KINDS } from '../../modules/applications/index.js';
import type { ApplicationKind } from '../../common/principal.js';

export const ApplicationKindEnum = enumOf(APPLICATION_KINDS);
export type ApplicationKindEnum = ApplicationKind;
registerEnumType(ApplicationKindEnum, { name: 'ApplicationKind' });

@ObjectType('Application')
export class ApplicationType {
  @Field(() => ID)
  id: string;

  @Field(() => ApplicationKindEnum, { nullable: true, description: "null for the hub's own first-party clients" })
  kind: ApplicationKindEnum | null;

  @Field()
  name: string;

  @Field()
  clientId: string;

  @Field(() => [String])
  redirectUris: string[];

  @Field(() => [String])
  scopes: string[];

  @Field(() => String, { nullable: true })
  webhookUrl: string | null;

  @Field(() => String, { nullable: true })
  catalogPullUrl: string | null;

  @Field(() => String, { nullable: true })
  menuPublicationUrl: string | null;

  @Field(() => String, { nullable: true })
  storeStatusUrl: string | null;

  @Field()
  firstParty: boolean;

  @Field({
    description:
      "One of the hub's built-in sandbox partners (outside production only): connected like any, never changed",
  })
  sandbox: boolean;

  @Field()
  createdAt: string;

  @Field()
  updatedAt: string;
}

@ObjectType('ApplicationWithSecrets', {
  description: 'An application with the secrets shown only on creation and rotation',
})
export class ApplicationWithSecretsType extends ApplicationType {
  @Field()
  clientSecret: string;

  @Field({ description: 'Standard Webhooks signing secret (whsec_...)' })
  webhookSecret: string;
}

@ObjectType()
export class ApplicationPage extends PageType(ApplicationType, 'ApplicationPage') {}
