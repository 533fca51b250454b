import type { MikroORM } from '@mikro-orm/postgresql';
import type Provider from 'oidc-provider';
import type { ApplicationKind, Principal, Reach, Role } from '../common/principal.js';
import type { Authenticator } from './authenticator.js';
import { preparedRows, sqlRows } from '../db/raw-sql.js';
import { LIVE, PAYLOAD_COLUMNS, storedId } from './adapter.js';
import { APPLICATION_SUBJECT } from './client-metadata.js';
import { withPrefetchedPayload } from './prefetched-payload.js';
import { locationsReach, userReach, userThroughApplicationReach } from './reach.js';
import { parseScope } from './scopes.js';
import { NaturalBatch } from '../db/natural-batch.js';

interface TokenRow {
  payload: Record<string, unknown>;
  consumed: number | null;
  application_id: string | null;
  kind: ApplicationKind | null;
  account_id: string | null;
  location_id: string | null;
}

/**
 * Live access tokens' rows (what the adapter's find reads), each with its id, and, when its subject is an
 * application issued through that application's own client, the application's kind and active connections
 * (one row each; one row with nulls when it has none or the subject is a user). `which` picks the tokens.
 */
function tokensWithApplicationReachSql(which: string): string {
  return `
  select oidc_payloads.id as stored_id, ${PAYLOAD_COLUMNS}, a.id as application_id, a.kind, c.account_id, c.location_id
    from oidc_payloads
    left join applications a
      on a.id = case when payload->>'accountId' ~ '^${APPLICATION_SUBJECT}[0-9a-f-]{36}$' then substr(payload->>'accountId', ${APPLICATION_SUBJECT.length + 1})::uuid end
     and a.client_id = payload->>'clientId'
    left join connections c on c.application_id = a.id and c.status = 'ACTIVE'
   where model = 'AccessToken' and ${which} and ${LIVE}`;
}

/** One token: an equality, the cheapest plan (a request alone, the usual case when the hub is not busy). */
const ONE_TOKEN_SQL = tokensWithApplicationReachSql('oidc_payloads.id = ?');
/** The tokens of every request that arrived while the previous read was in flight, as one JSON array. */
const TOKENS_SQL = tokensWithApplicationReachSql(
  'oidc_payloads.id = any(array(select json_array_elements_text(?::json)))',
);

/** The rows of each stored token id, in the order asked (none for a token that is unknown, revoked or expired). */
function tokenRowsReader(orm: MikroORM): NaturalBatch<string, TokenRow[]> {
  return new NaturalBatch(async (storedIds) => {
    const unique = [...new Set(storedIds)];
    const rows =
      unique.length === 1
        ? await preparedRows<TokenRow & { stored_id: string }>(orm.em, ONE_TOKEN_SQL, unique)
        : await preparedRows<TokenRow & { stored_id: string }>(orm.em, TOKENS_SQL, [JSON.stringify(unique)]);
    const byId = new Map<string, TokenRow[]>();
    for (const row of rows) {
      const list = byId.get(row.stored_id);
      if (list) list.push(row);
      else byId.set(row.stored_id, [row]);
    }
    return storedIds.map((id) => byId.get(id) ?? []);
  });
}

/**
 * The bearer tokens of /v1 and /graphql: an opaque access token issued by the provider → the principal it was
 * issued to, its scopes, and what it reaches. Unknown, revoked and expired tokens are null (401).
 */
export function oauthAuthenticator(provider: Provider, orm: MikroORM): Authenticator {
  const tokenRows = tokenRowsReader(orm);
  return {
    async authenticate(token) {
      // The token's row and, when it was issued to an application, that application with its active
      // connections: one round trip on the hot path of every partner call, on the pool (no fork needed),
      // shared with the requests that arrive while the previous one is in flight.
      const rows = await tokenRows.add(storedId('AccessToken', token));
      if (rows.length === 0) return null;
      const { payload, consumed } = rows[0];
      // The provider still decides whether the token is valid (expiry, format, session binding): from the row
      // just read, not a second read.
      const accessToken = await withPrefetchedPayload({ model: 'AccessToken', id: token, payload, consumed }, () =>
        provider.AccessToken.find(token),
      );
      if (!accessToken?.accountId || !accessToken.clientId) return null;
      const scopes = new Set(parseScope(accessToken.scope));
      const { accountId, clientId } = accessToken;

      if (accountId.startsWith(APPLICATION_SUBJECT)) {
        const applicationId = accountId.slice(APPLICATION_SUBJECT.length);
        const kind = rows[0].kind;
        if (!kind || rows[0].application_id !== applicationId) return null;
        const principal: Principal = { type: 'application', applicationId, kind, clientId, scopes };
        const connected = rows.filter(
          (r): r is TokenRow & { account_id: string; location_id: string } => r.location_id !== null,
        );
        return { principal, reach: locationsReach(connected) };
      }

      const em = orm.em.fork();
      const [row] = await sqlRows<{ role: Role; application_id: string; kind: ApplicationKind | null }>(
        em,
        // A deactivated user's tokens are deleted with it; the check closes the window of one issued meanwhile.
        'select u.role, a.id as application_id, a.kind from users u cross join applications a where u.id = ? and u.deactivated_at is null and a.client_id = ?',
        [accountId, clientId],
      );
      if (!row) return null;
      // Through one of the hub's own clients (no kind: the web UI, the bootstrap client) the user acts as
      // itself. Through a partner application's client (authorization_code, or the password grant when an
      // admin flagged it first-party) the token is that application acting for the user: the application's
      // rules apply, within what both the application and the user reach.
      if (row.kind === null) {
        const principal: Principal = { type: 'user', userId: accountId, role: row.role, clientId, scopes };
        return { principal, reach: await userReach(em, accountId, row.role) };
      }
      const principal: Principal = {
        type: 'application',
        applicationId: row.application_id,
        kind: row.kind,
        clientId,
        scopes,
        onBehalfOf: { userId: accountId, role: row.role },
      };
      const reach: Reach = await userThroughApplicationReach(em, accountId, row.role, row.application_id);
      return { principal, reach };
    },
  };
}
