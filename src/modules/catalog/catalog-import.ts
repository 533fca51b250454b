import type { EntityManager } from '@mikro-orm/postgresql';
import { uuidv7 } from '../../common/ids.js';
import { sqlRows } from '../../db/raw-sql.js';
import type { Shape } from '../../shapes/shape.js';
import { type Location, replaceTaxRates } from '../locations/index.js';
import type { CatalogChange, CatalogListener } from './catalog-events.js';
import type { ParsedCatalog } from './catalog-import.rules.js';
import { importWatchedColumns } from './menu-visible-fields.js';

// Applying a checked CatalogImportEntity with set-based SQL: one multi-row upsert and one delete per kind,
// on the transaction's connection. A 10,000-product catalog is a handful of statements, not 10,000 ORM
// round trips. Rows whose columns are all unchanged are not rewritten (the upsert's WHERE ... IS DISTINCT
// FROM), so an unchanged re-import writes nothing and keeps every updatedAt.

interface Column {
  name: string;
  type: 'text' | 'integer' | 'boolean' | 'jsonb';
}

interface Kind {
  table: string;
  columns: Column[];
  /** Columns whose change a published menu must hear about (menu-visible-fields.ts). */
  watched: string[];
}

const col = (name: string, type: Column['type']): Column => ({ name, type });

const CATEGORIES: Kind = {
  table: 'categories',
  columns: [
    col('pos_reference', 'text'),
    col('name', 'text'),
    col('description', 'text'),
    col('position', 'integer'),
    col('show_online', 'boolean'),
    col('service_availability', 'jsonb'),
  ],
  watched: importWatchedColumns('category'),
};
const PRODUCTS: Kind = {
  table: 'products',
  columns: [
    col('pos_reference', 'text'),
    col('name', 'text'),
    col('price', 'integer'),
    col('categories', 'jsonb'),
    col('tax_rate_ids', 'jsonb'),
    col('show_online', 'boolean'),
    col('modifier_groups', 'jsonb'),
    col('position', 'integer'),
    col('pass_through', 'jsonb'),
  ],
  watched: importWatchedColumns('product'),
};
const MODIFIERS: Kind = {
  table: 'modifiers',
  columns: [
    col('pos_reference', 'text'),
    col('name', 'text'),
    col('price', 'integer'),
    col('tax_rate_ids', 'jsonb'),
    col('show_online', 'boolean'),
    col('position', 'integer'),
    col('pass_through', 'jsonb'),
  ],
  watched: importWatchedColumns('modifier'),
};
const MODIFIER_GROUPS: Kind = {
  table: 'modifier_groups',
  columns: [
    col('pos_reference', 'text'),
    col('name', 'text'),
    col('min_permitted', 'integer'),
    col('max_permitted', 'integer'),
    col('modifiers', 'jsonb'),
    col('position', 'integer'),
  ],
  watched: importWatchedColumns('modifierGroup'),
};

type KindCounts = Shape<'KindCounts'>;
/** What an import wrote, and what it told the catalog listener (the menus). */
export type ImportResult = Shape<'CatalogImportResult'>;

