import type { Shape } from '../../shapes/shape.js';
import type { Application } from './application.entity.js';

// The public shape of an application, for REST and GraphQL alike. Secrets never appear here; they are shown
// once, in ApplicationWithSecrets, when they are made.

export type ApplicationView = Shape<'Application'>;
export type ApplicationWithSecrets = Shape<'ApplicationWithSecrets'>;

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
