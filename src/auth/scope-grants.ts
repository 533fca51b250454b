import type { EntityManager } from '@mikro-orm/postgresql';
import type { FieldError } from '../common/errors.js';
import type { Role, Scope } from '../common/principal.js';
import { intersectScopes, ROLE_SCOPES } from './scopes.js';
import { sqlChanged } from '../db/raw-sql.js';

// Who may give an application which scopes (docs/contract.md "Principals, scopes and tokens"), and what happens to its
// tokens when its scopes shrink.

/**
 * The scopes a user of `role` gives an application when signing in through it (the consent page of the
 * authorization code flow, the password grant behind the web UI's sign-in): those asked for, or all the
 * application's when none were, within the application's and within the role's. Pure.
 */
export function scopesUserMayGive(asked: readonly string[], applicationScopes: readonly string[], role: Role): Scope[] {
  return intersectScopes(asked.length ? asked : applicationScopes, applicationScopes, ROLE_SCOPES[role]);
}

/** Scopes that reach beyond the caller's own locations: only an admin gives them to an application. */
const ADMIN_GRANTED_SCOPES: ReadonlySet<string> = new Set(['provisioning', 'applications.read', 'applications.write']);

export interface ScopeChange {
  /** The application's scopes now (empty when it is being registered). */
  current: readonly string[];
  requested: readonly string[];
  callerIsAdmin: boolean;
  /** The caller is this application (its own token, or a user's token issued through it). */
  callerIsTheApplication: boolean;
}

/** The problems with giving `requested`, one per offending scope, naming its place in the array. */
export function scopeGrantProblems(change: ScopeChange): FieldError[] {
  const problems: FieldError[] = [];
  change.requested.forEach((scope, i) => {
    if (change.current.includes(scope)) return;
    if (change.callerIsTheApplication)
      problems.push({ path: `/scopes/${i}`, message: `an application cannot widen its own scopes ("${scope}")` });
    else if (ADMIN_GRANTED_SCOPES.has(scope) && !change.callerIsAdmin)
      problems.push({ path: `/scopes/${i}`, message: `only an admin gives an application "${scope}"` });
  });
  return problems;
}

/**
 * Deletes the application's outstanding access tokens, refresh tokens and codes that carry a scope outside
 * `scopes`, in the caller's transaction: after an admin narrows an application, nothing it holds (and no
 * refresh of it) still has what was taken away. Tokens within the new scopes stay.
 */
export async function revokeTokensBeyond(
  em: EntityManager,
  clientId: string,
  scopes: readonly string[],
): Promise<number> {
  return sqlChanged(
    em,
    `delete from oidc_payloads
      where model in ('AccessToken', 'RefreshToken', 'AuthorizationCode')
        and payload->>'clientId' = ?
        and exists (select 1 from regexp_split_to_table(coalesce(payload->>'scope', ''), '\\s+') as s(scope)
                     where s.scope <> '' and s.scope <> 'openid' and not (s.scope = any(?::text[])))`,
    [clientId, [...scopes]],
  );
}
