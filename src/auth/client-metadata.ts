import type { Application } from '../modules/applications/index.js';
import { isHttpsUrl } from './https-redirects.js';

/** Prefix of the provider's account id for tokens an application holds for itself (client_credentials). */
export const APPLICATION_SUBJECT = 'app:';

export function applicationSubject(applicationId: string): string {
  return `${APPLICATION_SUBJECT}${applicationId}`;
}

/** What our extraClientMetadata adds to oidc-provider's Client (same names in the metadata and on the Client). */
export interface HubClientFields {
  applicationId: string;
  firstParty: boolean;
  kind: Application['kind'];
}

/**
 * An application as oidc-provider client metadata. Every grant type is listed so that a grant the client may
 * not use is refused by the grant itself with unauthorized_client (the documented error), not by the provider's generic
 * invalid_request; authorization_code needs registered redirect URIs (the provider drops it without them).
 * client_secret is the stored SHA-256: Client.compareClientSecret is replaced to compare hashes (provider.ts).
 */
export function clientMetadata(
  application: Application,
  options: { httpsRedirectsOnly?: boolean } = {},
): Record<string, unknown> {
  // In production only https redirect URIs are the client's (src/auth/https-redirects.ts says why).
  const redirectUris = options.httpsRedirectsOnly
    ? application.redirectUris.filter(isHttpsUrl)
    : application.redirectUris;
  const redirects = redirectUris.length > 0;
  return {
    client_id: application.clientId,
    client_secret: application.clientSecretHash,
    client_name: application.name,
    redirect_uris: redirectUris,
    response_types: redirects ? ['code'] : [],
    grant_types: [...(redirects ? ['authorization_code'] : []), 'client_credentials', 'password', 'refresh_token'],
    token_endpoint_auth_method: 'client_secret_basic',
    scope: application.scopes.join(' '),
    applicationId: application.id,
    firstParty: application.firstParty,
    kind: application.kind,
  };
}
