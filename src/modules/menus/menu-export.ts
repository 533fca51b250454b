import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../../db/raw-sql.js';
import { type CategoryRecord, type ModifierGroupView, toCategoryView } from '../catalog/index.js';
import type { LocationView, TaxRateView } from '../locations/index.js';
import type { Shape } from '../../shapes/shape.js';
import { readMenu } from './menu-read.js';

// The MenuExportEntity of docs/contract.md "Records": what a marketplace receives on publication (MENU_PUBLISHED)
// and as newState of MENU_UPDATED. Every item and modifier carries its effective taxRateIds, show_online and
// snoozedUntil; the location carries its tax rates, so the marketplace can resolve the references itself
// (docs/contract.md "Behaviours"); `availability` says when the location sells, by the hours that apply to that
// marketplace (src/modules/availability/availability.view.ts).

export type ExportLocation = Shape<'ExportLocation'>;
export type MenuExport = Shape<'MenuExport'>;

/**
 * MENU_PUBLISHED's body after the webhook envelope (delivery-engine/webhook-event.ts), which also carries
 * `connection: {id, credentials}`: the client's own keys at the marketplace, in the body only.
 */
export type MenuExportEntity = Pick<
  Shape<'MenuExportEntity'>,
  'menuId' | 'publicationId' | 'location' | 'menu' | 'availability'
>;

const LOCATION = `SELECT id, name, currency, timezone FROM locations WHERE id = ?::uuid`;
const TAX_RATES = `SELECT pos_reference AS "posReference", name, type, rate, inclusive, is_default AS "isDefault" FROM tax_rates WHERE location_id = ?::uuid ORDER BY position`;
const CATEGORIES = `
  SELECT id, pos_reference AS "posReference", name, description, position, show_online AS "showOnline", service_availability AS "serviceAvailability"
    FROM categories
   WHERE location_id = ?::uuid AND pos_reference IN (SELECT jsonb_array_elements_text(?::jsonb))
   ORDER BY position, created_at, id`;
const GROUPS = `
  SELECT id, pos_reference AS "posReference", name, min_permitted AS "minPermitted", max_permitted AS "maxPermitted", modifiers
    FROM modifier_groups
   WHERE location_id = ?::uuid AND pos_reference IN (SELECT jsonb_array_elements_text(?::jsonb))
   ORDER BY position, created_at, id`;

/** The location block of a menu export, from the location's view: what menus show of their location. */
export function exportLocationOf(
  location: Pick<LocationView, 'id' | 'name' | 'currency' | 'timezone' | 'taxRates'>,
): ExportLocation {
  return {
    id: location.id,
    name: location.name,
    currency: location.currency,
    timezone: location.timezone,
    taxRates: location.taxRates,
  };
}

/** The location block of every payload about a location: id, name, currency, timezone and tax rates. */
export async function readExportLocation(em: EntityManager, locationId: string): Promise<ExportLocation> {
  const [location] = await sqlRows<Omit<ExportLocation, 'taxRates'>>(em, LOCATION, [locationId]);
  return { ...location, taxRates: await sqlRows<TaxRateView>(em, TAX_RATES, [locationId]) };
}

/** The menu as it is now, with the catalog categories and modifier groups its items name; null when it is gone. */
export async function readMenuExport(
  em: EntityManager,
  menuId: string,
): Promise<{ location: ExportLocation; menu: MenuExport } | null> {
  const view = await readMenu(em, menuId);
  if (!view) return null;
  const categoryRefs = [...new Set(view.items.flatMap((i) => i.categories))];
  const groupRefs = [...new Set(view.items.flatMap((i) => i.modifierGroups))];
  const [location, categories, groups] = [
    await readExportLocation(em, view.locationId),
    categoryRefs.length
      ? await sqlRows<CategoryRecord>(em, CATEGORIES, [view.locationId, JSON.stringify(categoryRefs)])
      : [],
    groupRefs.length ? await sqlRows<ModifierGroupView>(em, GROUPS, [view.locationId, JSON.stringify(groupRefs)]) : [],
  ];
  return {
    location,
    menu: {
      id: view.id,
      name: view.name,
      description: view.description,
      categories: categories.map(toCategoryView),
      items: view.items,
      modifierGroups: groups,
      modifiers: view.modifiers,
    },
  };
}
