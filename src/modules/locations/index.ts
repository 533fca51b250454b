// The locations module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { locationAccess, type LocationAccess } from './location-access.js';
export type { LocationListener } from './location-events.js';
export {
  AFTER_DEADLINE_ACTIONS,
  type AfterDeadline,
  Location,
  STORE_STATUSES,
  type StoreStatus,
} from './location.entity.js';
export { LOCATION_OPERATIONS } from './location.operations.js';
export { LocationService } from './location.service.js';
export type { LocationView, TaxRateView } from './location.view.js';
export { replaceTaxRates } from './tax-rate-replace.js';
export { TAX_RATE_TYPES, TaxRate, type TaxRateType } from './tax-rate.entity.js';
export {
  MAX_REFERENCE_LENGTH,
  type NormalizedTaxRate,
  normalizeTaxRates,
  PERCENT_SCALE,
  type TaxRateInput,
} from './tax-rate.rules.js';
