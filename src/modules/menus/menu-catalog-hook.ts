import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../../db/raw-sql.js';
import type { CatalogChange } from '../catalog/catalog-events.js';

// What the menus do when the catalog changes, inside the catalog's transaction (catalog-events.ts).

const REMOVE_ITEMS = `DELETE FROM menu_items WHERE product_id IN (SELECT (jsonb_array_elements_text(?::jsonb))::uuid) RETURNING menu_id`;
const REMOVE_MODIFIERS = `DELETE FROM menu_modifiers WHERE modifier_id IN (SELECT (jsonb_array_elements_text(?::jsonb))::uuid) RETURNING menu_id`;
const MENUS_CONTAINING = `
  SELECT menu_id FROM menu_items WHERE product_id IN (SELECT (jsonb_array_elements_text(?::jsonb))::uuid)
  UNION
  SELECT menu_id FROM menu_modifiers WHERE modifier_id IN (SELECT (jsonb_array_elements_text(?::jsonb))::uuid)`;

/**
 * A deleted product or modifier leaves every menu (CONTRACT section 8); the references are checked only at
 * commit, so its menu rows are still here to say which menus it was in. Returns the ids of the menus whose
 * contents changed: those containing a changed or deleted product or modifier.
 */
export async function applyCatalogChangeToMenus(em: EntityManager, change: CatalogChange): Promise<string[]> {
  const menuIds = new Set<string>();
  const collect = (rows: { menu_id: string }[]) => rows.forEach((r) => menuIds.add(r.menu_id));
  if (change.deletedProductIds.length) collect(await sqlRows(em, REMOVE_ITEMS, [JSON.stringify(change.deletedProductIds)]));
  if (change.deletedModifierIds.length) collect(await sqlRows(em, REMOVE_MODIFIERS, [JSON.stringify(change.deletedModifierIds)]));
  if (change.changedProductIds.length || change.changedModifierIds.length) {
    collect(await sqlRows(em, MENUS_CONTAINING, [JSON.stringify(change.changedProductIds), JSON.stringify(change.changedModifierIds)]));
  }
  return [...menuIds];
}
