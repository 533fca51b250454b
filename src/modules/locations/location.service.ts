import type { AccountGrant } from '../../auth/authorize.js';
import { findPage, pageRequest, type Page, type ListInput } from '../../common/pagination.js';
import { loadAccount } from '../accounts/index.js';
import type { LocationAccess } from './location-access.js';
import type { LocationListener } from './location-events.js';
import { Location } from './location.entity.js';
import { checkLocationFields } from './location.rules.js';
import { toLocationView, type LocationView } from './location.view.js';
import { replaceTaxRates } from './tax-rate-replace.js';
import { TaxRate } from './tax-rate.entity.js';
import { normalizeTaxRates, type TaxRateInput } from './tax-rate.rules.js';
import { changesBetween, recordActivity } from '../activity/index.js';

export interface LocationInput {
  name?: string;
  currency?: string | null;
  timezone?: string | null;
  /**
   * Omitted: unchanged. An array replaces the location's rates entirely; [] clears them (docs/contract.md "Records").
   */
  taxRates?: TaxRateInput[] | null;
}

export class LocationService {
  constructor(private readonly listener: LocationListener) {}

  async create(access: AccountGrant, input: LocationInput): Promise<LocationView> {
    const { ctx, accountId } = access;
    checkLocationFields(input, true);
    const rates = normalizeTaxRates(input.taxRates ?? [], '/taxRates');
    return access.ctx.em.transactional(async (em) => {
      const account = await loadAccount(access, em);
      const location = new Location(account, input.name as string);
      if (input.currency) location.currency = input.currency;
      if (input.timezone) location.timezone = input.timezone;
      for (const rate of rates) location.taxRates.add(new TaxRate(location, rate));
      em.persist(location);
      const view = toLocationView(location);
      recordActivity(em, ctx, {
        action: 'location.created',
        accountId,
        locationId: location.id,
        subject: { type: 'location', id: location.id, name: location.name },
        changes: { currency: view.currency, timezone: view.timezone, taxRates: view.taxRates },
      });
      await em.flush();
      return view;
    });
  }

  /**
   * One transaction, with the location row locked: concurrent PATCHes of one location apply one after the
   * other, and a crash leaves the old rates or the new ones, never a mix.
   */
  async update(access: LocationAccess, input: LocationInput): Promise<LocationView> {
    const { ctx, accountId, locationId } = access;
    checkLocationFields(input, false);
    const rates = input.taxRates == null ? null : normalizeTaxRates(input.taxRates, '/taxRates');
    return access.ctx.em.transactional(async (em) => {
      const location = await access.load(em, { lock: true, populateTaxRates: true });
      const before = toLocationView(location);
      if (input.name !== undefined) location.name = input.name as string;
      if (input.currency != null) location.currency = input.currency;
      if (input.timezone != null) location.timezone = input.timezone;
      if (rates) await replaceTaxRates(em, location, rates);
      location.updatedAt = new Date();
      await em.flush();
      const view = toLocationView(location);
      const changes = changesBetween(before, view, ['name', 'currency', 'timezone', 'taxRates']);
      if (changes)
        recordActivity(em, ctx, {
          action: 'location.updated',
          accountId,
          locationId,
          subject: { type: 'location', id: locationId, name: view.name },
          changes,
        });
      await this.listener.locationChanged(em, before, view);
      return view;
    });
  }

  async findOne(access: LocationAccess): Promise<LocationView> {
    return toLocationView(await access.load(access.ctx.em, { populateTaxRates: true }));
  }

  async findAll(access: AccountGrant, input: ListInput): Promise<Page<LocationView>> {
    const { ctx, accountId } = access;
    await loadAccount(access);
    const page = pageRequest(input.limit, input.nextPageKey);
    const where =
      ctx.reach.all || ctx.reach.locationIds === null
        ? { account: accountId }
        : { account: accountId, id: { $in: [...ctx.reach.locationIds] } };
    return findPage(ctx.em, Location, where, page, toLocationView, { populate: ['taxRates'] });
  }
}
