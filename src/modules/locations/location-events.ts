import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocationView } from './location.view.js';

/**
 * Who hears of location changes: the menus (menus/menu-change-listener.ts) and the marketplaces' opening hours
 * (availability/timezone-change-listener.ts), wired in createServices so the locations never import them. Called inside the transaction of the change, so what it writes (MENU_UPDATED
 * rows in the outbox) commits or rolls back with it.
 */
export interface LocationListener {
  /** The location as it was before the change and as it is now; the listener decides what matters to it. */
  locationChanged(em: EntityManager, before: LocationView, after: LocationView): Promise<void>;
}
