import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../../db/raw-sql.js';

/**
 * An application's name, as a screen names who changed an order or whom a delivery is for; null once the
 * application is gone. The caller has already decided that what names it is visible.
 */
export async function applicationName(em: EntityManager, applicationId: string): Promise<string | null> {
  const [application] = await sqlRows<{ name: string }>(em, 'select name from applications where id = ?', [applicationId]);
  return application?.name ?? null;
}
