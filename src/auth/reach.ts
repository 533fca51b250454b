import type { EntityManager } from '@mikro-orm/postgresql';
import { reachesAccount } from '../common/access.js';
import { REACH_EVERYTHING, type Reach, type Role } from '../common/principal.js';
import { sqlRows } from '../db/raw-sql.js';

// What a caller reaches (docs/contract.md "Principals, scopes and tokens"), read fresh on every request so that a
// disconnect, a new account or a new membership counts at once:
// - admin: everything; reseller: the accounts it created; merchant: the accounts it is a member of;
// - application: exactly the locations with an ACTIVE connection to it, and their accounts;
// - a user through a partner application (authorization_code): that user's locations connected to it.

type Row = { account_id: string; location_id?: string };

function rows(em: EntityManager, sql: string, params: unknown[]): Promise<Row[]> {
  return sqlRows<Row>(em, sql, params);
}

function accountsOnly(list: Row[]): Reach {
  return { all: false, accountIds: new Set(list.map((r) => r.account_id)), locationIds: null };
}

/** Exactly these locations and their accounts (an application's active connections). */
export function locationsReach(list: Row[]): Reach {
  return {
    all: false,
    accountIds: new Set(list.map((r) => r.account_id)),
    locationIds: new Set(list.map((r) => r.location_id!)),
  };
}

export async function userReach(em: EntityManager, userId: string, role: Role): Promise<Reach> {
  switch (role) {
    case 'admin':
      return REACH_EVERYTHING;
    case 'reseller':
      return accountsOnly(
        await rows(em, 'select id as account_id from accounts where created_by_user_id = ?', [userId]),
      );
    case 'merchant':
      return accountsOnly(await rows(em, 'select account_id from user_accounts where user_id = ?', [userId]));
  }
}

function connectedLocations(em: EntityManager, applicationId: string): Promise<Row[]> {
  return rows(em, `select account_id, location_id from connections where application_id = ? and status = 'ACTIVE'`, [
    applicationId,
  ]);
}

export async function userThroughApplicationReach(
  em: EntityManager,
  userId: string,
  role: Role,
  applicationId: string,
): Promise<Reach> {
  const [connected, user] = await Promise.all([connectedLocations(em, applicationId), userReach(em, userId, role)]);
  return locationsReach(connected.filter((r) => reachesAccount(user, r.account_id)));
}

/** What an application's own token reaches: its active connections' locations (the hub's sandbox partners act so). */
export async function applicationReach(em: EntityManager, applicationId: string): Promise<Reach> {
  return locationsReach(await connectedLocations(em, applicationId));
}
