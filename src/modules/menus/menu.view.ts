// The one public shape of menus (docs/contract.md "Records"), for REST, GraphQL and the MenuExportEntity alike.
// Effective values are computed by SQL (menu-read.ts): name, price and taxRateIds are the override when set,
// else the catalog record's; show_online and snoozedUntil are always the catalog record's, live.

export interface MenuItemView {
  id: string;
  productId: string;
  posReference: string;
  name: string;
  price: number;
  categories: string[];
  /** Effective: the override when set, else the product's. */
  taxRateIds: string[];
  taxRateIdsOverride: string[] | null;
  show_online: boolean;
  /** The product's snooze, live: not for sale until then; null when not snoozed. */
  snoozedUntil: string | null;
  modifierGroups: string[];
  position: number;
}

export interface MenuModifierView {
  id: string;
  modifierId: string;
  posReference: string;
  name: string;
  price: number;
  taxRateIds: string[];
  taxRateIdsOverride: string[] | null;
  show_online: boolean;
  /** The modifier's snooze, live. */
  snoozedUntil: string | null;
  position: number;
}

export interface MenuView {
  id: string;
  accountId: string;
  locationId: string;
  name: string;
  description: string | null;
  items: MenuItemView[];
  modifiers: MenuModifierView[];
  createdAt: string;
  updatedAt: string;
}
