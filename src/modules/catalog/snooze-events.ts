import type { EntityManager } from '@mikro-orm/postgresql';
import { notifyLive } from '../../live/notify.js';
import { sendToMarketplaces } from '../connections/index.js';
import type { ItemRef, SnoozedItem } from './snooze-store.js';

// ITEMS_SNOOZED and ITEMS_UNSNOOZED: to each active marketplace connection (at its webhookUrl), the items
// whose snooze changed and nothing else, through the outbox in the transaction of the change. Operators with
// one of the location's menus open hear of it too (a live signal): the menu shows each item's snoozedUntil.

export type SnoozeEvent =
  { eventType: 'ITEMS_SNOOZED'; items: SnoozedItem[] } | { eventType: 'ITEMS_UNSNOOZED'; items: ItemRef[] };

export async function sendSnoozeEvent(
  em: EntityManager,
  ids: { accountId: string; locationId: string },
  event: SnoozeEvent,
  now: Date,
): Promise<void> {
  if (event.items.length === 0) return;
  await notifyLive(em, { topic: 'menu', locationId: ids.locationId, menuIds: null });
  await sendToMarketplaces(em, {
    eventType: event.eventType,
    eventTime: now.toISOString(),
    ...ids,
    // A snooze and its end reach the marketplace in that order.
    orderingKey: `snoozes:${ids.locationId}`,
    bodyOf: () => ({ items: event.items }),
  });
}
