import type { EntityManager } from '@mikro-orm/postgresql';
import type { Location } from './location.entity.js';
import { toTaxRateView } from './location.view.js';
import { TaxRate } from './tax-rate.entity.js';
import type { normalizeTaxRates } from './tax-rate.rules.js';

/**
 * Full replacement (docs/contract.md "Records": a rate left out is removed). The old rows are deleted and flushed
 * before the new ones are inserted, so a resent posReference never meets its old row in the unique index. True when the
 * rates as views (what orders and menus carry) are not the same as before.
 */
export async function replaceTaxRates(
  em: EntityManager,
  location: Location,
  rates: ReturnType<typeof normalizeTaxRates>,
): Promise<boolean> {
  const before = JSON.stringify(location.taxRates.getItems().map(toTaxRateView));
  for (const old of location.taxRates.getItems()) em.remove(old);
  location.taxRates.removeAll();
  await em.flush();
  for (const rate of rates) location.taxRates.add(new TaxRate(location, rate));
  return JSON.stringify(location.taxRates.getItems().map(toTaxRateView)) !== before;
}
