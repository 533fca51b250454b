import type { EntityManager } from '@mikro-orm/postgresql';
import { NaturalBatch } from '../../db/natural-batch.js';
import { sqlRows } from '../../db/raw-sql.js';

/**
 * The name readers of each request's EntityManager: a screen's list resolves one name per row (a delivery
 * log's 50 recipients, an order's history), all at once, so they go to the database as one statement, or
 * two (the first name alone, the rest that came meanwhile together), instead of one per row. Per request, so
 * a batch runs in its own request's context, never in another's.
 */
const readers = new WeakMap<EntityManager, NaturalBatch<string, string | null>>();

function namesReader(em: EntityManager): NaturalBatch<string, string | null> {
  return new NaturalBatch(async (applicationIds) => {
    const rows = await sqlRows<{ id: string; name: string }>(
      em,
      'select id, name from applications where id = any(?::uuid[])',
      [[...new Set(applicationIds)]],
    );
    const names = new Map(rows.map((row) => [row.id, row.name]));
    return applicationIds.map((id) => names.get(id) ?? null);
  });
}

/**
 * An application's name, as a screen names who changed an order or whom a delivery is for; null once the
 * application is gone. The caller has already decided that what names it is visible.
 */
export function applicationName(em: EntityManager, applicationId: string): Promise<string | null> {
  let reader = readers.get(em);
  if (!reader) readers.set(em, (reader = namesReader(em)));
  return reader.add(applicationId);
}
