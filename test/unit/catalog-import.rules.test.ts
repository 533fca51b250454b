import { ValidationError } from '../../src/common/errors.js';
import { parseCatalogImport } from '../../src/modules/catalog/catalog-import.rules.js';

// The CatalogImportEntity check the import and the catalog pull share: a wrong-shaped answer is refused with
// every problem named by JSON path.

function problems(body: unknown): string[] {
  try {
    parseCatalogImport(body);
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    return ((err as ValidationError).errors ?? []).map((e) => `${e.path} ${e.message}`);
  }
  throw new Error('expected the catalog to be refused');
}

describe('parseCatalogImport', () => {
  it('normalizes a minimal catalog with the documented defaults', () => {
    const parsed = parseCatalogImport({
      products: [{ posReference: 'p', name: 'P', price: 350, showOnline: false }],
      modifierGroups: [{ posReference: 'g', name: 'G' }],
    });
    expect(parsed.taxRates).toBeUndefined();
    expect(parsed.categories).toEqual([]);
    expect(parsed.products[0]).toEqual({
      posReference: 'p',
      name: 'P',
      price: 350,
      showOnline: false,
      taxRateIds: [],
      categories: [],
      modifierGroups: [],
      position: 0,
      passThrough: {},
    });
    expect(parsed.modifierGroups[0]).toMatchObject({ minPermitted: 0, maxPermitted: 1, modifiers: [] });
  });

  it.each([
    ['a JSON array', [], '/ must be a CatalogImportEntity'],
    ['a string', 'catalog', '/ must be a CatalogImportEntity'],
    ['products that is not an array', { products: {} }, '/products must be an array'],
    ['an unknown top-level field', { items: [] }, '/items is not a field'],
    ['a product without a name', { products: [{ posReference: 'p', price: 1 }] }, '/products/0/name is required'],
    [
      'a fractional price',
      { products: [{ posReference: 'p', name: 'P', price: 3.5 }] },
      '/products/0/price must be a whole number',
    ],
    [
      'a price given as a string',
      { modifiers: [{ posReference: 'm', name: 'M', price: '350' }] },
      '/modifiers/0/price must be a whole number',
    ],
    [
      'show_online and showOnline that differ',
      { products: [{ posReference: 'p', name: 'P', price: 1, show_online: true, showOnline: false }] },
      '/products/0/showOnline is an alias',
    ],
    [
      'taxRateIds that are not strings',
      { products: [{ posReference: 'p', name: 'P', price: 1, taxRateIds: [21] }] },
      '/products/0/taxRateIds/0 must be a string',
    ],
    [
      'a posReference longer than 255',
      { categories: [{ posReference: 'x'.repeat(256), name: 'C' }] },
      '/categories/0/posReference must be a string of 1 to 255',
    ],
    [
      'a group element naming both id and posReference',
      {
        modifiers: [{ posReference: 'm', name: 'M', price: 1 }],
        modifierGroups: [{ posReference: 'g', name: 'G', modifiers: [{ id: 'x', posReference: 'm' }] }],
      },
      '/modifierGroups/0/modifiers/0 must have exactly one',
    ],
    [
      'minPermitted above maxPermitted',
      { modifierGroups: [{ posReference: 'g', name: 'G', minPermitted: 3, maxPermitted: 2 }] },
      '/modifierGroups/0/minPermitted must not exceed',
    ],
    [
      'a tax rate that is not an object',
      { location: { taxRates: ['vat'] } },
      '/location/taxRates/0 must be a tax rate object',
    ],
    [
      'a tax rate out of range',
      { location: { taxRates: [{ name: 'VAT', type: 'PERCENTAGE', rate: 1000001 }] } },
      '/location/taxRates/0/rate must be an integer',
    ],
    [
      'an unknown field of the location block',
      { location: { openingHours: {} } },
      '/location/openingHours is not a field',
    ],
    [
      'a reference to a category the import lacks',
      { products: [{ posReference: 'p', name: 'P', price: 1, categories: ['c'] }] },
      '/products/0/categories/0 names no category',
    ],
  ])('refuses %s', (_label, body, expected) => {
    expect(problems(body).some((p) => p.startsWith(expected))).toBe(true);
  });

  it('reports at most 100 problems, so a systematic mistake in 10,000 products stays readable', () => {
    const products = Array.from({ length: 500 }, (_, i) => ({ posReference: `p${i}`, name: 'P', price: 1.5 }));
    expect(problems({ products })).toHaveLength(100);
  });
});
