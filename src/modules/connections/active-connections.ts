import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApplicationKind } from '../../common/principal.js';
import { sqlRows } from '../../db/raw-sql.js';
import { openCredentials } from './connection-credentials.js';
import type { Credentials } from './connection.view.js';

// The one owner of "the active connections of a location with their applications": who takes part in its
// orders, who hears of its store status and menus. A disconnected application is not among them (it
// loses the location at once), so it receives nothing. Oldest connection first.

export interface ActiveConnection {
  connectionId: string;
  accountId: string;
  applicationId: string;
  kind: ApplicationKind;
  name: string;
  webhookUrl: string | null;
  menuPublicationUrl: string | null;
  storeStatusUrl: string | null;
}

const FIELDS = {
  connectionId: 'c.id',
  accountId: 'c.account_id',
  applicationId: 'a.id',
  kind: 'a.kind',
  name: 'a.name',
  webhookUrl: 'a.webhook_url',
  menuPublicationUrl: 'a.menu_publication_url',
  storeStatusUrl: 'a.store_status_url',
} satisfies Record<keyof ActiveConnection, string>;

const FROM = (locationId: string) => `connections c JOIN applications a ON a.id = c.application_id
 WHERE c.location_id = ${locationId} AND c.status = 'ACTIVE' AND a.kind IS NOT NULL`;
const ORDER = 'c.created_at, c.id';

/**
 * A JSON array of ActiveConnection for the location given as a SQL expression (`l.id`), for a statement that
 * reads more than this in one round trip (an order placement).
 */
export function activeConnectionsJson(locationIdSql: string): string {
  const fields = Object.entries(FIELDS)
    .map(([key, column]) => `'${key}', ${column}`)
    .join(', ');
  return `COALESCE((SELECT json_agg(json_build_object(${fields}) ORDER BY ${ORDER}) FROM ${FROM(locationIdSql)}), '[]')`;
}

const SELECT = Object.entries(FIELDS)
  .map(([key, column]) => `${column} AS "${key}"`)
  .join(', ');

/**
 * The same rows as a subquery with ActiveConnection's column names (alias it), for a statement that joins more
 * onto each connection in one round trip (a location's store status outcomes per marketplace).
 */
export function activeConnectionsSubquery(locationIdSql: string): string {
  return `(SELECT ${SELECT} FROM ${FROM(locationIdSql)})`;
}

export async function activeConnections(em: EntityManager, locationId: string): Promise<ActiveConnection[]> {
  return sqlRows<ActiveConnection>(em, `SELECT ${SELECT} FROM ${FROM('?::uuid')} ORDER BY ${ORDER}`, [locationId]);
}

export interface ActiveConnectionWithCredentials extends ActiveConnection {
  /** Opened from the same row: no read per connection. Never sent to a client, only to that partner. */
  credentials: Credentials | null;
}

/** The same, with each connection's credentials, for events that carry them (menus, store status). */
export async function activeConnectionsWithCredentials(
  em: EntityManager,
  locationId: string,
): Promise<ActiveConnectionWithCredentials[]> {
  const rows = await sqlRows<ActiveConnection & { credentialsSealed: string | null }>(
    em,
    `SELECT ${SELECT}, c.credentials_sealed AS "credentialsSealed" FROM ${FROM('?::uuid')} ORDER BY ${ORDER}`,
    [locationId],
  );
  return rows.map(({ credentialsSealed, ...connection }) => ({
    ...connection,
    credentials: openCredentials({ credentialsSealed }),
  }));
}
