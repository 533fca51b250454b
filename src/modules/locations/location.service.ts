import { LockMode } from '@mikro-orm/core';
import { assertAccountReachable, assertLocationReachable, requireScope } from '../../common/access.js';
import { NotFoundError } from '../../common/errors.js';
import { findPage, pageRequest, type Page, type ListInput } from '../../common/pagination.js';
import type { RequestContext } from '../../common/request-context.js';
import { loadReachableAccount } from '../accounts/account.service.js';
import { enqueueLocationMenuUpdates } from '../menus/menu-updates.js';
import { Location } from './location.entity.js';
import { checkLocationFields } from './location.rules.js';
import { toLocationView, toTaxRateView, type LocationView } from './location.view.js';
import { TaxRate } from './tax-rate.entity.js';
import { normalizeTaxRates, type TaxRateInput } from './tax-rate.rules.js';

export interface LocationInput {
  name?: string;
  currency?: string | null;
  timezone?: string | null;
  /** Omitted: unchanged. An array replaces the location's rates entirely; [] clears them (SPEC). */
  taxRates?: TaxRateInput[] | null;
}

/**
 * Loads a location the caller may reach, inside its account, or 404. Every service under
 * {accountId}/locations/{locationId} goes through here, so tenancy is checked in one place.
 */
export async function loadReachableLocation(
  ctx: RequestContext,
  accountId: string,
  locationId: string,
  options: { lock?: boolean; populateTaxRates?: boolean } = {},
): Promise<Location> {
  assertLocationReachable(ctx, accountId, locationId);
  // With a lock, the rates are read only once the lock is held: populated in the same (joined) query, they
  // would come from the snapshot taken before waiting, i.e. the rates a concurrent writer just replaced.
  const location = await ctx.em.findOne(
    Location,
    { id: locationId, account: accountId },
    {
      populate: options.populateTaxRates && !options.lock ? ['taxRates'] : [],
      lockMode: options.lock ? LockMode.PESSIMISTIC_WRITE : undefined,
    },
  );
  if (!location) throw new NotFoundError('Location');
  if (options.populateTaxRates && options.lock) await ctx.em.populate(location, ['taxRates']);
  return location;
}

export class LocationService {
  async create(ctx: RequestContext, accountId: string, input: LocationInput): Promise<LocationView> {
    // Out of reach is 404 before anything else, scope included (CONTRACT section 1: never 403 for those).
    assertAccountReachable(ctx, accountId);
    requireScope(ctx, 'provisioning');
    checkLocationFields(input, true);
    const rates = normalizeTaxRates(input.taxRates ?? [], '/taxRates');
    return ctx.em.transactional(async (em) => {
      const tx = { ...ctx, em };
      const account = await loadReachableAccount(tx, accountId);
      const location = new Location(account, input.name as string);
      if (input.currency) location.currency = input.currency;
      if (input.timezone) location.timezone = input.timezone;
      for (const rate of rates) location.taxRates.add(new TaxRate(location, rate));
      em.persist(location);
      await em.flush();
      return toLocationView(location);
    });
  }

  /**
   * One transaction, with the location row locked: concurrent PATCHes of one location apply one after the
   * other, and a crash leaves the old rates or the new ones, never a mix.
   */
  async update(ctx: RequestContext, accountId: string, locationId: string, input: LocationInput): Promise<LocationView> {
    assertLocationReachable(ctx, accountId, locationId);
    requireScope(ctx, 'locations.write');
    checkLocationFields(input, false);
    const rates = input.taxRates == null ? null : normalizeTaxRates(input.taxRates, '/taxRates');
    return ctx.em.transactional(async (em) => {
      const location = await loadReachableLocation({ ...ctx, em }, accountId, locationId, { lock: true, populateTaxRates: true });
      const before = whatMenusShow(location);
      if (input.name !== undefined) location.name = input.name as string;
      if (input.currency != null) location.currency = input.currency;
      if (input.timezone != null) location.timezone = input.timezone;
      const ratesChanged = rates ? await replaceTaxRates(em, location, rates) : false;
      location.updatedAt = new Date();
      await em.flush();
      const view = toLocationView(location);
      if (ratesChanged || whatMenusShow(location) !== before) await enqueueLocationMenuUpdates(em, location.id);
      return view;
    });
  }

  async findOne(ctx: RequestContext, accountId: string, locationId: string): Promise<LocationView> {
    assertLocationReachable(ctx, accountId, locationId);
    requireScope(ctx, 'locations.read');
    return toLocationView(await loadReachableLocation(ctx, accountId, locationId, { populateTaxRates: true }));
  }

  async findAll(ctx: RequestContext, accountId: string, input: ListInput): Promise<Page<LocationView>> {
    assertAccountReachable(ctx, accountId);
    requireScope(ctx, 'locations.read');
    await loadReachableAccount(ctx, accountId);
    const page = pageRequest(input.limit, input.nextPageKey);
    const where = ctx.reach.all || ctx.reach.locationIds === null ? { account: accountId } : { account: accountId, id: { $in: [...ctx.reach.locationIds] } };
    return findPage(ctx.em, Location, where, page, toLocationView, { populate: ['taxRates'] });
  }
}

/** The location block of a menu export (menus/menu-export.ts) but its tax rates (replaceTaxRates tells of those). */
function whatMenusShow(location: Location): string {
  return JSON.stringify([location.name, location.currency, location.timezone]);
}

/**
 * Full replacement (SPEC: a rate left out is removed). The old rows are deleted and flushed before the new
 * ones are inserted, so a resent posReference never meets its old row in the unique index. True when the
 * rates as views (what orders and menus carry) are not the same as before.
 */
export async function replaceTaxRates(
  em: RequestContext['em'],
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
