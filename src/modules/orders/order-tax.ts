import type { SqlFragment } from '../../db/raw-sql.js';
import { asServiceId, type ItemInput, type OptionInput } from './order.rules.js';

// Order tax resolution (docs/contract.md "Literal rules"), per item and per option:
//   1. the catalog product (modifier) the line maps to by productId (modifierId) or posReference gives its
//      taxRateIds, even when empty;
//   2. else the taxRateIds on the incoming line, when it sends some;
//   3. else the "catalog map": a catalog product (modifier) whose name equals the line's exactly;
//   4. else [].
// A line that sends taxRateIds: [] has sent none, so it falls through to the name match: "even when
// empty" is said of the catalog record only. The hub computes no tax; it only decides which references a line
// carries. The catalog is read set-based: one expression for all lines and options of the order.

export interface CatalogTaxRecord {
  id: string;
  posReference: string;
  name: string;
  taxRateIds: string[];
  /** RFC 3339 while the record is snoozed (order-availability.ts); null otherwise. */
  snoozedUntil: string | null;
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

/** The catalog record a line maps to by its id or posReference (rule 1). */
export function mappedRecord(line: LineKeys, index: CatalogTaxIndex): CatalogTaxRecord | undefined {
  return (
    (line.id ? index.byId.get(line.id) : undefined) ??
    (line.posReference ? index.byPosReference.get(line.posReference) : undefined)
  );
}

export function resolveTaxRateIds(line: LineKeys, index: CatalogTaxIndex): { taxRateIds: string[]; by: ResolvedBy } {
  const mapped = mappedRecord(line, index);
  if (mapped) return { taxRateIds: [...mapped.taxRateIds], by: 'catalog' };
  if (line.taxRateIds && line.taxRateIds.length > 0) return { taxRateIds: [...line.taxRateIds], by: 'payload' };
  const byName = index.byName.get(line.name);
  if (byName) return { taxRateIds: [...byName.taxRateIds], by: 'name' };
  return { taxRateIds: [], by: 'none' };
}

export const itemKeys = (item: ItemInput): LineKeys => ({
  id: asServiceId(item.productId),
  posReference: item.posReference,
  name: item.name,
  taxRateIds: item.taxRateIds,
});
export const optionKeys = (option: OptionInput): LineKeys => ({
  id: asServiceId(option.modifierId),
  posReference: option.posReference,
  name: option.name,
  taxRateIds: option.taxRateIds,
});

/** A catalog record a line of the order may map to, and how it was found. */
export interface CatalogMatch {
  kind: 'product' | 'modifier';
  via: 'id' | 'ref' | 'name';
  id: string;
  pos_reference: string;
  name: string;
  tax_rate_ids: string[] | null;
  snoozed_until: string | null;
}

const unique = (values: (string | null | undefined)[]) => [
  ...new Set(values.filter((v): v is string => typeof v === 'string' && v.length > 0)),
];

type CatalogKind = 'product' | 'modifier';
type Via = 'id' | 'ref' | 'name';

/**
 * The SELECT that finds the catalog records of one kind the lines can map to one way, using an index (primary
 * key, the location's posReference, the location's names) where one OR would scan. `= ANY(ARRAY(…))`, not
 * `IN (SELECT …)`: the planner then looks each value up in the index, where a semi join may scan every record of
 * the location when its statistics are young (a catalog just imported). Bindings: the location, the values.
 */
function branchSql(kind: CatalogKind, via: Via): string {
  const table = kind === 'product' ? 'products' : 'modifiers';
  const column = { id: 'id', ref: 'pos_reference', name: 'name' }[via];
  const values = via === 'id' ? 'jsonb_array_elements_text(?::jsonb)::uuid' : 'jsonb_array_elements_text(?::jsonb)';
  return `SELECT '${kind}' AS kind, '${via}' AS via, id, pos_reference, name, tax_rate_ids, snoozed_until, position, created_at FROM ${table}
           WHERE location_id = ? AND ${column} = ANY(ARRAY(SELECT ${values}))`;
}

/** The ways the lines of one kind need looking up, each with its bindings appended to `bindings`. */
function lookupsFor(
  kind: CatalogKind,
  locationId: string,
  lines: LineKeys[],
  bindings: unknown[],
): [CatalogKind, Via][] {
  const lookups: [CatalogKind, Via][] = [];
  const add = (via: Via, values: string[]) => {
    if (values.length === 0) return;
    lookups.push([kind, via]);
    bindings.push(locationId, JSON.stringify(values));
  };
  add('id', unique(lines.map((l) => l.id)));
  add('ref', unique(lines.map((l) => l.posReference)));
  // The name match is needed only by lines that do not carry their own references.
  add('name', unique(lines.filter((l) => !l.taxRateIds || l.taxRateIds.length === 0).map((l) => l.name)));
  return lookups;
}

/**
 * The expression's text by the lookups it makes (64 sets at most: each of six made or not): built once each, so that the placement's
 * read, which embeds it, is one string its statement cache finds without rebuilding and rehashing it per order.
 */
const expressionByLookups = new Map<string, string>();

function expressionSql(lookups: [CatalogKind, Via][]): string {
  const key = lookups.map(([kind, via]) => `${kind}:${via}`).join(' ');
  let sql = expressionByLookups.get(key);
  if (sql === undefined) {
    sql =
      lookups.length === 0
        ? `'[]'::json`
        : `(SELECT COALESCE(json_agg(json_build_object('kind', m.kind, 'via', m.via, 'id', m.id, 'pos_reference', m.pos_reference, 'name', m.name,
                                                   'tax_rate_ids', m.tax_rate_ids, 'snoozed_until', m.snoozed_until)
                                          ORDER BY m.position, m.created_at, m.id), '[]')
                  FROM (${lookups.map(([kind, via]) => branchSql(kind, via)).join(' UNION ALL ')}) m)`;
    expressionByLookups.set(key, sql);
  }
  return sql;
}

/**
 * One SQL expression giving, as a JSON array of CatalogMatch, every catalog record the order's lines and
 * options can map to; ordered so that, among records sharing a name, the first by position (then creation)
 * comes first. An expression, not a query of its own, so the placement reads it in the same round trip as
 * its location.
 */
export function catalogMatchesExpression(locationId: string, items: ItemInput[]): SqlFragment {
  const bindings: unknown[] = [];
  const lookups = [
    ...lookupsFor('product', locationId, items.map(itemKeys), bindings),
    ...lookupsFor(
      'modifier',
      locationId,
      items.flatMap((item) => item.options.map(optionKeys)),
      bindings,
    ),
  ];
  return { sql: expressionSql(lookups), bindings };
}

const emptyIndex = () => ({
  byId: new Map<string, CatalogTaxRecord>(),
  byPosReference: new Map<string, CatalogTaxRecord>(),
  byName: new Map<string, CatalogTaxRecord>(),
});

/** The records found, by how each line may name them: what both tax resolution and availability read. */
export function indexesOf(matches: readonly CatalogMatch[]): Record<'product' | 'modifier', CatalogTaxIndex> {
  const indexes = { product: emptyIndex(), modifier: emptyIndex() };
  for (const row of matches) {
    const index = indexes[row.kind];
    const record: CatalogTaxRecord = {
      id: row.id,
      posReference: row.pos_reference,
      name: row.name,
      taxRateIds: row.tax_rate_ids ?? [],
      snoozedUntil: row.snoozed_until,
    };
    if (row.via === 'id') index.byId.set(row.id, record);
    else if (row.via === 'ref') index.byPosReference.set(row.pos_reference, record);
    else if (!index.byName.has(row.name)) index.byName.set(row.name, record);
  }
  return indexes;
}

export type ResolvedItem = ItemInput & { taxRateIds: string[]; options: (OptionInput & { taxRateIds: string[] })[] };

/** Every item and option of the order with its resolved taxRateIds, given what catalogMatchesExpression found. */
export function resolveOrderTaxes(items: ItemInput[], matches: readonly CatalogMatch[]): ResolvedItem[] {
  const { product, modifier } = indexesOf(matches);
  return items.map((item) => ({
    ...item,
    taxRateIds: resolveTaxRateIds(itemKeys(item), product).taxRateIds,
    options: item.options.map((option) => ({
      ...option,
      taxRateIds: resolveTaxRateIds(optionKeys(option), modifier).taxRateIds,
    })),
  }));
}