/** The SQL of one kind's upsert; built once per kind (the column lists never change). */
function upsertSql(kind: Kind): string {
  const names = kind.columns.map((c) => c.name);
  const recordset = ['id uuid', ...kind.columns.map((c) => `${c.name} ${c.type}`)].join(', ');
  const quoted = names.map((n) => `"${n}"`).join(', ');
  const watchedBefore = kind.watched.length ? `, ${kind.watched.map((w) => `b."${w}"`).join(', ')}` : '';
  const watchedCompare = kind.watched.length
    ? `(${kind.watched.map((w) => `b."${w}"`).join(', ')}) IS DISTINCT FROM (${kind.watched.map((w) => `w."${w}"`).join(', ')})`
    : 'false';
  return `
    WITH stamp AS (
      -- Milliseconds, like every timestamp the ORM writes: page keys carry createdAt at that precision.
      SELECT date_trunc('milliseconds', now()) AS at
    ), input AS (
      SELECT * FROM jsonb_to_recordset(?::jsonb) AS x(${recordset})
    ), before AS (
      SELECT b.pos_reference${watchedBefore} FROM "${kind.table}" b WHERE b.location_id = ?::uuid
    ), written AS (
      INSERT INTO "${kind.table}" AS t (id, created_at, updated_at, location_id, ${quoted})
      SELECT id, stamp.at, stamp.at, ?::uuid, ${quoted} FROM input, stamp ORDER BY id
      ON CONFLICT (location_id, pos_reference) DO UPDATE SET
        ${names.map((n) => `"${n}" = excluded."${n}"`).join(', ')}, updated_at = excluded.updated_at
      WHERE (${names.map((n) => `t."${n}"`).join(', ')}) IS DISTINCT FROM (${names.map((n) => `excluded."${n}"`).join(', ')})
      RETURNING t.id, t.pos_reference, (t.xmax = 0) AS inserted${kind.watched.map((w) => `, t."${w}"`).join('')}
    )
    SELECT count(*) FILTER (WHERE w.inserted)::int AS created,
           count(*) FILTER (WHERE NOT w.inserted)::int AS updated,
           coalesce(jsonb_agg(w.id) FILTER (WHERE NOT w.inserted AND ${watchedCompare}), '[]'::jsonb) AS watched_ids,
           coalesce(jsonb_agg(w.pos_reference) FILTER (WHERE NOT w.inserted AND ${watchedCompare}), '[]'::jsonb) AS watched_refs
    FROM written w LEFT JOIN before b ON b.pos_reference = w.pos_reference`;
}

function deleteSql(kind: Kind): string {
  return `
    DELETE FROM "${kind.table}" t
    WHERE t.location_id = ?::uuid
      AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements_text(?::jsonb) AS k(ref) WHERE k.ref = t.pos_reference)
    RETURNING t.id, t.pos_reference`;
}

const SQL = new Map<Kind, { upsert: string; remove: string }>(
  [CATEGORIES, PRODUCTS, MODIFIERS, MODIFIER_GROUPS].map((kind) => [
    kind,
    { upsert: upsertSql(kind), remove: deleteSql(kind) },
  ]),
);

type Row = Record<string, unknown>;

// How a parsed record becomes its kind's row for jsonb_to_recordset: the columns of its Kind, and an id for the
// upsert to insert with (UUID v7, in import order; an existing row keeps its own on conflict). One object per
// record, nothing else allocated: a 10,000-product import maps 10,000 of them.

function categoryRow(c: ParsedCatalog['categories'][number]): Row {
  return {
    id: uuidv7(),
    pos_reference: c.posReference,
    name: c.name,
    description: c.description,
    position: c.position,
    show_online: c.showOnline,
    service_availability: c.serviceAvailability,
  };
}

function groupRow(g: ParsedCatalog['modifierGroups'][number]): Row {
  return {
    id: uuidv7(),
    pos_reference: g.posReference,
    name: g.name,
    min_permitted: g.minPermitted,
    max_permitted: g.maxPermitted,
    modifiers: g.modifiers,
    position: g.position,
  };
}

function modifierRow(m: ParsedCatalog['modifiers'][number]): Row {
  return {
    id: uuidv7(),
    pos_reference: m.posReference,
    name: m.name,
    price: m.price,
    tax_rate_ids: m.taxRateIds,
    show_online: m.showOnline,
    position: m.position,
    pass_through: m.passThrough,
  };
}

function productRow(p: ParsedCatalog['products'][number]): Row {
  return {
    id: uuidv7(),
    pos_reference: p.posReference,
    name: p.name,
    price: p.price,
    categories: p.categories,
    tax_rate_ids: p.taxRateIds,
    show_online: p.showOnline,
    modifier_groups: p.modifierGroups,
    position: p.position,
    pass_through: p.passThrough,
  };
}

