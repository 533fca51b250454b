import { ValidationError } from '../../common/errors.js';
import { type NormalizedTaxRate, normalizeTaxRates, type TaxRateInput } from '../locations/index.js';
import {
  groupModifierReference,
  parseCategory,
  parseModifier,
  parseModifierGroup,
  parseProduct,
  Problems,
  type CategoryFields,
  type ModifierFields,
  type ModifierGroupFields,
  type ProductFields,
} from './catalog-fields.js';

// CatalogImportEntity (docs/contract.md "Shapes existing clients send"): its shape, and the references inside it. The
// import is a full statement, so every reference must name a record of the same import. Exported for the catalog pull,
// which must refuse a POS answer of the wrong shape with the same clear message.

/** A catalog import, sent or pulled, may be up to 32 MiB of JSON (docs/contract.md "Conventions"). */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

export interface ParsedCatalog {
  /**
   * Checked by the location's rules. undefined: the location's rates stay as they are (docs/contract.md "Records":
   * omitted is unchanged).
   */
  taxRates: NormalizedTaxRate[] | undefined;
  categories: CategoryFields[];
  products: ProductFields[];
  modifiers: ModifierFields[];
  modifierGroups: ModifierGroupFields[];
}

const TOP_LEVEL = ['location', 'categories', 'products', 'modifiers', 'modifierGroups'];
const LOCATION_BLOCK = ['taxRates', 'businessHours'];
const KINDS = ['categories', 'products', 'modifiers', 'modifierGroups'] as const;

/**
 * Checks a CatalogImportEntity and returns it normalized, or throws one ValidationError naming every
 * problem by JSON path (e.g. /products/3/categories/0). A kind left out counts as an empty list: the import
 * states the whole catalog. Tax rates are checked by the location rules when applied.
 */
export function parseCatalogImport(body: unknown): ParsedCatalog {
  const p = new Problems();
  const raw = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : null) as Record<
    string,
    unknown
  > | null;
  if (!raw) {
    p.add('/', 'must be a CatalogImportEntity object {location?, categories, products, modifiers, modifierGroups}');
    p.throwIfAny();
  }
  const catalog = raw as Record<string, unknown>;
  for (const key of Object.keys(catalog))
    if (!TOP_LEVEL.includes(key)) p.add(`/${key}`, 'is not a field of a CatalogImportEntity');
  for (const kind of KINDS)
    if (catalog[kind] != null && !Array.isArray(catalog[kind])) p.add(`/${kind}`, 'must be an array');
  let rates: TaxRateInput[] | undefined;
  const location = catalog.location;
  if (location != null) {
    if (typeof location !== 'object' || Array.isArray(location))
      p.add('/location', 'must be an object {taxRates?, businessHours?}');
    else {
      const block = location as Record<string, unknown>;
      for (const key of Object.keys(block))
        if (!LOCATION_BLOCK.includes(key)) p.add(`/location/${key}`, 'is not a field of the location block');
      if (block.taxRates != null && !Array.isArray(block.taxRates)) p.add('/location/taxRates', 'must be an array');
      else if (block.taxRates != null) rates = checkRateShapes(block.taxRates, p);
    }
  }
  const list = (kind: (typeof KINDS)[number]) => (Array.isArray(catalog[kind]) ? (catalog[kind] as unknown[]) : []);
  const parsed: ParsedCatalog = {
    taxRates: undefined,
    categories: list('categories').map((c, i) => parseCategory(c, `/categories/${i}`, p, i)),
    products: list('products').map((c, i) => parseProduct(c, `/products/${i}`, p, 'import', i) as ProductFields),
    modifiers: list('modifiers').map((c, i) => parseModifier(c, `/modifiers/${i}`, p, 'import', i) as ModifierFields),
    modifierGroups: list('modifierGroups').map((c, i) => parseModifierGroup(c, `/modifierGroups/${i}`, p, i)),
  };
  p.throwIfAny();
  checkReferences(parsed, p);
  if (rates) {
    try {
      parsed.taxRates = normalizeTaxRates(rates, '/location/taxRates');
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      for (const e of err.errors ?? []) p.add(e.path, e.message);
    }
  }
  p.throwIfAny();
  return parsed;
}

const RATE_FIELDS = ['posReference', 'name', 'type', 'rate', 'inclusive', 'isDefault'];

/** The shape of each rate; their values are the location rules' business (normalizeTaxRates). */
function checkRateShapes(rates: unknown[], p: Problems): TaxRateInput[] {
  rates.forEach((rate, i) => {
    if (typeof rate !== 'object' || rate === null || Array.isArray(rate))
      p.add(`/location/taxRates/${i}`, 'must be a tax rate object');
    else
      for (const key of Object.keys(rate))
        if (!RATE_FIELDS.includes(key)) p.add(`/location/taxRates/${i}/${key}`, 'is not a field of a tax rate');
  });
  return rates as TaxRateInput[];
}

function uniqueReferences(records: { posReference: string }[], kind: string, p: Problems): Set<string> {
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    const earlier = seen.get(record.posReference);
    if (earlier !== undefined) p.add(`/${kind}/${index}/posReference`, `duplicates /${kind}/${earlier}/posReference`);
    else seen.set(record.posReference, index);
  });
  return new Set(seen.keys());
}

/** Every reference names a record of this import (docs/contract.md "Literal rules": unknown is 400 naming the path). */
function checkReferences(catalog: ParsedCatalog, p: Problems): void {
  const categories = uniqueReferences(catalog.categories, 'categories', p);
  uniqueReferences(catalog.products, 'products', p);
  const modifiers = uniqueReferences(catalog.modifiers, 'modifiers', p);
  const groups = uniqueReferences(catalog.modifierGroups, 'modifierGroups', p);
  catalog.products.forEach((product, i) => {
    product.categories.forEach((ref, j) => {
      if (!categories.has(ref)) p.add(`/products/${i}/categories/${j}`, `names no category of this import ("${ref}")`);
    });
    product.modifierGroups.forEach((ref, j) => {
      if (!groups.has(ref))
        p.add(`/products/${i}/modifierGroups/${j}`, `names no modifier group of this import ("${ref}")`);
    });
  });
  catalog.modifierGroups.forEach((group, i) => {
    group.modifiers.forEach((element, j) => {
      const ref = groupModifierReference(element);
      // Elements naming a modifier by service id are checked against the stored catalog by the service.
      if (ref !== null && !modifiers.has(ref))
        p.add(`/modifierGroups/${i}/modifiers/${j}`, `names no modifier of this import ("${ref}")`);
    });
  });
}
