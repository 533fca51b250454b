import type { MikroORM } from '@mikro-orm/postgresql';
import type { KoaContextWithOIDC, Provider } from 'oidc-provider';
import { errors } from 'oidc-provider';
import { isUnsafeText } from '../../common/unsafe-text.js';
import type { HubClientFields } from '../client-metadata.js';
import { LoginThrottledError, type LoginAttempts } from '../login-attempts.js';
import { scopesUserMayGive } from '../scope-grants.js';
import { parseScope } from '../scopes.js';
import { issueTokens, requestedScopes } from './issue.js';

/**
 * The password grant (the "reseller token"): only for clients an admin flagged first-party (never for external
 * developers), and the web UI's sign-in (src/auth/session). The granted scopes are those asked for
 * (or all the client's), limited by the user's role: scopesUserMayGive, as on the consent page.
 */
export function passwordGrant(provider: Provider, orm: MikroORM, logins: LoginAttempts) {
  return async function password(ctx: KoaContextWithOIDC): Promise<void> {
    const client = ctx.oidc.client! as unknown as HubClientFields & { scope?: string };
    if (!client.firstParty) throw new errors.UnauthorizedClient('the password grant is only for first-party clients');
    const { username, password } = ctx.oidc.params as { username?: string; password?: string };
    if (!username) throw new errors.InvalidRequest('missing required parameter username');
    if (!password) throw new errors.InvalidRequest('missing required parameter password');
    if (isUnsafeText(username) || isUnsafeText(password))
      throw new errors.InvalidRequest(
        'username and password must not contain NUL characters or unpaired UTF-16 surrogates',
      );
    const registered = parseScope(client.scope);
    const scopes = requestedScopes(ctx, registered);

    const user = await verifyOrThrottle(ctx, () => logins.verify(orm, username, password, ctx.ip));
    if (!user) throw wrongCredentials();

    // The consent page's rule (ConsentService); `scopes` are already within the client's.
    const granted = scopesUserMayGive(scopes, registered, user.role);
    await issueTokens(provider, ctx, { accountId: user.id, scopes: granted, gty: 'password' });
  };
}

/** A throttled login is a 429 with Retry-After, in the token endpoint's own error format. */
async function verifyOrThrottle<T>(ctx: KoaContextWithOIDC, verify: () => Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch (error) {
    if (!(error instanceof LoginThrottledError)) throw error;
    ctx.set('Retry-After', String(error.retryAfterSeconds));
    const refused = new errors.CustomOIDCProviderError('rate_limited', error.message);
    Object.assign(refused, { status: 429, statusCode: 429 });
    throw refused;
  }
}

/**
 * The provider's InvalidGrant says only "grant request is invalid" (its detail is not sent): a user could not
 * tell a wrong password from a wrong client. Still invalid_grant (RFC 6749), with a description that says so.
 */
function wrongCredentials(): InstanceType<typeof errors.InvalidGrant> {
  const error = new errors.InvalidGrant('wrong e-mail, username or password');
  error.error_description = 'the e-mail address (or username) or the password is wrong';
  return error;
}
