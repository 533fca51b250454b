import { resolveTaxRateIds, type CatalogTaxIndex, type CatalogTaxRecord } from '../../src/modules/orders/order-tax.js';

const record = (id: string, posReference: string, name: string, taxRateIds: string[]): CatalogTaxRecord => ({
  id,
  posReference,
  name,
  taxRateIds,
  snoozedUntil: null,
});

function index(records: CatalogTaxRecord[]): CatalogTaxIndex {
  return {
    byId: new Map(records.map((r) => [r.id, r])),
    byPosReference: new Map(records.map((r) => [r.posReference, r])),
    byName: new Map(records.map((r) => [r.name, r])),
  };
}

const catalog = index([record('id-burger', 'burger', 'Burger', ['vat-low']), record('id-water', 'water', 'Water', [])]);

describe('order tax resolution', () => {
  it('takes the mapped catalog record first, by id or posReference, even when its rates are empty', () => {
    expect(
      resolveTaxRateIds({ id: 'id-burger', posReference: null, name: 'x', taxRateIds: ['other'] }, catalog),
    ).toEqual({ taxRateIds: ['vat-low'], by: 'catalog' });
    expect(
      resolveTaxRateIds({ id: null, posReference: 'water', name: 'Burger', taxRateIds: ['other'] }, catalog),
    ).toEqual({ taxRateIds: [], by: 'catalog' });
    // An id that maps to nothing falls back to the posReference.
    expect(resolveTaxRateIds({ id: 'unknown', posReference: 'burger', name: 'x', taxRateIds: null }, catalog).by).toBe(
      'catalog',
    );
  });

  it("then the line's own taxRateIds, then a catalog record of exactly the same name, then []", () => {
    expect(
      resolveTaxRateIds({ id: null, posReference: 'nope', name: 'Burger', taxRateIds: ['payload'] }, catalog),
    ).toEqual({ taxRateIds: ['payload'], by: 'payload' });
    expect(resolveTaxRateIds({ id: null, posReference: null, name: 'Burger', taxRateIds: undefined }, catalog)).toEqual(
      { taxRateIds: ['vat-low'], by: 'name' },
    );
    expect(resolveTaxRateIds({ id: null, posReference: null, name: 'Burger', taxRateIds: [] }, catalog).by).toBe(
      'name',
    );
    expect(resolveTaxRateIds({ id: null, posReference: null, name: 'burger', taxRateIds: null }, catalog)).toEqual({
      taxRateIds: [],
      by: 'none',
    });
  });
});
