import type { EntityManager } from '@mikro-orm/postgresql';
import { isoSql, sqlRows } from '../../db/raw-sql.js';
import { lastPartnerAnswerSql } from '../../delivery-engine/retention.js';
import type { Shape } from '../../shapes/shape.js';

// A publication as REST and GraphQL show it: its state is its delivery's, read through the join, or, once the
// delivery log's retention removed the delivery, the outcome the publication kept of it.

export const PUBLICATION_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export type MenuPublicationView = Shape<'MenuPublication'>;

const iso = isoSql;

const PUBLICATIONS = `
  SELECT p.id, p.menu_id AS "menuId", p.connection_id AS "connectionId", p.delivery_id AS "deliveryId",
         d.id IS NOT NULL AS "deliveryRetained",
         CASE WHEN d.id IS NULL THEN p.settled_status
              WHEN d.status IN ('DELIVERED', 'FAILED') THEN d.status ELSE 'PENDING' END AS status,
         CASE WHEN d.id IS NULL THEN p.settled_attempts ELSE d.attempt_count END AS attempts,
         CASE WHEN d.id IS NULL THEN p.settled_last_error ELSE d.last_error END AS "lastError",
         CASE WHEN d.id IS NULL THEN p.settled_partner_answer ELSE ${lastPartnerAnswerSql('d')} END AS "partnerAnswer",
         ${iso('CASE WHEN d.id IS NULL THEN p.settled_delivered_at ELSE d.delivered_at END')} AS "deliveredAt",
         ${iso('p.created_at')} AS "createdAt", ${iso('greatest(p.updated_at, d.updated_at)')} AS "updatedAt"
    FROM menu_publications p LEFT JOIN deliveries d ON d.id = p.delivery_id
   WHERE p.id IN (SELECT (jsonb_array_elements_text(?::jsonb))::uuid)
     -- A delivery removed without its outcome copied (by a hub of an earlier version still running during an
     -- upgrade) leaves nothing true to show: such a publication is left out, as it was deleted before.
     AND (d.id IS NOT NULL OR p.settled_status IS NOT NULL)`;

/** The publications with these ids, in the order given. */
export async function readPublications(em: EntityManager, ids: readonly string[]): Promise<MenuPublicationView[]> {
  if (ids.length === 0) return [];
  const rows = await sqlRows<MenuPublicationView>(em, PUBLICATIONS, [JSON.stringify(ids)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.filter((id) => byId.has(id)).map((id) => byId.get(id)!);
}
