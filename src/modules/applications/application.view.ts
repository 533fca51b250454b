import type { ApplicationKind } from '../../common/principal.js';
import type { Application } from './application.entity.js';

// The public shape of an application, for REST and GraphQL alike. Secrets never appear here; they are shown
// once, in ApplicationWithSecrets, when they are made.

export interface ApplicationView {
  id: string;
  kind: ApplicationKind | null;
  name: string;
  clientId: string;
  redirectUris: string[];
  scopes: string[];
  webhookUrl: string | null;
  catalogPullUrl: string | null;
  menuPublicationUrl: string | null;
  storeStatusUrl: string | null;
  firstParty: boolean;
  /** One of the hub's built-in sandbox partners (src/modules/sandbox). */
  sandbox: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ApplicationWithSecrets extends ApplicationView {
  clientSecret: string;
  webhookSecret: string;
}

export function toApplicationView(application: Application): ApplicationView {
  return {
    id: application.id,
    kind: application.kind,
    name: application.name,
    clientId: application.clientId,
    redirectUris: [...application.redirectUris],
    scopes: [...application.scopes],
    webhookUrl: application.webhookUrl,
    catalogPullUrl: application.catalogPullUrl,
    menuPublicationUrl: application.menuPublicationUrl,
    storeStatusUrl: application.storeStatusUrl,
    firstParty: application.firstParty,
    sandbox: application.sandbox,
    createdAt: application.createdAt.toISOString(),
    updatedAt: application.updatedAt.toISOString(),
  };
}
