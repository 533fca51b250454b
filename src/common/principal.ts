// Who is calling, as the bearer middleware established it. Services decide from this (and from Reach) what
// the caller may see and do; they never look at HTTP.

export type Role = 'admin' | 'reseller' | 'merchant';
export type ApplicationKind = 'POS' | 'MARKETPLACE';

/** A user of the hub: who signed in, whatever client the token came through. */
export interface PrincipalUser {
  readonly userId: string;
  readonly role: Role;
}

export type Principal =
  /** An operator acting as itself, through one of the hub's own first-party clients (the web UI, scripts). */
  | { type: 'user'; userId: string; role: Role; clientId: string; scopes: ReadonlySet<string> }
  /**
   * A partner application. A token is always also the application it was obtained through: its own token
   * (client_credentials), or a user's token issued through it (authorization_code, its refreshes, the
   * password grant through its client), which carries `onBehalfOf`. Every partner rule (a marketplace's own
   * orders, the transitions its kind may take, its own connections and deliveries) applies to both alike; the
   * user only narrows what the application reaches (Reach) and the scopes it holds.
   */
  | {
      type: 'application';
      applicationId: string;
      kind: ApplicationKind;
      clientId: string;
      scopes: ReadonlySet<string>;
      onBehalfOf?: PrincipalUser;
    };

/** The user behind a call: the operator itself, or the user an application acts for; null for an application's own token. */
export function userBehind(principal: Principal): PrincipalUser | null {
  if (principal.type === 'user') return { userId: principal.userId, role: principal.role };
  return principal.onBehalfOf ?? null;
}

/**
 * What a principal may reach. `all` for admins. Otherwise the accounts it reaches and, for partner
 * applications, the exact locations (those with an active connection); `locationIds: null` means every
 * location of the reachable accounts (resellers and merchants).
 */
export interface Reach {
  readonly all: boolean;
  readonly accountIds: ReadonlySet<string>;
  readonly locationIds: ReadonlySet<string> | null;
}

export const REACH_EVERYTHING: Reach = Object.freeze({ all: true, accountIds: new Set<string>(), locationIds: null });

/** Every scope of docs/contract.md "Principals, scopes and tokens". */
export const ALL_SCOPES = [
  'provisioning',
  'locations.read',
  'locations.write',
  'connections.read',
  'connections.write',
  'catalogs.read',
  'catalogs.write',
  'menu.read',
  'menu.write',
  'orders.read',
  'orders.write',
  'applications.read',
  'applications.write',
  'deliveries.read',
] as const;

export type Scope = (typeof ALL_SCOPES)[number];
