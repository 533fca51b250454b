import type { EntityManager } from '@mikro-orm/postgresql';
import { isoSql, sqlRows } from '../../db/raw-sql.js';
import { uuidv7 } from '../../common/ids.js';
import { maskCredentials } from '../../common/mask.js';
import type { LocationAccess } from '../locations/index.js';

// What the sandbox marketplace received, as a marketplace would keep it: the last body of each kind (a menu
// publication, a menu update, the store status, an order's status) per connection, so the UI can show what a
// marketplace was sent without reading the delivery log.

export interface ReceivedEvent {
  connectionId: string;
  locationId: string;
  eventType: string;
  eventId: string;
  body: unknown;
}

export interface SandboxReceiptView {
  connectionId: string;
  eventType: string;
  eventId: string;
  receivedAt: string;
  /** The body as it arrived, its connection's credentials masked. */
  body: unknown;
}

/** The last of each kind wins; a repeat of the same event (a retry) changes nothing but the time. */
const RECORD_SQL = `
  insert into sandbox_receipts (id, created_at, updated_at, connection_id, location_id, event_type, event_id, body)
  values (?, now(), now(), ?, ?, ?, ?, ?::json)
  on conflict (connection_id, event_type) do update
    set event_id = excluded.event_id, body = excluded.body, updated_at = now()`;

/** Keeps the body, its connection's credentials masked as every read of the hub shows them. */
export async function recordReceipt(em: EntityManager, event: ReceivedEvent): Promise<void> {
  const body = event.body as { connection?: { credentials?: unknown } };
  const kept = body.connection
    ? { ...body, connection: { ...body.connection, credentials: maskCredentials(body.connection.credentials ?? null) } }
    : body;
  await sqlRows(em, RECORD_SQL, [
    uuidv7(),
    event.connectionId,
    event.locationId,
    event.eventType,
    event.eventId,
    JSON.stringify(kept),
  ]);
}

const RECEIPTS_SQL = `
  select connection_id as "connectionId", event_type as "eventType", event_id as "eventId",
         ${isoSql('updated_at')} as "receivedAt", body
    from sandbox_receipts
   where location_id = ?
   order by updated_at desc, id`;

/** The sandbox marketplace's receipts at a location (scope connections.read), the latest first. */
export class SandboxReceiptService {
  async findAll(access: LocationAccess): Promise<SandboxReceiptView[]> {
    const location = await access.load();
    return sqlRows<SandboxReceiptView>(access.ctx.em, RECEIPTS_SQL, [location.id]);
  }
}
