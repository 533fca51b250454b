import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../../db/raw-sql.js';
import { notifyLive } from '../../live/notify.js';
import { enqueueDelivery } from '../../delivery-engine/outbox.js';
import { urlFor, webhookDelivery } from '../../delivery-engine/webhook-event.js';
import { activeConnectionsWithCredentials } from '../connections/index.js';
import { availabilityView, readSchedules } from '../availability/index.js';
import { readMenuExport } from './menu-export.js';
import { uuidArray } from './menu-read.js';

// When what a menu shows changes (a product's or modifier's name, price, taxRateIds or show_online, an item or
// menu modifier override, an import, the location's name, currency, timezone or tax rates), in the transaction
// of the change:
// - operators with the menu open hear of it (a live signal, src/live; their screen reads the menu again);
// - MENU_UPDATED (docs/contract.md "Calls the hub makes"): each marketplace the menu was published to hears about
//   it at its webhookUrl (or in its event feed), with the menu export as newState, through the outbox.

/** Menus one live signal names; beyond this many it says "every menu of the location" (NOTIFY payloads are small). */
const MOST_MENUS_NAMED = 100;

/**
 * What these menus of the location show has changed, in the transaction of the change: operators watching
 * one of them hear of it (a live signal, sent at commit), and so does every marketplace it was published to
 * (MENU_UPDATED, below).
 */
export async function menusChanged(
  em: EntityManager,
  locationId: string,
  menuIds: readonly string[],
  now: Date,
): Promise<void> {
  if (menuIds.length === 0) return;
  await notifyLive(em, { topic: 'menu', locationId, menuIds: menuIds.length > MOST_MENUS_NAMED ? null : [...menuIds] });
  await enqueueMenuUpdates(em, locationId, menuIds, now);
}

/** The latest publication of each (menu, connection) pair among these menus. */
const LATEST_PUBLICATIONS = `
  SELECT DISTINCT ON (menu_id, connection_id) menu_id AS "menuId", connection_id AS "connectionId", id AS "publicationId"
    FROM menu_publications
   WHERE menu_id = ANY(?::uuid[])
   ORDER BY menu_id, connection_id, created_at DESC`;

/**
 * Enqueues MENU_UPDATED for every active marketplace that these menus of the location were published to (to its
 * webhookUrl, or without one into its event feed); returns how many.
 */
async function enqueueMenuUpdates(
  em: EntityManager,
  locationId: string,
  menuIds: readonly string[],
  now: Date,
): Promise<number> {
  if (menuIds.length === 0) return 0;
  const publications = await sqlRows<{ menuId: string; connectionId: string; publicationId: string }>(
    em,
    LATEST_PUBLICATIONS,
    [uuidArray(menuIds)],
  );
  if (publications.length === 0) return 0;
  const marketplaces = new Map(
    (await activeConnectionsWithCredentials(em, locationId))
      .filter((c) => c.kind === 'MARKETPLACE')
      .map((c) => [c.connectionId, c]),
  );
  const schedules = await readSchedules(em, locationId);
  if (!schedules) return 0;
  const exports = new Map<string, Awaited<ReturnType<typeof readMenuExport>>>();
  let enqueued = 0;
  for (const { menuId, connectionId, publicationId } of publications) {
    const marketplace = marketplaces.get(connectionId);
    if (!marketplace) continue;
    if (!exports.has(menuId)) exports.set(menuId, await readMenuExport(em, menuId));
    const exported = exports.get(menuId);
    if (!exported) continue;
    const ids = { accountId: marketplace.accountId, locationId, connectionId };
    await enqueueDelivery(
      em,
      webhookDelivery({
        eventType: 'MENU_UPDATED',
        accountId: marketplace.accountId,
        locationId,
        recipient: { applicationId: marketplace.applicationId, connectionId, url: urlFor('MENU_UPDATED', marketplace) },
        // Successive updates of one menu reach the marketplace in the order they happened.
        orderingKey: `menu:${menuId}`,
        credentials: marketplace.credentials,
        body: {
          menuId,
          newState: {
            menuId,
            publicationId,
            ...ids,
            location: exported.location,
            menu: exported.menu,
            availability: availabilityView(schedules, connectionId, now),
          },
        },
      }),
    );
    enqueued++;
  }
  return enqueued;
}

export async function menusOfLocation(em: EntityManager, locationId: string): Promise<string[]> {
  return (await sqlRows<{ id: string }>(em, 'SELECT id FROM menus WHERE location_id = ?::uuid', [locationId])).map(
    (m) => m.id,
  );
}
