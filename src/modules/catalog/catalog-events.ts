import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What changed in a location's catalog that a published menu may show: a product's or modifier's name,
 * price, taxRateIds, show_online (and a product's categories) by PATCH or import, products or modifiers
 * deleted (by DELETE or left out of an import), and categories and modifier groups changed or deleted (the
 * menu export carries those its items name).
 * Newly created records are not listed: no menu can contain them yet.
 */
export interface CatalogChange {
  changedProductIds: string[];
  changedModifierIds: string[];
  deletedProductIds: string[];
  deletedModifierIds: string[];
  /** posReferences of categories whose exported fields changed, or that were deleted. */
  changedCategoryRefs: string[];
  /** posReferences of modifier groups whose exported fields changed, or that were deleted. */
  changedModifierGroupRefs: string[];
  /** The import replaced the location's tax rates with different ones: every menu's location block shows them. */
  taxRatesChanged: boolean;
}

const NO_CHANGE: Readonly<CatalogChange> = Object.freeze({
  changedProductIds: [],
  changedModifierIds: [],
  deletedProductIds: [],
  deletedModifierIds: [],
  changedCategoryRefs: [],
  changedModifierGroupRefs: [],
  taxRatesChanged: false,
});

export function catalogChange(partial: Partial<CatalogChange>): CatalogChange {
  return { ...NO_CHANGE, ...partial };
}

/**
 * Who hears of catalog changes: the menus (menus/menu-change-listener.ts), wired in createServices so the
 * catalog never imports them. Called inside the transaction of the change, so that what it writes
 * (MENU_UPDATED rows in the outbox, docs/contract.md "Calls the hub makes"; removing deleted products from menus,
 * "Literal rules") commits or rolls back with the change itself.
 */
export interface CatalogListener {
  catalogChanged(em: EntityManager, locationId: string, change: CatalogChange): Promise<void>;
}
