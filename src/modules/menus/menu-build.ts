import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from '../../common/ids.js';
import { sqlRows } from '../../db/raw-sql.js';
import { type GroupModifierRef, Problems } from '../catalog/index.js';
import type { ProductSelection } from './menu.rules.js';

// Building a menu's contents from the catalog (docs/contract.md "Operations", "Create menu"): one item per product in
// the order given, each with its product's modifier groups, and one menu modifier per catalog modifier that
// those groups offer. Set-based SQL, so a 5,000-item menu is a few statements.

export interface CatalogProductRef {
  id: string;
  posReference: string;
  modifierGroups: string[];
}

const PRODUCTS_BY = {
  id: `SELECT id, pos_reference AS "posReference", modifier_groups AS "modifierGroups" FROM products
        WHERE location_id = ?::uuid AND id IN (SELECT (jsonb_array_elements_text(?::jsonb))::uuid)`,
  posReference: `SELECT id, pos_reference AS "posReference", modifier_groups AS "modifierGroups" FROM products
        WHERE location_id = ?::uuid AND pos_reference IN (SELECT jsonb_array_elements_text(?::jsonb))`,
};

/** The selected products of the location, in the order selected; 400 naming each value that names none. */
export async function selectProducts(
  em: EntityManager,
  locationId: string,
  selection: ProductSelection,
): Promise<CatalogProductRef[]> {
  if (selection.values.length === 0) return [];
  const rows = await sqlRows<CatalogProductRef>(em, PRODUCTS_BY[selection.by], [
    locationId,
    JSON.stringify(selection.values),
  ]);
  const found = new Map(rows.map((r) => [selection.by === 'id' ? r.id : r.posReference, r]));
  const field = selection.by === 'id' ? 'productIds' : 'productPosReferences';
  const p = new Problems();
  selection.values.forEach((value, i) => {
    if (!found.has(value)) p.add(`/${field}/${i}`, `names no product of this location ("${value}")`);
  });
  p.throwIfAny();
  return selection.values.map((value) => found.get(value)!);
}

const INSERT_ITEMS = `
  INSERT INTO menu_items (id, created_at, updated_at, menu_id, product_id, modifier_groups, position)
  SELECT x.id, date_trunc('milliseconds', now()), date_trunc('milliseconds', now()), ?::uuid, x.product_id, x.modifier_groups, x.position
    FROM jsonb_to_recordset(?::jsonb) AS x(id uuid, product_id uuid, modifier_groups jsonb, position int)`;

const INSERT_MODIFIERS = `
  INSERT INTO menu_modifiers (id, created_at, updated_at, menu_id, modifier_id, position)
  SELECT x.id, date_trunc('milliseconds', now()), date_trunc('milliseconds', now()), ?::uuid, x.modifier_id,
         coalesce((SELECT max(position) + 1 FROM menu_modifiers WHERE menu_id = ?::uuid), 0) + x.position
    FROM jsonb_to_recordset(?::jsonb) AS x(id uuid, modifier_id uuid, position int)
  ON CONFLICT (menu_id, modifier_id) DO NOTHING`;

/** Adds items for these products after the menu's last one, with the modifiers their groups offer. */
export async function addProductsToMenu(
  em: EntityManager,
  locationId: string,
  menuId: string,
  products: CatalogProductRef[],
  firstPosition: number,
): Promise<void> {
  if (products.length === 0) return;
  const items = products.map((product, i) => ({
    id: uuidv7(),
    product_id: product.id,
    modifier_groups: product.modifierGroups,
    position: firstPosition + i,
  }));
  await sqlRows(em, INSERT_ITEMS, [menuId, JSON.stringify(items)]);
  const modifierIds = await modifiersOfGroups(
    em,
    locationId,
    products.flatMap((p) => p.modifierGroups),
  );
  if (modifierIds.length === 0) return;
  const rows = modifierIds.map((id, i) => ({ id: uuidv7(), modifier_id: id, position: i }));
  await sqlRows(em, INSERT_MODIFIERS, [menuId, menuId, JSON.stringify(rows)]);
}

/**
 * The catalog modifiers offered by these groups (posReferences), in the order the groups and their elements
 * list them, each once. A group element names a modifier by posReference (a string or {posReference}) or
 * by service id ({id}).
 */
async function modifiersOfGroups(em: EntityManager, locationId: string, groupRefs: string[]): Promise<string[]> {
  const wanted = [...new Set(groupRefs)];
  if (wanted.length === 0) return [];
  const groups = await sqlRows<{ posReference: string; modifiers: GroupModifierRef[] }>(
    em,
    `SELECT pos_reference AS "posReference", modifiers FROM modifier_groups
      WHERE location_id = ?::uuid AND pos_reference IN (SELECT jsonb_array_elements_text(?::jsonb))`,
    [locationId, JSON.stringify(wanted)],
  );
  const modifiers = await sqlRows<{ id: string; posReference: string }>(
    em,
    `SELECT id, pos_reference AS "posReference" FROM modifiers WHERE location_id = ?::uuid`,
    [locationId],
  );
  const byReference = new Map(modifiers.map((m) => [m.posReference, m.id]));
  const byId = new Set(modifiers.map((m) => m.id));
  const groupsByRef = new Map(groups.map((g) => [g.posReference, g]));
  const ordered = new Set<string>();
  for (const ref of wanted) {
    for (const element of groupsByRef.get(ref)?.modifiers ?? []) {
      const id =
        typeof element === 'string'
          ? byReference.get(element)
          : element.id !== undefined
            ? byId.has(element.id)
              ? element.id
              : undefined
            : byReference.get(element.posReference ?? '');
      if (id) ordered.add(id);
    }
  }
  return [...ordered];
}
