import type { Shape } from '../../shapes/shape.js';
import type { Location } from './location.entity.js';
import type { TaxRate } from './tax-rate.entity.js';

// The one public shape of a location (docs/contract.md "Records"), used by REST and GraphQL alike, so both surfaces
// answer with the same data.

export type TaxRateView = Shape<'TaxRate'>;
export type LocationView = Shape<'Location'>;

export function toTaxRateView(rate: TaxRate): TaxRateView {
  return {
    posReference: rate.posReference,
    name: rate.name,
    type: rate.type,
    rate: rate.rate,
    inclusive: rate.inclusive,
    isDefault: rate.isDefault,
  };
}

/** The location's taxRates collection must be loaded. */
export function toLocationView(location: Location): LocationView {
  return {
    id: location.id,
    accountId: location.account.id,
    name: location.name,
    currency: location.currency,
    timezone: location.timezone,
    storeStatus: location.storeStatus,
    taxRates: location.taxRates.getItems().map(toTaxRateView),
    createdAt: location.createdAt.toISOString(),
    updatedAt: location.updatedAt.toISOString(),
  };
}
