import type { KoaContextWithOIDC, Provider } from 'oidc-provider';
import { errors } from 'oidc-provider';
import { parseScope } from '../scopes.js';

/**
 * The scopes a grant asks for, checked against what the client is registered with: none asked means all of
 * them (docs/contract.md "Principals, scopes and tokens"); asking for one outside them is invalid_scope.
 */
export function requestedScopes(ctx: KoaContextWithOIDC, registered: string[]): string[] {
  const asked = parseScope(ctx.oidc.params?.scope as string | undefined);
  if (asked.length === 0) return registered;
  for (const scope of asked) {
    if (!registered.includes(scope)) throw new errors.InvalidScope('requested scope is not allowed', scope);
  }
  return asked;
}

/**
 * What every grant of the hub answers with: a Grant (so the refresh_token grant can rotate and revoke the whole
 * family), an access token and a refresh token for `accountId`.
 */
export async function issueTokens(
  provider: Provider,
  ctx: KoaContextWithOIDC,
  { accountId, scopes, gty }: { accountId: string; scopes: string[]; gty: string },
): Promise<void> {
  const client = ctx.oidc.client!;
  if (scopes.length === 0) throw new errors.InvalidScope('no scope can be granted', '');
  const scope = scopes.join(' ');

  const grant = new provider.Grant({ accountId, clientId: client.clientId });
  grant.addOIDCScope(scope);
  const grantId = await grant.save();

  const accessToken = new provider.AccessToken({ accountId, client, grantId, gty, scope });
  ctx.oidc.entity('AccessToken', accessToken);
  const refreshToken = new provider.RefreshToken({ accountId, client, grantId, gty, scope, rotations: 0 });
  ctx.oidc.entity('RefreshToken', refreshToken);
  const [access, refresh] = await Promise.all([accessToken.save(), refreshToken.save()]);

  ctx.body = {
    access_token: access,
    expires_in: accessToken.expiration,
    refresh_token: refresh,
    scope,
    token_type: 'Bearer',
  };
}
