import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlRows } from '../../db/raw-sql.js';
import { type CatalogRecords, type GroupModifierRef, readCatalog } from '../catalog/index.js';
import { type MenuExport, readMenuExport } from '../menus/index.js';
import type { Orderable, OrderableOption } from './test-order.rules.js';

// What a test order may hold: what the location's most recently published menu offers (what a marketplace's
// customer sees), or, with no menu published, its catalog. Only what is online, at a price an order may carry.

const LATEST_PUBLISHED_MENU = `
  select p.menu_id as "menuId"
    from menu_publications p join menus m on m.id = p.menu_id
   where m.location_id = ?
   order by p.created_at desc, p.id desc
   limit 1`;

export interface OrderableSource {
  /** Where the lines come from: the published menu (its name), or the catalog. */
  from: { menu: string } | 'catalog';
  items: Orderable[];
}

export async function orderableAt(em: EntityManager, locationId: string): Promise<OrderableSource> {
  const [latest] = await sqlRows<{ menuId: string }>(em, LATEST_PUBLISHED_MENU, [locationId]);
  const exported = latest ? await readMenuExport(em, latest.menuId) : null;
  if (exported) return { from: { menu: exported.menu.name }, items: fromMenu(exported.menu) };
  return { from: 'catalog', items: fromCatalog(await readCatalog(em, locationId)) };
}

const refOf = (ref: GroupModifierRef): string | undefined => (typeof ref === 'string' ? ref : ref.posReference);

interface Group {
  posReference: string;
  name: string;
  maxPermitted: number;
  modifiers: GroupModifierRef[];
}

/** The option groups named by `groupRefs`, each with the options found among `options` (by posReference). */
function optionGroups(groupRefs: string[], groups: Map<string, Group>, options: Map<string, OrderableOption>) {
  return groupRefs.flatMap((ref) => {
    const group = groups.get(ref);
    if (!group) return [];
    const found = group.modifiers.flatMap((m) => {
      const option = options.get(refOf(m) ?? '');
      return option ? [option] : [];
    });
    return [{ name: group.name, maxPermitted: group.maxPermitted, options: found }];
  });
}

function fromMenu(menu: MenuExport): Orderable[] {
  const groups = new Map(menu.modifierGroups.map((g) => [g.posReference, g]));
  const options = new Map(
    menu.modifiers
      .filter((m) => m.show_online && m.price >= 0)
      .map((m) => [
        m.posReference,
        { posReference: m.posReference, modifierId: m.modifierId, name: m.name, price: m.price },
      ]),
  );
  return menu.items
    .filter((item) => item.show_online && item.price >= 0)
    .map((item) => ({
      posReference: item.posReference,
      productId: item.productId,
      name: item.name,
      price: item.price,
      optionGroups: optionGroups(item.modifierGroups, groups, options),
    }));
}

function fromCatalog(catalog: CatalogRecords): Orderable[] {
  const groups = new Map(catalog.groups.map((g) => [g.posReference, g]));
  const options = new Map(
    catalog.modifiers
      .filter((m) => m.showOnline && m.price >= 0)
      .map((m) => [m.posReference, { posReference: m.posReference, modifierId: m.id, name: m.name, price: m.price }]),
  );
  return catalog.products
    .filter((product) => product.showOnline && product.price >= 0)
    .map((product) => ({
      posReference: product.posReference,
      productId: product.id,
      name: product.name,
      price: product.price,
      optionGroups: optionGroups(product.modifierGroups, groups, options),
    }));
}
