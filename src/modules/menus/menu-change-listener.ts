import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../common/clock.js';
import { sqlRows } from '../../db/raw-sql.js';
import type { CatalogChange, CatalogListener } from '../catalog/index.js';
import type { LocationListener, LocationView } from '../locations/index.js';
import { exportLocationOf } from './menu-export.js';
import { menusChanged, menusOfLocation } from './menu-updates.js';

// What the menus do when the catalog or the location changes, inside the transaction of that change. The
// catalog and the locations know only the listener interfaces; createServices hands them this one.

const REMOVE_ITEMS = `DELETE FROM menu_items WHERE product_id IN (SELECT (jsonb_array_elements_text(?::jsonb))::uuid) RETURNING menu_id`;
const REMOVE_MODIFIERS = `DELETE FROM menu_modifiers WHERE modifier_id IN (SELECT (jsonb_array_elements_text(?::jsonb))::uuid) RETURNING menu_id`;
const MENUS_CONTAINING = `
  SELECT menu_id FROM menu_items WHERE product_id IN (SELECT (jsonb_array_elements_text(?::jsonb))::uuid)
  UNION
  SELECT menu_id FROM menu_modifiers WHERE modifier_id IN (SELECT (jsonb_array_elements_text(?::jsonb))::uuid)`;
/** Menus of the location with an item whose product is in one of these categories, or that offers one of these modifier groups. */
const MENUS_NAMING = `
  SELECT i.menu_id FROM menu_items i JOIN menus m ON m.id = i.menu_id JOIN products p ON p.id = i.product_id
   WHERE m.location_id = ?::uuid
     AND (EXISTS (SELECT 1 FROM jsonb_array_elements_text(p.categories) c(ref) WHERE c.ref IN (SELECT jsonb_array_elements_text(?::jsonb)))
       OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(i.modifier_groups) g(ref) WHERE g.ref IN (SELECT jsonb_array_elements_text(?::jsonb))))`;

/**
 * A deleted product or modifier leaves every menu (docs/contract.md "Literal rules"); the references are checked only
 * at commit, so its menu rows are still here to say which menus it was in. Returns the ids of the menus whose
 * contents changed: those containing a changed or deleted product or modifier, or naming a changed or
 * deleted category or modifier group of the location.
 */
async function applyCatalogChangeToMenus(
  em: EntityManager,
  locationId: string,
  change: CatalogChange,
): Promise<string[]> {
  const menuIds = new Set<string>();
  const collect = (rows: { menu_id: string }[]) => rows.forEach((r) => menuIds.add(r.menu_id));
  if (change.deletedProductIds.length)
    collect(await sqlRows(em, REMOVE_ITEMS, [JSON.stringify(change.deletedProductIds)]));
  if (change.deletedModifierIds.length)
    collect(await sqlRows(em, REMOVE_MODIFIERS, [JSON.stringify(change.deletedModifierIds)]));
  if (change.changedProductIds.length || change.changedModifierIds.length) {
    collect(
      await sqlRows(em, MENUS_CONTAINING, [
        JSON.stringify(change.changedProductIds),
        JSON.stringify(change.changedModifierIds),
      ]),
    );
  }
  if (change.changedCategoryRefs.length || change.changedModifierGroupRefs.length) {
    collect(
      await sqlRows(em, MENUS_NAMING, [
        locationId,
        JSON.stringify(change.changedCategoryRefs),
        JSON.stringify(change.changedModifierGroupRefs),
      ]),
    );
  }
  return [...menuIds];
}

/** Removes what the catalog deleted from the menus, and tells operators and marketplaces of every menu whose contents changed. */
export class MenuChangeListener implements CatalogListener, LocationListener {
  constructor(private readonly clock: Clock) {}

  async catalogChanged(em: EntityManager, locationId: string, change: CatalogChange): Promise<void> {
    const menuIds = new Set(await applyCatalogChangeToMenus(em, locationId, change));
    if (change.taxRatesChanged) for (const id of await menusOfLocation(em, locationId)) menuIds.add(id);
    await menusChanged(em, locationId, [...menuIds], this.clock.now());
  }

  /** Every menu of the location, when its location block (menu-export.ts) shows something else now. */
  async locationChanged(em: EntityManager, before: LocationView, after: LocationView): Promise<void> {
    if (JSON.stringify(exportLocationOf(before)) === JSON.stringify(exportLocationOf(after))) return;
    await menusChanged(em, after.id, await menusOfLocation(em, after.id), this.clock.now());
  }
}
