import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRows, type SqlFragment } from '../../db/raw-sql.js';
import { activeConnectionsJson, type ActiveConnection } from '../connections/active-connections.js';
import type { CatalogMatch } from './order-tax.js';
import type { TaxRateView } from '../locations/location.view.js';
import type { OrderLocation } from './order.entity.js';

/** An application with an ACTIVE connection to the location: who takes part in its orders. */
export type OrderParty = Pick<ActiveConnection, 'connectionId' | 'applicationId' | 'kind' | 'name' | 'webhookUrl'>;

/** Everything a placement needs to know about its location, read in one statement. */
export interface PlacementContext {
  /**
   * The location as the order will carry it (docs/contract.md "Shapes existing clients send": id, name, currency,
   * timezone, taxRates).
   */
  location: OrderLocation;
  parties: OrderParty[];
  /** The catalog records the order's lines can map to (order-tax.ts). */
  catalogMatches: CatalogMatch[];
}

/**
 * The placement's read by the catalog expression it embeds (one per set of lookups, order-tax.ts): built once
 * each, so that the statement cache finds the same string again instead of hashing a rebuilt one per order.
 */
const readByCatalogExpression = new Map<string, string>();

function placementReadSql(catalogMatchesSql: string): string {
  let sql = readByCatalogExpression.get(catalogMatchesSql);
  if (sql === undefined) {
    sql = `SELECT l.id, l.name, l.currency, l.timezone, ${catalogMatchesSql} AS catalog_matches,
            COALESCE((SELECT json_agg(json_build_object('posReference', t.pos_reference, 'name', t.name, 'type', t.type, 'rate', t.rate,
                                                        'inclusive', t.inclusive, 'isDefault', t.is_default) ORDER BY t.position)
                        FROM tax_rates t WHERE t.location_id = l.id), '[]') AS tax_rates,
            ${activeConnectionsJson('l.id')} AS parties
       FROM locations l
      WHERE l.id = ? AND l.account_id = ?`;
    readByCatalogExpression.set(catalogMatchesSql, sql);
  }
  return sql;
}

/**
 * The location (inside its account) with its tax rates in their written order, its active connections with
 * their applications, and the catalog records the order's lines can map to, in one round trip; null when the
 * location is not in that account. The hot path of a placement: the ORM would take four queries for the same.
 */
export async function loadPlacementContext(
  em: EntityManager,
  accountId: string,
  locationId: string,
  catalogMatches: SqlFragment,
): Promise<PlacementContext | null> {
  const [row] = await preparedRows<{
    id: string;
    name: string;
    currency: string;
    timezone: string;
    tax_rates: TaxRateView[];
    parties: OrderParty[];
    catalog_matches: CatalogMatch[];
  }>(em, placementReadSql(catalogMatches.sql), [...catalogMatches.bindings, locationId, accountId]);
  if (!row) return null;
  return {
    location: { id: row.id, name: row.name, currency: row.currency, timezone: row.timezone, taxRates: row.tax_rates },
    parties: row.parties,
    catalogMatches: row.catalog_matches,
  };
}
