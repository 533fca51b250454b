import type { EntityManager } from '@mikro-orm/postgresql';
import { isoSql, preparedRows } from '../../db/raw-sql.js';
import type { OrderFields } from './order.view.js';

// The read of one order by id, as one named prepared statement outside the ORM: a GET of an order is the
// call partners poll most, and through MikroORM (a fork, findOne's query building, hydration into an entity)
// it costs the process more than the rest of the request. Reads only; a change loads the entity through the ORM.

const ORDER_BY_ID_SQL = `
  select id, details, external_id as "externalId", status, cancellation_reason as "cancellationReason",
         cancelled_by as "cancelledBy", account_id as "accountId", location_id as "locationId", client_id as "clientId",
         source_name as "sourceName", test, ${isoSql('created_at')} as "createdAt", ${isoSql('updated_at')} as "updatedAt",
         ${isoSql('accepted_at')} as "acceptedAt", ${isoSql('rejected_at')} as "rejectedAt", ${isoSql('completed_at')} as "completedAt",
         ${isoSql('cancelled_at')} as "cancelledAt",
         status_history as "statusHistory", location_snapshot as "locationSnapshot"
    from orders
   where id = ? and location_id = ? and account_id = ? and (?::uuid is null or application_id = ?::uuid)`;

/** The times come as RFC 3339 text (the ORM's pool reads timestamptz as PostgreSQL's own text). */
type Times = 'createdAt' | 'updatedAt' | 'acceptedAt' | 'rejectedAt' | 'completedAt' | 'cancelledAt';
type OrderRow = Omit<OrderFields, 'location' | Times> & {
  locationId: string;
  createdAt: string;
  updatedAt: string;
} & Record<Exclude<Times, 'createdAt' | 'updatedAt'>, string | null>;

const date = (value: string | null) => (value === null ? null : new Date(value));

/** The order, if it is at that location of that account and (for a marketplace: `placedBy`) was placed by it. */
export async function readOrder(
  db: EntityManager,
  ids: { orderId: string; locationId: string; accountId: string; placedBy: string | null },
): Promise<OrderFields | null> {
  const [row] = await preparedRows<OrderRow>(db, ORDER_BY_ID_SQL, [
    ids.orderId,
    ids.locationId,
    ids.accountId,
    ids.placedBy,
    ids.placedBy,
  ]);
  if (!row) return null;
  return {
    ...row,
    location: { id: row.locationId },
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    acceptedAt: date(row.acceptedAt),
    rejectedAt: date(row.rejectedAt),
    completedAt: date(row.completedAt),
    cancelledAt: date(row.cancelledAt),
  };
}
