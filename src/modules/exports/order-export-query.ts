import type { EntityManager } from '@mikro-orm/postgresql';
import { isoSql, sqlRows } from '../../db/raw-sql.js';
import type { ReachedLocation } from '../accounts/index.js';
import type { ExportedOrder } from './order-export-columns.js';

// The orders of an export, read in batches in placement order through the (location_id, created_at, id)
// index, each batch starting after the last order of the one before (keyset): the hub holds one batch at a
// time whatever the range holds, and a pooled connection only while a batch is read, not while a slow client
// downloads.

/** Orders per statement: a few hundred kB of rows at most (an order's items included). */
const EXPORT_BATCH = 1000;

export interface ExportFilter {
  /** First local day, YYYY-MM-DD, and the day after the last (excluded). */
  from: string;
  until: string;
  /** Only this marketplace's orders (a marketplace sees its own only). */
  marketplaceId: string | null;
  includeTest: boolean;
}

/** Where the last batch ended: its last order's placement (microseconds, as text) and id. */
interface Position {
  at: string;
  id: string;
}

type Row = ExportedOrder & { position: string };

const SELECT = `select o.id, o.external_id as "externalId",
       coalesce(o.details ->> 'orderNumber', o.details ->> 'friendlyId') as "orderNumber",
       o.location_id as "locationId", o.application_id as "applicationId", o.source_name as "sourceName",
       ${isoSql('o.created_at')} as "placedAt",
       to_char(o.created_at at time zone ?, 'YYYY-MM-DD HH24:MI:SS') as "placedLocal",
       o.status, o.details ->> 'fulfillmentType' as "fulfillmentType", o.details -> 'customer' as customer,
       coalesce(o.details ->> 'currency', o.location_snapshot ->> 'currency') as currency,
       case when jsonb_typeof(o.details -> 'subTotal') = 'number' then (o.details ->> 'subTotal')::bigint end as "subTotal",
       case when jsonb_typeof(o.details -> 'totalTax') = 'number' then (o.details ->> 'totalTax')::bigint end as "totalTax",
       case when jsonb_typeof(o.details -> 'total') = 'number' then (o.details ->> 'total')::bigint end as total,
       ${isoSql('o.accepted_at')} as "acceptedAt", ${isoSql('o.completed_at')} as "completedAt",
       ${isoSql('o.rejected_at')} as "rejectedAt", ${isoSql('o.cancelled_at')} as "cancelledAt",
       o.cancellation_reason as "cancellationReason", o.cancelled_by as "cancelledBy", o.test,
       coalesce(o.details -> 'items', '[]'::jsonb) as items,
       to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as position
  from orders o`;

async function batch(
  em: EntityManager,
  location: ReachedLocation,
  filter: ExportFilter,
  after: Position | null,
): Promise<Row[]> {
  const bindings: unknown[] = [location.timezone, location.id, filter.from, location.timezone];
  bindings.push(filter.until, location.timezone);
  let where = `o.location_id = ?::uuid
     and o.created_at >= (?::timestamp at time zone ?) and o.created_at < (?::timestamp at time zone ?)`;
  if (after) {
    where += ' and (o.created_at, o.id) > (?::timestamptz, ?::uuid)';
    bindings.push(after.at, after.id);
  }
  if (filter.marketplaceId) {
    where += ' and o.application_id = ?::uuid';
    bindings.push(filter.marketplaceId);
  }
  if (!filter.includeTest) where += ' and not o.test';
  const rows = await sqlRows<Row>(
    em,
    `${SELECT} where ${where} order by o.created_at, o.id limit ${EXPORT_BATCH}`,
    bindings,
  );
  for (const row of rows) {
    row.locationName = location.name;
    // bigint columns come as text: amounts are integers well inside a double's exact range.
    for (const key of ['subTotal', 'totalTax', 'total'] as const) if (row[key] !== null) row[key] = Number(row[key]);
  }
  return rows;
}

/** Every order of the locations that the filter takes, location after location, a batch at a time. */
export async function* exportedOrders(
  em: EntityManager,
  locations: ReachedLocation[],
  filter: ExportFilter,
): AsyncGenerator<ExportedOrder[]> {
  for (const location of locations) {
    let after: Position | null = null;
    for (;;) {
      const rows = await batch(em, location, filter, after);
      if (rows.length === 0) break;
      yield rows;
      if (rows.length < EXPORT_BATCH) break;
      const last = rows[rows.length - 1];
      after = { at: last.position, id: last.id };
    }
  }
}
