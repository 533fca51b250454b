import type { MikroORM } from '@mikro-orm/postgresql';
import type { KoaContextWithOIDC, Provider } from 'oidc-provider';
import { errors } from 'oidc-provider';
import { verifyNoPassword, verifyPassword } from '../../common/crypto.js';
import { User } from '../../modules/users/user.entity.js';
import type { HubClientFields } from '../client-metadata.js';
import { intersectScopes, parseScope, ROLE_SCOPES } from '../scopes.js';
import { issueTokens, requestedScopes } from './issue.js';

/**
 * The password grant (the "reseller token"): only for clients an admin flagged first-party (SPEC: unavailable
 * to external developers). The granted scopes are those asked for (or all the client's), limited by the user's
 * role.
 */
export function passwordGrant(provider: Provider, orm: MikroORM) {
  return async function password(ctx: KoaContextWithOIDC): Promise<void> {
    const client = ctx.oidc.client! as unknown as HubClientFields & { scope?: string };
    if (!client.firstParty) throw new errors.UnauthorizedClient('the password grant is only for first-party clients');
    const { username, password } = ctx.oidc.params as { username?: string; password?: string };
    if (!username) throw new errors.InvalidRequest('missing required parameter username');
    if (!password) throw new errors.InvalidRequest('missing required parameter password');
    const scopes = requestedScopes(ctx, parseScope(client.scope));

    const user = await orm.em.fork().findOne(User, { email: username.toLowerCase() });
    const valid = user ? await verifyPassword(password, user.passwordHash) : await verifyNoPassword(password);
    if (!user || !valid) throw new errors.InvalidGrant('invalid username or password');

    const granted = intersectScopes(scopes, ROLE_SCOPES[user.role]);
    await issueTokens(provider, ctx, { accountId: user.id, scopes: granted, gty: 'password' });
  };
}
