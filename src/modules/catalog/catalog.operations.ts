import { declareOperations, EVERYONE, PARTNERS, type OperationRule } from '../../auth/operation.js';

const read: Omit<OperationRule<'location'>, 'name'> = {
  callers: EVERYONE,
  scope: 'catalogs.read',
  reaches: 'location',
};
const write: Omit<OperationRule<'location'>, 'name'> = {
  callers: EVERYONE,
  scope: 'catalogs.write',
  reaches: 'location',
};

/** The catalog of a location: read with catalogs.read, written with catalogs.write (src/auth/operation.ts). */
export const CATALOG_OPERATIONS = declareOperations('catalog', {
  import: write,
  /** The POS of a connection is asked for its catalog, applied as an import; a partner pulls through its own connection only. */
  pull: { ...write, ownRecordsOnly: { connections: PARTNERS } },
  read,
  listProducts: read,
  readProduct: read,
  createProduct: write,
  updateProduct: write,
  deleteProduct: write,
  listModifiers: read,
  readModifier: read,
  createModifier: write,
  updateModifier: write,
  deleteModifier: write,
  listCategories: read,
  deleteCategory: write,
  listModifierGroups: read,
  /** Snoozes: what is not for sale until a time; a POS snoozes with its own token, as an operator does. */
  listSnoozes: read,
  snooze: write,
  unsnooze: write,
});
