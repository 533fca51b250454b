// The catalog module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export type { CatalogChange, CatalogListener } from './catalog-events.js';
export { type GroupModifierRef, money, Problems } from './catalog-fields.js';
// CatalogService.applyImport takes a catalog as parseCatalogImport makes it.
export { MAX_IMPORT_BYTES, parseCatalogImport } from './catalog-import.rules.js';
export { CatalogPullService } from './catalog-pull.service.js';
export { type CatalogRecords, readCatalog } from './catalog-read.js';
export { CATALOG_OPERATIONS } from './catalog.operations.js';
export { CatalogService } from './catalog.service.js';
export {
  type CategoryRecord,
  type ModifierGroupView,
  type ModifierView,
  passThroughOf,
  type ProductView,
  toCategoryView,
} from './catalog.view.js';
export { Category } from './category.entity.js';
export { ModifierGroup } from './modifier-group.entity.js';
export { Modifier } from './modifier.entity.js';
export { Product } from './product.entity.js';
export { SNOOZE_KINDS, type SnoozeKind } from './snooze.rules.js';
export { SnoozeService } from './snooze.service.js';
export { UNSNOOZE_TASK, unsnoozeTask } from './unsnooze-timer.js';
