import type { EntityManager } from '@mikro-orm/postgresql';
import { isoSql, sqlRows } from '../../db/raw-sql.js';

// A publication as REST and GraphQL show it: its state is its delivery's, read through the join.

export const PUBLICATION_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export interface MenuPublicationView {
  id: string;
  menuId: string;
  connectionId: string;
  /** The MENU_PUBLISHED delivery, in the delivery log (GET /v1/deliveries/{id}). */
  deliveryId: string;
  /** PENDING while the delivery is on its way (PENDING or DELIVERING there); then DELIVERED or FAILED. */
  status: PublicationStatus;
  attempts: number;
  lastError: string | null;
  /** What the marketplace answered last (the first 1 KiB of its body); null before any answer came. */
  partnerAnswer: string | null;
  deliveredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const iso = isoSql;

const PUBLICATIONS = `
  SELECT p.id, p.menu_id AS "menuId", p.connection_id AS "connectionId", p.delivery_id AS "deliveryId",
         CASE d.status WHEN 'DELIVERED' THEN 'DELIVERED' WHEN 'FAILED' THEN 'FAILED' ELSE 'PENDING' END AS status,
         d.attempt_count AS attempts, d.last_error AS "lastError",
         (SELECT a.response_excerpt FROM delivery_attempts a WHERE a.delivery_id = d.id AND a.http_status IS NOT NULL
           ORDER BY a.attempt_number DESC LIMIT 1) AS "partnerAnswer",
         ${iso('d.delivered_at')} AS "deliveredAt",
         ${iso('p.created_at')} AS "createdAt", ${iso('greatest(p.updated_at, d.updated_at)')} AS "updatedAt"
    FROM menu_publications p JOIN deliveries d ON d.id = p.delivery_id
   WHERE p.id IN (SELECT (jsonb_array_elements_text(?::jsonb))::uuid)`;

/** The publications with these ids, in the order given. */
export async function readPublications(em: EntityManager, ids: readonly string[]): Promise<MenuPublicationView[]> {
  if (ids.length === 0) return [];
  const rows = await sqlRows<MenuPublicationView>(em, PUBLICATIONS, [JSON.stringify(ids)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.filter((id) => byId.has(id)).map((id) => byId.get(id)!);
}
