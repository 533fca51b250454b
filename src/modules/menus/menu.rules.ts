import { isUuid } from '../../common/ids.js';
import { money, Problems } from '../catalog/index.js';

// Field rules of menus, items and menu modifiers, shared by REST (which also checks shapes from OpenAPI)
// and GraphQL. Pure functions; every problem is reported at once with its JSON path.

export interface CreateMenuInput {
  name: string;
  description?: string | null;
  productIds?: string[] | null;
  productPosReferences?: string[] | null;
}

export interface UpdateMenuInput {
  name?: string | null;
  description?: string | null;
}

/**
 * An item or menu modifier, on create and patch. name and price: a value overrides the catalog's, null goes
 * back to the catalog's, omitted (patch) leaves it. taxRateIds: any array, even [], sets the override;
 * omitted (or null) means none, so a patch without it removes the override (docs/contract.md "Literal rules").
 */
export interface MenuEntryInput {
  name?: string | null;
  price?: number | null;
  taxRateIds?: string[] | null;
}

export interface MenuItemInput extends MenuEntryInput {
  productId: string;
}

export interface MenuModifierInput extends MenuEntryInput {
  modifierId: string;
}

/** The products a new menu is built from: by ids or by posReferences (one of them, or neither for an empty menu). */
export type ProductSelection = { by: 'id' | 'posReference'; values: string[] };

export function checkCreateMenu(input: CreateMenuInput): ProductSelection {
  const p = new Problems();
  checkName(input.name, '/name', p, true);
  checkDescription(input.description, p);
  const ids = input.productIds ?? null;
  const refs = input.productPosReferences ?? null;
  if (ids && refs) p.add('/productPosReferences', 'give either productIds or productPosReferences, not both');
  const selection: ProductSelection = refs ? { by: 'posReference', values: refs } : { by: 'id', values: ids ?? [] };
  const field = selection.by === 'id' ? 'productIds' : 'productPosReferences';
  const seen = new Map<string, number>();
  selection.values.forEach((value, index) => {
    if (typeof value !== 'string' || value.length < 1) p.add(`/${field}/${index}`, 'must be a non-empty string');
    else if (selection.by === 'id' && !isUuid(value)) p.add(`/${field}/${index}`, 'must be a product id (UUID)');
    const earlier = seen.get(value);
    if (earlier !== undefined)
      p.add(`/${field}/${index}`, `duplicates /${field}/${earlier}: a product appears once in a menu`);
    seen.set(value, index);
  });
  p.throwIfAny();
  return selection;
}

export function checkUpdateMenu(input: UpdateMenuInput): void {
  const p = new Problems();
  if (input.name !== undefined) checkName(input.name, '/name', p, true);
  checkDescription(input.description, p);
  p.throwIfAny();
}

export function checkEntry(input: MenuEntryInput, idField?: { name: string; value: unknown }): void {
  const p = new Problems();
  if (idField && (typeof idField.value !== 'string' || !isUuid(idField.value)))
    p.add(`/${idField.name}`, 'is required and must be an id (UUID)');
  if (input.name != null) checkName(input.name, '/name', p, false);
  if (input.price != null) money(input.price, '/price', p);
  if (input.taxRateIds != null) {
    if (!Array.isArray(input.taxRateIds)) p.add('/taxRateIds', 'must be an array of strings');
    else input.taxRateIds.forEach((id, i) => typeof id !== 'string' && p.add(`/taxRateIds/${i}`, 'must be a string'));
  }
  p.throwIfAny();
}

/** The new order of a menu's items: every item id once (which ids the menu holds, the service checks). */
export function checkItemOrder(itemIds: unknown): string[] {
  const p = new Problems();
  if (!Array.isArray(itemIds)) p.add('/itemIds', 'must be an array of menu item ids');
  else {
    const seen = new Set<unknown>();
    itemIds.forEach((id, i) => {
      if (typeof id !== 'string' || !isUuid(id)) p.add(`/itemIds/${i}`, 'must be a menu item id (UUID)');
      else if (seen.has(id)) p.add(`/itemIds/${i}`, 'appears twice: each item once');
      seen.add(id);
    });
  }
  p.throwIfAny();
  return itemIds as string[];
}

function checkName(value: unknown, path: string, p: Problems, required: boolean): void {
  if (value == null && !required) return;
  if (typeof value !== 'string' || value.trim().length < 1) p.add(path, 'must be a non-empty string');
}

function checkDescription(value: unknown, p: Problems): void {
  if (value != null && typeof value !== 'string') p.add('/description', 'must be a string');
}
