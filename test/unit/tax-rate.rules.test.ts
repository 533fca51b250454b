import { ValidationError } from '../../src/common/errors.js';
import { isUuid } from '../../src/common/ids.js';
import { normalizeTaxRates } from '../../src/modules/locations/tax-rate.rules.js';

describe('normalizeTaxRates', () => {
  it('keeps a supplied posReference exactly and generates a UUID otherwise', () => {
    const [kept, generated] = normalizeTaxRates(
      [
        { posReference: ' Mixed-Case 1 ', name: 'A', type: 'FIXED', rate: 5 },
        { name: 'B', type: 'PERCENTAGE', rate: 1_000_000 },
      ],
      '/taxRates',
    );
    expect(kept.posReference).toBe(' Mixed-Case 1 ');
    expect(isUuid(generated.posReference)).toBe(true);
  });

  it('generates a new posReference on every write of a rate without one', () => {
    const rate = { name: 'VAT', type: 'PERCENTAGE' as const, rate: 90000 };
    const first = normalizeTaxRates([rate], '/t')[0].posReference;
    const second = normalizeTaxRates([rate], '/t')[0].posReference;
    expect(first).not.toBe(second);
  });

  it('defaults inclusive and isDefault to false and carries true as given', () => {
    const [plain, flagged] = normalizeTaxRates(
      [
        { name: 'A', type: 'FIXED', rate: 0 },
        { name: 'B', type: 'FIXED', rate: 0, inclusive: true, isDefault: true },
      ],
      '/t',
    );
    expect([plain.inclusive, plain.isDefault, flagged.inclusive, flagged.isDefault]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it.each([
    ['rate -1', { name: 'A', type: 'FIXED', rate: -1 }, '/t/0/rate'],
    ['rate 1000001', { name: 'A', type: 'FIXED', rate: 1_000_001 }, '/t/0/rate'],
    ['rate 1.5', { name: 'A', type: 'FIXED', rate: 1.5 }, '/t/0/rate'],
    ['rate "10"', { name: 'A', type: 'FIXED', rate: '10' }, '/t/0/rate'],
    ['empty name', { name: '', type: 'FIXED', rate: 1 }, '/t/0/name'],
    ['missing name', { type: 'FIXED', rate: 1 }, '/t/0/name'],
    ['type PERCENT', { name: 'A', type: 'PERCENT', rate: 1 }, '/t/0/type'],
    ['missing type', { name: 'A', rate: 1 }, '/t/0/type'],
  ])('refuses %s naming the field', (_label, rate, path) => {
    try {
      normalizeTaxRates([rate as never], '/t');
      throw new Error('accepted');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors?.map((e) => e.path)).toEqual([path]);
    }
  });

  it('refuses two rates with one posReference', () => {
    expect(() =>
      normalizeTaxRates(
        [
          { posReference: 'vat', name: 'A', type: 'FIXED', rate: 1 },
          { posReference: 'vat', name: 'B', type: 'FIXED', rate: 2 },
        ],
        '/t',
      ),
    ).toThrow('/t/1/posReference');
  });
});
