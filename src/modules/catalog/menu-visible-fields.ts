// What a published menu shows of each kind of catalog record (menus/menu-read.ts for items and modifiers,
// menus/menu-export.ts for the categories and modifier groups the items name): a change of any of it is a
// MENU_UPDATED (docs/contract.md "Calls the hub makes"). The one list: a PATCH (catalog.service.ts) and an import
// (catalog-import.ts) decide from it whether menus hear of a change; the menu SQL reads these columns.
// Property name → column.

const MENU_VISIBLE = {
  product: {
    posReference: 'pos_reference',
    name: 'name',
    price: 'price',
    categories: 'categories',
    taxRateIds: 'tax_rate_ids',
    showOnline: 'show_online',
  },
  modifier: {
    posReference: 'pos_reference',
    name: 'name',
    price: 'price',
    taxRateIds: 'tax_rate_ids',
    showOnline: 'show_online',
  },
  category: {
    posReference: 'pos_reference',
    name: 'name',
    description: 'description',
    position: 'position',
    showOnline: 'show_online',
    serviceAvailability: 'service_availability',
  },
  // position orders the groups in the export.
  modifierGroup: {
    posReference: 'pos_reference',
    name: 'name',
    minPermitted: 'min_permitted',
    maxPermitted: 'max_permitted',
    modifiers: 'modifiers',
    position: 'position',
  },
} as const;

export type MenuVisibleKind = keyof typeof MENU_VISIBLE;

/** The columns of a kind that a menu shows, but posReference: an import matches records on it, so never changes it. */
export function importWatchedColumns(kind: MenuVisibleKind): string[] {
  return Object.values(MENU_VISIBLE[kind]).filter((column) => column !== 'pos_reference');
}

/** The record's menu-visible fields, comparable before and after a change. */
export function menuVisibleState(kind: 'product' | 'modifier', record: object): string {
  return JSON.stringify(
    Object.keys(MENU_VISIBLE[kind]).map((field) => (record as Record<string, unknown>)[field] ?? null),
  );
}
