import type { MikroORM } from '@mikro-orm/postgresql';
import type Provider from 'oidc-provider';
import type { ApplicationKind, Principal, Reach, Role } from '../common/principal.js';
import type { Authenticator } from './authenticator.js';
import { APPLICATION_SUBJECT } from './client-metadata.js';
import { locationsReach, userReach, userThroughApplicationReach } from './reach.js';
import { parseScope } from './scopes.js';

/**
 * The bearer tokens of /v1 and /graphql: an opaque access token issued by the provider → the principal it was
 * issued to, its scopes, and what it reaches. Unknown, revoked and expired tokens are null (401).
 */
export function oauthAuthenticator(provider: Provider, orm: MikroORM): Authenticator {
  return {
    async authenticate(token) {
      const accessToken = await provider.AccessToken.find(token);
      if (!accessToken?.accountId || !accessToken.clientId) return null;
      const scopes = new Set(parseScope(accessToken.scope));
      const em = orm.em.fork();
      const { accountId, clientId } = accessToken;

      if (accountId.startsWith(APPLICATION_SUBJECT)) {
        // The application and its active connections in one round trip.
        const applicationId = accountId.slice(APPLICATION_SUBJECT.length);
        const rows = await em.getConnection().execute<{ kind: ApplicationKind | null; account_id: string | null; location_id: string | null }[]>(
          `select a.kind, c.account_id, c.location_id from applications a
           left join connections c on c.application_id = a.id and c.status = 'ACTIVE'
           where a.id = ? and a.client_id = ?`,
          [applicationId, clientId],
        );
        const kind = rows[0]?.kind;
        if (!kind) return null;
        const principal: Principal = { type: 'application', applicationId, kind, clientId, scopes };
        const connected = rows.filter((r): r is { kind: ApplicationKind; account_id: string; location_id: string } => r.location_id !== null);
        return { principal, reach: locationsReach(connected) };
      }

      const [row] = await em.getConnection().execute<{ role: Role; application_id: string; first_party: boolean }[]>(
        'select u.role, a.id as application_id, a.first_party from users u cross join applications a where u.id = ? and a.client_id = ?',
        [accountId, clientId],
      );
      if (!row) return null;
      // Through a first-party client the user acts as itself; through a partner application, only within what
      // that application reaches.
      if (row.first_party) {
        const principal: Principal = { type: 'user', userId: accountId, role: row.role, clientId, scopes };
        return { principal, reach: await userReach(em, accountId, row.role) };
      }
      const principal: Principal = { type: 'user', userId: accountId, role: row.role, clientId, scopes, applicationId: row.application_id };
      const reach: Reach = await userThroughApplicationReach(em, accountId, row.role, row.application_id);
      return { principal, reach };
    },
  };
}
