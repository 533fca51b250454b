import type { EntityManager } from '@mikro-orm/postgresql';
import { isoSql, sqlRows } from '../../db/raw-sql.js';
import type { MenuItemView, MenuModifierView, MenuView } from './menu.view.js';

// Menus straight from SQL into their views: items joined with their products and menu modifiers with their
// modifiers, so the effective values (docs/contract.md "Literal rules") are computed where the data is, for one menu or
// a page of them, in two statements whatever the menu's size.

const MENUS = `
  SELECT m.id, l.account_id AS "accountId", m.location_id AS "locationId", m.name, m.description,
         ${isoSql('m.created_at')} AS "createdAt", ${isoSql('m.updated_at')} AS "updatedAt"
    FROM menus m JOIN locations l ON l.id = m.location_id
   WHERE m.id = ANY(?::uuid[])`;

const ITEMS = `
  SELECT i.menu_id, i.id, i.product_id AS "productId", p.pos_reference AS "posReference",
         coalesce(i.name, p.name) AS name, coalesce(i.price, p.price) AS price, p.categories,
         coalesce(i.tax_rate_ids_override, p.tax_rate_ids) AS "taxRateIds", i.tax_rate_ids_override AS "taxRateIdsOverride",
         p.show_online, ${isoSql('p.snoozed_until')} AS "snoozedUntil", i.modifier_groups AS "modifierGroups", i.position
    FROM menu_items i JOIN products p ON p.id = i.product_id
   WHERE i.menu_id = ANY(?::uuid[])
   ORDER BY i.position, i.id`;

const MODIFIERS = `
  SELECT mm.menu_id, mm.id, mm.modifier_id AS "modifierId", d.pos_reference AS "posReference",
         coalesce(mm.name, d.name) AS name, coalesce(mm.price, d.price) AS price,
         coalesce(mm.tax_rate_ids_override, d.tax_rate_ids) AS "taxRateIds", mm.tax_rate_ids_override AS "taxRateIdsOverride",
         d.show_online, ${isoSql('d.snoozed_until')} AS "snoozedUntil", mm.position
    FROM menu_modifiers mm JOIN modifiers d ON d.id = mm.modifier_id
   WHERE mm.menu_id = ANY(?::uuid[])
   ORDER BY mm.position, mm.id`;

/**
 * A PostgreSQL array literal of uuids, for `= ANY(?::uuid[])` (knex would expand a JS array binding into a
 * list of placeholders). Only ids already checked as uuids may be passed.
 */
export function uuidArray(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}

type WithMenu<T> = T & { menu_id?: string };

function byMenu<T>(rows: WithMenu<T>[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) {
    const menuId = row.menu_id as string;
    delete row.menu_id;
    let list = grouped.get(menuId);
    if (!list) grouped.set(menuId, (list = []));
    list.push(row);
  }
  return grouped;
}

/** The menus with these ids, in the order of the ids given (ids not found are left out). */
export async function readMenus(em: EntityManager, menuIds: readonly string[]): Promise<MenuView[]> {
  if (menuIds.length === 0) return [];
  const ids = uuidArray(menuIds);
  const menus = await sqlRows<Omit<MenuView, 'items' | 'modifiers'>>(em, MENUS, [ids]);
  const items = byMenu(await sqlRows<WithMenu<MenuItemView>>(em, ITEMS, [ids]));
  const modifiers = byMenu(await sqlRows<WithMenu<MenuModifierView>>(em, MODIFIERS, [ids]));
  const found = new Map(menus.map((m) => [m.id, m]));
  return menuIds
    .filter((id) => found.has(id))
    .map((id) => ({ ...found.get(id)!, items: items.get(id) ?? [], modifiers: modifiers.get(id) ?? [] }));
}

export async function readMenu(em: EntityManager, menuId: string): Promise<MenuView | null> {
  return (await readMenus(em, [menuId]))[0] ?? null;
}