interface KindResult {
  counts: KindCounts;
  /** Updated rows whose watched columns changed. */
  watchedIds: string[];
  watchedRefs: string[];
  deletedIds: string[];
  deletedRefs: string[];
}

async function applyKind(em: EntityManager, locationId: string, kind: Kind, rows: Row[]): Promise<KindResult> {
  const sql = SQL.get(kind)!;
  // Deleting first frees nothing the upsert needs (rows are matched by posReference), but it keeps the
  // unique index smaller while the upsert probes it.
  const deleted = await sqlRows<{ id: string; pos_reference: string }>(em, sql.remove, [
    locationId,
    JSON.stringify(rows.map((r) => r.pos_reference)),
  ]);
  let created = 0;
  let updated = 0;
  let watchedIds: string[] = [];
  let watchedRefs: string[] = [];
  if (rows.length > 0) {
    const [result] = await sqlRows<{ created: number; updated: number; watched_ids: string[]; watched_refs: string[] }>(
      em,
      sql.upsert,
      [JSON.stringify(rows), locationId, locationId],
    );
    ({ created, updated } = result);
    watchedIds = result.watched_ids;
    watchedRefs = result.watched_refs;
  }
  return {
    counts: { created, updated, deleted: deleted.length, unchanged: rows.length - created - updated },
    watchedIds,
    watchedRefs,
    deletedIds: deleted.map((d) => d.id),
    deletedRefs: deleted.map((d) => d.pos_reference),
  };
}

/**
 * Writes the parsed catalog over the location's catalog, in the caller's transaction (the location row
 * locked by the caller). catalog.taxRates undefined leaves the location's tax rates as they are. The
 * listener hears of what changed in what menus show, in the same transaction.
 */
export async function writeCatalog(
  em: EntityManager,
  location: Location,
  catalog: ParsedCatalog,
  listener: CatalogListener,
): Promise<ImportResult> {
  let taxRatesChanged = false;
  if (catalog.taxRates) {
    taxRatesChanged = await replaceTaxRates(em, location, catalog.taxRates);
    await em.flush();
  }
  const locationId = location.id;
  const categoryResult = await applyKind(em, locationId, CATEGORIES, catalog.categories.map(categoryRow));
  const modifierGroupResult = await applyKind(em, locationId, MODIFIER_GROUPS, catalog.modifierGroups.map(groupRow));
  const modifierResult = await applyKind(em, locationId, MODIFIERS, catalog.modifiers.map(modifierRow));
  const productResult = await applyKind(em, locationId, PRODUCTS, catalog.products.map(productRow));
  const change: CatalogChange = {
    changedProductIds: productResult.watchedIds,
    changedModifierIds: modifierResult.watchedIds,
    deletedProductIds: productResult.deletedIds,
    deletedModifierIds: modifierResult.deletedIds,
    changedCategoryRefs: [...categoryResult.watchedRefs, ...categoryResult.deletedRefs],
    changedModifierGroupRefs: [...modifierGroupResult.watchedRefs, ...modifierGroupResult.deletedRefs],
    taxRatesChanged,
  };
  await listener.catalogChanged(em, locationId, change);
  return {
    categories: catalog.categories.length,
    products: catalog.products.length,
    modifiers: catalog.modifiers.length,
    modifierGroups: catalog.modifierGroups.length,
    taxRates: location.taxRates.length,
    changes: {
      categories: categoryResult.counts,
      products: productResult.counts,
      modifiers: modifierResult.counts,
      modifierGroups: modifierGroupResult.counts,
    },
    menuRelevant: {
      changedProducts: change.changedProductIds.length,
      changedModifiers: change.changedModifierIds.length,
      deletedProducts: change.deletedProductIds.length,
      deletedModifiers: change.deletedModifierIds.length,
      changedCategories: change.changedCategoryRefs.length,
      changedModifierGroups: change.changedModifierGroupRefs.length,
    },
  };
}
