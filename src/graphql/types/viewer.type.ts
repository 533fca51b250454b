import { Field, ID, ObjectType } from 'type-graphql';
import { RoleEnum } from './user.type.js';

@ObjectType('ViewerPermissions', { description: 'What the signed-in operator may do, decided by the server' })
export class ViewerPermissionsType {
  @Field({ description: 'Register and manage partner applications' })
  manageApplications: boolean;

  @Field({ description: 'List and create users' })
  manageUsers: boolean;

  @Field(() => [RoleEnum], { description: 'The roles this operator may give a new user' })
  creatableRoles: RoleEnum[];

  @Field({ description: 'Create accounts and locations' })
  provision: boolean;

  @Field({ description: 'Edit locations and their tax rates' })
  editLocations: boolean;

  @Field({ description: 'Connect and disconnect applications' })
  manageConnections: boolean;

  @Field({ description: 'Pull the catalog and change products' })
  editCatalog: boolean;

  @Field({ description: 'Build menus and publish them' })
  editMenus: boolean;

  @Field({ description: 'Retry a delivery of the log now' })
  retryDeliveries: boolean;

  @Field({ description: 'Send a test order from the sandbox marketplace (outside production, where the sandbox is)' })
  sendTestOrders: boolean;

  @Field({ description: "Retry every failing delivery of a location at once (the log's Retry all failed)" })
  retryFailedDeliveries: boolean;

  @Field({ description: 'Send a sample event to the URLs of the applications this operator manages' })
  sendTestEvents: boolean;
}

@ObjectType('Viewer', { description: 'The operator signed in to the web UI' })
export class ViewerType {
  @Field(() => ID)
  id: string;

  @Field()
  email: string;

  @Field(() => RoleEnum)
  role: RoleEnum;

  @Field(() => ViewerPermissionsType)
  permissions: ViewerPermissionsType;
}
