// Who is calling, as the bearer middleware established it. Services decide from this (and from Reach) what
// the caller may see and do; they never look at HTTP.

export type Role = 'admin' | 'reseller' | 'merchant';
export type ApplicationKind = 'POS' | 'MARKETPLACE';

export type Principal =
  /**
   * An operator user. `applicationId` is set when the token was issued to a partner application for that user
   * (authorization_code): the user's rights then apply only through that application.
   */
  | { type: 'user'; userId: string; role: Role; clientId: string; scopes: ReadonlySet<string>; applicationId?: string }
  | {
      type: 'application';
      applicationId: string;
      kind: ApplicationKind;
      clientId: string;
      scopes: ReadonlySet<string>;
    };

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

/** Every scope of CONTRACT section 2. */
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
