import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApplicationKind } from '../../common/principal.js';
import { sqlRows } from '../../db/raw-sql.js';

/** An application with an ACTIVE connection to the location: who takes part in its orders. */
export interface OrderParty {
  connectionId: string;
  applicationId: string;
  kind: ApplicationKind;
  name: string;
  webhookUrl: string | null;
}

/**
 * The location's active connections with their applications, in one query: the placing marketplace's own
 * connection and name, and the POS applications that receive its events. A disconnected application is not a
 * party any more (CONTRACT section 3: it loses the location at once), so it receives nothing.
 */
export async function loadOrderParties(em: EntityManager, locationId: string): Promise<OrderParty[]> {
  const rows = await sqlRows<{ connection_id: string; application_id: string; kind: ApplicationKind; name: string; webhook_url: string | null }>(
    em,
    `SELECT c.id AS connection_id, a.id AS application_id, a.kind, a.name, a.webhook_url
       FROM connections c JOIN applications a ON a.id = c.application_id
      WHERE c.location_id = ? AND c.status = 'ACTIVE' AND a.kind IS NOT NULL
      ORDER BY c.created_at, c.id`,
    [locationId],
  );
  return rows.map((r) => ({ connectionId: r.connection_id, applicationId: r.application_id, kind: r.kind, name: r.name, webhookUrl: r.webhook_url }));
}
