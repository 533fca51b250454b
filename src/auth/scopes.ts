import { ALL_SCOPES, type ApplicationKind, type Role, type Scope } from '../common/principal.js';

// Which scopes each kind of principal may hold (docs/contract.md "Principals, scopes and tokens"). A token's scopes are
// what was asked for (everything allowed when nothing was asked), intersected with these sets.

const SCOPE_SET: ReadonlySet<string> = new Set(ALL_SCOPES);

export function isScope(value: string): value is Scope {
  return SCOPE_SET.has(value);
}

/** The scopes a new application of each kind is registered with when none are given. */
export const DEFAULT_APPLICATION_SCOPES: Record<ApplicationKind, readonly Scope[]> = {
  POS: [
    'locations.read',
    'connections.read',
    'catalogs.read',
    'catalogs.write',
    'menu.read',
    'orders.read',
    'orders.write',
  ],
  MARKETPLACE: ['locations.read', 'menu.read', 'orders.read', 'orders.write'],
};

/**
 * What a user of each role may do. Admins and resellers have everything (a reseller's reach is what limits
 * it); merchants work inside the accounts they belong to and cannot provision accounts or locations.
 */
export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  admin: ALL_SCOPES,
  reseller: ALL_SCOPES,
  merchant: ALL_SCOPES.filter((s) => s !== 'provisioning'),
};

/** Space-separated scope parameter → list (empty for undefined or blank). */
export function parseScope(value: string | undefined | null): string[] {
  return value ? [...new Set(value.split(' ').filter(Boolean))] : [];
}

/** The members of `scopes` that are in `allowed`, in ALL_SCOPES order. */
export function intersectScopes(scopes: Iterable<string>, ...allowed: Iterable<string>[]): Scope[] {
  const sets = allowed.map((a) => new Set(a));
  const wanted = new Set(scopes);
  return ALL_SCOPES.filter((s) => wanted.has(s) && sets.every((set) => set.has(s)));
}
