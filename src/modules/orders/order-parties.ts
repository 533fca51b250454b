import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRows, type SqlFragment } from '../../db/raw-sql.js';
import { type ActiveConnection, activeConnectionsJson } from '../connections/index.js';
import type { CatalogMatch } from './order-tax.js';
import type { TaxRateView } from '../locations/index.js';
import type { OrderLocation } from './order.entity.js';
import type { LocationSchedules, Pause } from '../availability/index.js';

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
  /** The catalog records the order's lines can map to (order-tax.ts), with their snoozes. */
  catalogMatches: CatalogMatch[];
  /** The location's hours, every connection's override and the holidays not over: is it open for this marketplace. */
  schedules: LocationSchedules;
  /** Set while the store is paused. */
  pause: Pause | null;
  /** Minutes a new order may stay NEW at the location (its acceptance deadline); null: none. */
  acceptanceDeadlineMinutes: number | null;
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
            ${activeConnectionsJson('l.id')} AS parties,
            l.store_status, l.closed_until, l.closed_reason, l.acceptance_deadline_minutes,
            COALESCE((SELECT json_agg(json_build_object('connectionId', h.connection_id, 'openingHours', h.ranges))
                        FROM opening_hours h WHERE h.location_id = l.id), '[]') AS hours,
            COALESCE((SELECT json_agg(json_build_object('from', d.starts_at, 'to', d.ends_at, 'reason', d.reason))
                        FROM holiday_closures d WHERE d.location_id = l.id AND d.ends_at > ?::timestamptz), '[]') AS holidays
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
  now: Date,
): Promise<PlacementContext | null> {
  const [row] = await preparedRows<{
    id: string;
    name: string;
    currency: string;
    timezone: string;
    tax_rates: TaxRateView[];
    parties: OrderParty[];
    catalog_matches: CatalogMatch[];
    store_status: string;
    closed_until: Date | null;
    closed_reason: string | null;
    acceptance_deadline_minutes: number | null;
    hours: { connectionId: string | null; openingHours: LocationSchedules['openingHours'] }[];
    holidays: LocationSchedules['holidays'];
  }>(em, placementReadSql(catalogMatches.sql), [...catalogMatches.bindings, now.toISOString(), locationId, accountId]);
  if (!row) return null;
  return {
    location: { id: row.id, name: row.name, currency: row.currency, timezone: row.timezone, taxRates: row.tax_rates },
    parties: row.parties,
    catalogMatches: row.catalog_matches,
    schedules: {
      timeZone: row.timezone,
      openingHours: row.hours.find((h) => h.connectionId === null)?.openingHours ?? [],
      overrides: row.hours.flatMap((h) =>
        h.connectionId ? [{ connectionId: h.connectionId, openingHours: h.openingHours }] : [],
      ),
      holidays: row.holidays.map((h) => ({
        ...h,
        from: new Date(h.from).toISOString(),
        to: new Date(h.to).toISOString(),
      })),
    },
    pause:
      row.store_status === 'OFFLINE'
        ? { closedUntil: row.closed_until ? new Date(row.closed_until) : null, closedReason: row.closed_reason }
        : null,
    acceptanceDeadlineMinutes: row.acceptance_deadline_minutes,
  };
}
