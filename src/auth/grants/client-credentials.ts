import type { KoaContextWithOIDC, Provider } from 'oidc-provider';
import { errors } from 'oidc-provider';
import { applicationSubject, type HubClientFields } from '../client-metadata.js';
import { parseScope } from '../scopes.js';
import { issueTokens, requestedScopes } from './issue.js';

/**
 * client_credentials, replacing the provider's own (which never issues a refresh token): every grant
 * returns both (docs/contract.md "Principals, scopes and tokens"). The tokens belong to the application itself (account
 * id `app:<applicationId>`), so what they reach is the locations connected to it. The hub's own kind-less clients are
 * not partners and may not use it.
 */
export function clientCredentialsGrant(provider: Provider) {
  return async function clientCredentials(ctx: KoaContextWithOIDC): Promise<void> {
    const client = ctx.oidc.client! as unknown as HubClientFields & { scope?: string };
    if (!client.kind) throw new errors.UnauthorizedClient('client_credentials is for POS and MARKETPLACE applications');
    const scopes = requestedScopes(ctx, parseScope(client.scope));
    await issueTokens(provider, ctx, {
      accountId: applicationSubject(client.applicationId),
      scopes,
      gty: 'client_credentials',
    });
  };
}
