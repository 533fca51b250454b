import { IsolationLevel } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isoSql, sqlRows } from '../../db/raw-sql.js';
import type { TaxRateView } from '../locations/index.js';
import type { CategoryRecord, ModifierGroupRecord, ModifierRecord, ProductRecord } from './catalog.view.js';

// The whole catalog of a location, straight from SQL into the shapes the views read: hydrating some 12,000
// entities only to serialize them took twice as long. One REPEATABLE READ snapshot, so an import committing
// meanwhile is seen entirely or not at all.

const SELLABLE = `id, pos_reference AS "posReference", name, price, tax_rate_ids AS "taxRateIds", show_online AS "showOnline", position,
  pass_through AS "passThrough", ${isoSql('created_at')} AS "createdAt", ${isoSql('updated_at')} AS "updatedAt"`;

const select = (table: string, columns: string) =>
  `SELECT ${columns} FROM "${table}" WHERE location_id = ?::uuid ORDER BY position, created_at, id`;

const SQL = {
  categories: select(
    'categories',
    `id, pos_reference AS "posReference", name, description, position, show_online AS "showOnline", service_availability AS "serviceAvailability"`,
  ),
  products: select('products', `${SELLABLE}, categories, modifier_groups AS "modifierGroups"`),
  modifiers: select('modifiers', SELLABLE),
  taxRates: `SELECT pos_reference AS "posReference", name, type, rate, inclusive, is_default AS "isDefault" FROM tax_rates WHERE location_id = ?::uuid ORDER BY position`,
  groups: select(
    'modifier_groups',
    `id, pos_reference AS "posReference", name, min_permitted AS "minPermitted", max_permitted AS "maxPermitted", modifiers`,
  ),
};

export interface CatalogRecords {
  taxRates: TaxRateView[];
  categories: CategoryRecord[];
  products: ProductRecord[];
  modifiers: ModifierRecord[];
  groups: ModifierGroupRecord[];
}

export async function readCatalog(em: EntityManager, locationId: string): Promise<CatalogRecords> {
  return em.transactional(
    async (tx) => ({
      taxRates: await sqlRows<TaxRateView>(tx, SQL.taxRates, [locationId]),
      categories: await sqlRows<CategoryRecord>(tx, SQL.categories, [locationId]),
      products: await sqlRows<ProductRecord>(tx, SQL.products, [locationId]),
      modifiers: await sqlRows<ModifierRecord>(tx, SQL.modifiers, [locationId]),
      groups: await sqlRows<ModifierGroupRecord>(tx, SQL.groups, [locationId]),
    }),
    { isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true },
  );
}
