import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../../db/raw-sql.js';
import { asServiceId, type ItemInput, type OptionInput } from './order.rules.js';

// Order tax resolution (SPEC "Tax references" rule 5, CONTRACT section 8), per item and per option:
//   1. the catalog product (modifier) the line maps to by productId (modifierId) or posReference gives its
//      taxRateIds, even when empty;
//   2. else the taxRateIds on the incoming line, when it sends some;
//   3. else the "catalog map": a catalog product (modifier) whose name equals the line's exactly;
//   4. else [].
// A line that sends taxRateIds: [] has sent none, so it falls through to the name match: section 8 says "even
// when empty" of the catalog record only. The hub computes no tax; it only decides which references a line
// carries. The catalog is read set-based: one query per kind for all lines of the order.

export interface CatalogTaxRecord {
  id: string;
  posReference: string;
  name: string;
  taxRateIds: string[];
}

/** What resolution needs of one kind of catalog record (products or modifiers). */
export interface CatalogTaxIndex {
  byId: ReadonlyMap<string, CatalogTaxRecord>;
  byPosReference: ReadonlyMap<string, CatalogTaxRecord>;
  /** The first record by position (then creation) when several share a name. */
  byName: ReadonlyMap<string, CatalogTaxRecord>;
}

export interface LineKeys {
  id: string | null;
  posReference: string | null | undefined;
  name: string;
  taxRateIds: string[] | null | undefined;
}

/** Which rule gave a line its taxRateIds (kept for tests and logs; not part of the order). */
export type ResolvedBy = 'catalog' | 'payload' | 'name' | 'none';

export function resolveTaxRateIds(line: LineKeys, index: CatalogTaxIndex): { taxRateIds: string[]; by: ResolvedBy } {
  const mapped = (line.id ? index.byId.get(line.id) : undefined) ?? (line.posReference ? index.byPosReference.get(line.posReference) : undefined);
  if (mapped) return { taxRateIds: [...mapped.taxRateIds], by: 'catalog' };
  if (line.taxRateIds && line.taxRateIds.length > 0) return { taxRateIds: [...line.taxRateIds], by: 'payload' };
  const byName = index.byName.get(line.name);
  if (byName) return { taxRateIds: [...byName.taxRateIds], by: 'name' };
  return { taxRateIds: [], by: 'none' };
}

export const itemKeys = (item: ItemInput): LineKeys => ({ id: asServiceId(item.productId), posReference: item.posReference, name: item.name, taxRateIds: item.taxRateIds });
export const optionKeys = (option: OptionInput): LineKeys => ({ id: asServiceId(option.modifierId), posReference: option.posReference, name: option.name, taxRateIds: option.taxRateIds });

interface CatalogRow {
  via: 'id' | 'ref' | 'name';
  id: string;
  pos_reference: string;
  name: string;
  tax_rate_ids: string[];
}

const unique = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => typeof v === 'string' && v.length > 0))];

/**
 * The catalog records of one kind that the lines can map to, in one query: a UNION whose branches each use an
 * index (primary key, the location's posReference, the location's records), rather than one OR that would scan.
 */
async function loadIndex(em: EntityManager, table: 'products' | 'modifiers', locationId: string, lines: LineKeys[]): Promise<CatalogTaxIndex> {
  const ids = unique(lines.map((l) => l.id));
  const refs = unique(lines.map((l) => l.posReference));
  // The name match is needed only by lines that do not carry their own references.
  const names = unique(lines.filter((l) => !l.taxRateIds || l.taxRateIds.length === 0).map((l) => l.name));
  const branches: string[] = [];
  const bindings: unknown[] = [];
  const columns = `id, pos_reference, name, tax_rate_ids, position, created_at`;
  if (ids.length) {
    branches.push(`SELECT 'id' AS via, ${columns} FROM ${table} WHERE location_id = ? AND id IN (SELECT jsonb_array_elements_text(?::jsonb)::uuid)`);
    bindings.push(locationId, JSON.stringify(ids));
  }
  if (refs.length) {
    branches.push(`SELECT 'ref' AS via, ${columns} FROM ${table} WHERE location_id = ? AND pos_reference IN (SELECT jsonb_array_elements_text(?::jsonb))`);
    bindings.push(locationId, JSON.stringify(refs));
  }
  if (names.length) {
    branches.push(`SELECT 'name' AS via, ${columns} FROM ${table} WHERE location_id = ? AND name IN (SELECT jsonb_array_elements_text(?::jsonb))`);
    bindings.push(locationId, JSON.stringify(names));
  }
  const byId = new Map<string, CatalogTaxRecord>();
  const byPosReference = new Map<string, CatalogTaxRecord>();
  const byName = new Map<string, CatalogTaxRecord>();
  if (branches.length === 0) return { byId, byPosReference, byName };
  const rows = await sqlRows<CatalogRow>(em, `${branches.join(' UNION ALL ')} ORDER BY position, created_at, id`, bindings);
  for (const row of rows) {
    const record: CatalogTaxRecord = { id: row.id, posReference: row.pos_reference, name: row.name, taxRateIds: row.tax_rate_ids ?? [] };
    if (row.via === 'id') byId.set(row.id, record);
    else if (row.via === 'ref') byPosReference.set(row.pos_reference, record);
    else if (!byName.has(row.name)) byName.set(row.name, record);
  }
  return { byId, byPosReference, byName };
}

export interface ResolvedOrderLines {
  items: (ItemInput & { taxRateIds: string[]; options: (OptionInput & { taxRateIds: string[] })[] })[];
}

/** Every item and option of the order with its resolved taxRateIds: two queries whatever the order's size. */
export async function resolveOrderTaxes(em: EntityManager, locationId: string, items: ItemInput[]): Promise<ResolvedOrderLines['items']> {
  const options = items.flatMap((item) => item.options);
  const [products, modifiers] = await Promise.all([
    loadIndex(em, 'products', locationId, items.map(itemKeys)),
    options.length ? loadIndex(em, 'modifiers', locationId, options.map(optionKeys)) : emptyIndex(),
  ]);
  return items.map((item) => ({
    ...item,
    taxRateIds: resolveTaxRateIds(itemKeys(item), products).taxRateIds,
    options: item.options.map((option) => ({ ...option, taxRateIds: resolveTaxRateIds(optionKeys(option), modifiers).taxRateIds })),
  }));
}

async function emptyIndex(): Promise<CatalogTaxIndex> {
  return { byId: new Map(), byPosReference: new Map(), byName: new Map() };
}
