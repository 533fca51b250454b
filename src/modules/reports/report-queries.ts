import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../../db/raw-sql.js';
import type { ReportRows } from './report-figures.js';
import { dayAfter, type ReportGranularity, type ReportRange } from './report-range.js';

// The statements behind a report. They read the rollups the order_reports migration keeps (a few rows per
// location, local hour and marketplace) and the FAILED deliveries (a partial index), never the orders
// themselves, so a report costs the same over a quiet month as over a million orders.

/** What the report covers: these locations, and what of them the caller sees. */
export interface ReportScope {
  locationIds: string[];
  /** Only this marketplace's orders (a marketplace sees its own only). */
  marketplaceId: string | null;
  /** Only the deliveries to this application (a partner application sees its own only). */
  deliveriesTo: string | null;
}

const UNIT: Record<ReportGranularity, string> = { HOUR: 'hour', DAY: 'day', WEEK: 'week' };
/** Periods are named as report-range.ts names them. */
const FORMAT: Record<ReportGranularity, string> = {
  HOUR: `'YYYY-MM-DD"T"HH24:MI'`,
  DAY: `'YYYY-MM-DD'`,
  WEEK: `'YYYY-MM-DD'`,
};

/** The period of a local timestamp column, named. */
function period(column: string, granularity: ReportGranularity): string {
  return `to_char(date_trunc('${UNIT[granularity]}', ${column}), ${FORMAT[granularity]})`;
}

/** `and column = ?` when only one application's rows count, with its binding. */
function onlyOf(column: string, applicationId: string | null): { sql: string; bindings: string[] } {
  return applicationId ? { sql: ` and ${column} = ?::uuid`, bindings: [applicationId] } : { sql: '', bindings: [] };
}

/** Every row of the report, in four statements (a hub serves them one after the other on one connection). */
export async function reportRows(em: EntityManager, range: ReportRange, scope: ReportScope): Promise<ReportRows> {
  const { granularity } = range;
  const marketplace = onlyOf('application_id', scope.marketplaceId);
  const bounds = [scope.locationIds, range.from, dayAfter(range.to), ...marketplace.bindings];
  const inHours = `location_id = any(?::uuid[]) and hour >= ?::timestamp and hour < ?::timestamp`;
  const counts = await sqlRows<{
    period: string;
    applicationId: string;
    currency: string;
    placed: number;
    live: number;
    revenue: string;
    withTotal: number;
    accepted: number;
  }>(
    em,
    `select ${period('hour', granularity)} as period, application_id as "applicationId", currency,
            sum(placed)::int as placed, sum(live)::int as live, sum(revenue)::text as revenue,
            sum(with_total)::int as "withTotal", sum(accepted)::int as accepted
       from order_reports.hours
      where ${inHours}${marketplace.sql}
      group by 1, 2, 3`,
    bounds,
  );
  const outcomes = await sqlRows<ReportRows['outcomes'][number]>(
    em,
    `select ${period('hour', granularity)} as period, application_id as "applicationId", status, reason, sum(count)::int as count
       from order_reports.outcomes
      where ${inHours}${marketplace.sql}
      group by 1, 2, 3, 4`,
    bounds,
  );
  // By hour from the hourly bins; otherwise from the daily ones, which hold a day in a few hundred rows.
  const acceptance = await sqlRows<ReportRows['acceptance'][number]>(
    em,
    granularity === 'HOUR'
      ? `select ${period('hour', granularity)} as period, application_id as "applicationId", bin, sum(count)::int as count
           from order_reports.acceptance_hours
          where ${inHours}${marketplace.sql}
          group by 1, 2, 3`
      : `select ${period('day::timestamp', granularity)} as period, application_id as "applicationId", bin, sum(count)::int as count
           from order_reports.acceptance_days
          where location_id = any(?::uuid[]) and day >= ?::date and day < ?::date${marketplace.sql}
          group by 1, 2, 3`,
    bounds,
  );
  const deliveries = onlyOf('d.application_id', scope.deliveriesTo);
  const failedDeliveries = await sqlRows<ReportRows['failedDeliveries'][number]>(
    em,
    `select ${period('d.created_at at time zone l.timezone', granularity)} as period, d.application_id as "applicationId",
            count(*)::int as count
       from locations l
       join deliveries d on d.location_id = l.id and d.status = 'FAILED'
        and d.created_at >= (?::timestamp at time zone l.timezone) and d.created_at < (?::timestamp at time zone l.timezone)
      where l.id = any(?::uuid[])${deliveries.sql}
      group by 1, 2`,
    [range.from, dayAfter(range.to), scope.locationIds, ...deliveries.bindings],
  );
  return {
    counts: counts.map((row) => ({ ...row, revenue: Number(row.revenue) })),
    outcomes,
    acceptance,
    failedDeliveries,
  };
}
