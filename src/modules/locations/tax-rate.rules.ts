import { generatedReference } from '../../common/ids.js';
import { ValidationError, type FieldError } from '../../common/errors.js';
import { TAX_RATE_TYPES, type TaxRateType } from './tax-rate.entity.js';
import type { TaxRateView } from './location.view.js';

// docs/contract.md "Records": the rules every surface shares (REST also checks the shape from OpenAPI first; GraphQL's
// type system checks types; these rules are the ones both rely on).

export interface TaxRateInput {
  posReference?: string | null;
  name: string;
  type: TaxRateType;
  rate: number;
  inclusive?: boolean | null;
  isDefault?: boolean | null;
}

/** A checked rate: the public shape plus its position in the list as sent. */
export type NormalizedTaxRate = TaxRateView & { position: number };

/** A PERCENTAGE rate is stored as percent × PERCENT_SCALE: 210000 is 21%, exact to four decimals of a percent. */
export const PERCENT_SCALE = 10_000;
/** 100%, the largest PERCENTAGE rate; FIXED rates share the bound. */
const MAX_RATE = 100 * PERCENT_SCALE;
export const MAX_REFERENCE_LENGTH = 255;

/**
 * Checks every rate and returns them ready to store. A rate without posReference gets a fresh UUID, on every
 * write (docs/contract.md "Literal rules": references to the old value stop resolving). All problems are reported at
 * once, each with its JSON path under `basePath`.
 */
export function normalizeTaxRates(rates: readonly TaxRateInput[], basePath: string): NormalizedTaxRate[] {
  const errors: FieldError[] = [];
  const seen = new Map<string, number>();
  const normalized = rates.map((rate, index) => {
    const path = `${basePath}/${index}`;
    const fail = (field: string, message: string) => errors.push({ path: `${path}/${field}`, message });
    if (typeof rate.name !== 'string' || rate.name.length < 1)
      fail('name', 'is required and must be at least 1 character');
    if (!TAX_RATE_TYPES.includes(rate.type)) fail('type', `must be one of ${TAX_RATE_TYPES.join(', ')}`);
    if (typeof rate.rate !== 'number' || !Number.isInteger(rate.rate) || rate.rate < 0 || rate.rate > MAX_RATE) {
      fail('rate', `must be an integer from 0 to ${MAX_RATE}`);
    }
    const supplied = rate.posReference ?? undefined;
    if (
      supplied !== undefined &&
      (typeof supplied !== 'string' || supplied.length < 1 || supplied.length > MAX_REFERENCE_LENGTH)
    ) {
      fail('posReference', `must be 1 to ${MAX_REFERENCE_LENGTH} characters`);
    }
    const posReference = supplied ?? generatedReference();
    const earlier = seen.get(posReference);
    if (earlier !== undefined) fail('posReference', `duplicates ${basePath}/${earlier}/posReference`);
    seen.set(posReference, index);
    return {
      posReference,
      name: rate.name,
      type: rate.type,
      rate: rate.rate,
      inclusive: rate.inclusive ?? false,
      isDefault: rate.isDefault ?? false,
      position: index,
    };
  });
  if (errors.length > 0) {
    throw ValidationError.fields(errors);
  }
  return normalized;
}
