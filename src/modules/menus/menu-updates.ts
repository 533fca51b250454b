import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from '../../common/ids.js';
import { sqlRows } from '../../db/raw-sql.js';
import { enqueueDelivery } from '../../delivery/outbox.js';
import { connectionWithCredentials } from '../connections/connection.service.js';
import { readMenuExport } from './menu-export.js';

// MENU_UPDATED (CONTRACT section 7): when what a published menu shows changes (a product's or modifier's
// name, price, taxRateIds or show_online, an item or menu modifier override, an import, the location's
// name, currency, timezone or tax rates), each marketplace the menu was published to hears about it at its
// webhookUrl, with the menu export as newState. Written through the outbox in the transaction of the change.

interface Target {
  menuId: string;
  connectionId: string;
  publicationId: string;
  applicationId: string;
  webhookUrl: string;
  accountId: string;
  locationId: string;
}

/** The latest publication of each (menu, active marketplace connection) pair among these menus. */
const TARGETS = `
  SELECT DISTINCT ON (p.menu_id, p.connection_id)
         p.menu_id AS "menuId", p.connection_id AS "connectionId", p.id AS "publicationId", a.id AS "applicationId",
         a.webhook_url AS "webhookUrl", c.account_id AS "accountId", c.location_id AS "locationId"
    FROM menu_publications p
    JOIN connections c ON c.id = p.connection_id AND c.status = 'ACTIVE'
    JOIN applications a ON a.id = c.application_id AND a.kind = 'MARKETPLACE' AND a.webhook_url IS NOT NULL
   WHERE p.menu_id IN (SELECT (jsonb_array_elements_text(?::jsonb))::uuid)
   ORDER BY p.menu_id, p.connection_id, p.created_at DESC`;

/** Enqueues MENU_UPDATED for every marketplace these menus were published to; returns how many. */
export async function enqueueMenuUpdates(em: EntityManager, menuIds: readonly string[]): Promise<number> {
  if (menuIds.length === 0) return 0;
  const targets = await sqlRows<Target>(em, TARGETS, [JSON.stringify(menuIds)]);
  const exports = new Map<string, Awaited<ReturnType<typeof readMenuExport>>>();
  for (const target of targets) {
    if (!exports.has(target.menuId)) exports.set(target.menuId, await readMenuExport(em, target.menuId));
    const exported = exports.get(target.menuId);
    if (!exported) continue;
    const { credentials } = await connectionWithCredentials(em, target.connectionId);
    const eventId = uuidv7();
    const ids = { accountId: target.accountId, locationId: target.locationId, connectionId: target.connectionId };
    await enqueueDelivery(em, {
      eventId,
      eventType: 'MENU_UPDATED',
      applicationId: target.applicationId,
      ...ids,
      // Successive updates of one menu reach the marketplace in the order they happened.
      orderingKey: `menu:${target.menuId}`,
      url: target.webhookUrl,
      payload: {
        eventId,
        eventType: 'MENU_UPDATED',
        objectType: 'MENU',
        eventTime: new Date().toISOString(),
        ...ids,
        menuId: target.menuId,
        connection: { id: target.connectionId, credentials },
        newState: { menuId: target.menuId, publicationId: target.publicationId, ...ids, location: exported.location, menu: exported.menu },
      },
    });
  }
  return targets.length;
}

export async function menusOfLocation(em: EntityManager, locationId: string): Promise<string[]> {
  return (await sqlRows<{ id: string }>(em, 'SELECT id FROM menus WHERE location_id = ?::uuid', [locationId])).map((m) => m.id);
}

/** Every menu of the location: what its location block shows (name, currency, timezone, tax rates) changed. */
export async function enqueueLocationMenuUpdates(em: EntityManager, locationId: string): Promise<number> {
  return enqueueMenuUpdates(em, await menusOfLocation(em, locationId));
}
