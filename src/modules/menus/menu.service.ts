import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError, NotFoundError } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import { findPage, pageRequest, type Page, type ListInput } from '../../common/pagination.js';
import { sqlRows } from '../../db/raw-sql.js';
import { Modifier, Product } from '../catalog/index.js';
import type { Location, LocationAccess } from '../locations/index.js';
import { addProductsToMenu, selectProducts } from './menu-build.js';
import { menusChanged } from './menu-updates.js';
import type { Clock } from '../../common/clock.js';
import { readMenu, readMenus } from './menu-read.js';
import { MenuItem } from './menu-item.entity.js';
import { MenuModifier } from './menu-modifier.entity.js';
import { Menu } from './menu.entity.js';
import { loadMenu } from './menu-load.js';
import {
  checkCreateMenu,
  checkEntry,
  checkItemOrder,
  checkUpdateMenu,
  type CreateMenuInput,
  type MenuEntryInput,
  type MenuItemInput,
  type MenuModifierInput,
  type UpdateMenuInput,
} from './menu.rules.js';
import type { MenuItemView, MenuModifierView, MenuView } from './menu.view.js';
import { recordActivity } from '../activity/index.js';

/**
 * Menus of a location (docs/contract.md "Behaviours"): built from catalog products, with items and menu modifiers
 * whose taxRateIds are the catalog's unless overridden (docs/contract.md "Literal rules"). Every method takes the
 * grant of its operation on the location (menu.operations.ts).
 */
export class MenuService {
  constructor(private readonly clock: Clock) {}

  async create(access: LocationAccess, input: CreateMenuInput): Promise<MenuView> {
    const { ctx, accountId, locationId } = access;
    const selection = checkCreateMenu(input);
    return access.ctx.em.transactional(async (em) => {
      const location = await access.load(em);
      const products = await selectProducts(em, location.id, selection);
      const menu = new Menu(location, input.name);
      menu.description = input.description ?? null;
      em.persist(menu);
      recordActivity(em, ctx, { action: 'menu.created', accountId, locationId, subject: menuSubject(menu) });
      await em.flush();
      await addProductsToMenu(em, location.id, menu.id, products, 0);
      return (await readMenu(em, menu.id))!;
    });
  }

  async findAll(access: LocationAccess, input: ListInput): Promise<Page<MenuView>> {
    const { ctx } = access;
    const location = await access.load();
    const page = await findPage(
      ctx.em,
      Menu,
      { location: location.id },
      pageRequest(input.limit, input.nextPageKey),
      (m) => m.id,
    );
    return { ...page, data: await readMenus(ctx.em, page.data) };
  }

  async findOne(access: LocationAccess, menuId: string): Promise<MenuView> {
    const { ctx } = access;
    const location = await access.load();
    const menu = await loadMenu(ctx.em, location, menuId);
    return (await readMenu(ctx.em, menu.id))!;
  }

  async update(access: LocationAccess, menuId: string, input: UpdateMenuInput): Promise<MenuView> {
    return this.changeMenu(access, menuId, 'menu.updated', async (em, menu) => {
      checkUpdateMenu(input);
      if (input.name != null) menu.name = input.name;
      if (input.description !== undefined) menu.description = input.description;
      menu.updatedAt = new Date();
      await em.flush();
    });
  }

  async delete(access: LocationAccess, menuId: string): Promise<void> {
    const { ctx, accountId, locationId } = access;
    await access.ctx.em.transactional(async (em) => {
      const location = await access.load(em);
      const menu = await loadMenu(em, location, menuId);
      recordActivity(em, ctx, { action: 'menu.deleted', accountId, locationId, subject: menuSubject(menu) });
      await em.remove(menu).flush();
    });
  }

  // Items

  /** A product already in the menu is a 409; the new item goes last. */
  async addItem(access: LocationAccess, menuId: string, input: MenuItemInput): Promise<MenuItemView> {
    checkEntry(input, { name: 'productId', value: input.productId });
    let itemId = '';
    const view = await this.changeMenu(access, menuId, 'menu.itemAdded', async (em, menu, location) => {
      const product = await em.findOne(Product, { id: input.productId, location: location.id });
      if (!product) throw new NotFoundError('Product');
      if (await em.count(MenuItem, { menu: menu.id, product: product.id }))
        throw new ConflictError('This product is already in the menu');
      const [{ next }] = await sqlRows<{ next: number }>(
        em,
        'SELECT coalesce(max(position) + 1, 0)::int AS next FROM menu_items WHERE menu_id = ?::uuid',
        [menu.id],
      );
      await addProductsToMenu(
        em,
        location.id,
        menu.id,
        [{ id: product.id, posReference: product.posReference, modifierGroups: product.modifierGroups }],
        next,
      );
      const item = await em.findOneOrFail(MenuItem, { menu: menu.id, product: product.id });
      applyEntry(item, input, 'create');
      await em.flush();
      itemId = item.id;
    });
    return view.items.find((i) => i.id === itemId)!;
  }

  async updateItem(
    access: LocationAccess,
    menuId: string,
    itemId: string,
    input: MenuEntryInput,
  ): Promise<MenuItemView> {
    checkEntry(input);
    const view = await this.changeMenu(access, menuId, 'menu.itemUpdated', async (em, menu) => {
      const item = isUuid(itemId) ? await em.findOne(MenuItem, { id: itemId, menu: menu.id }) : null;
      if (!item) throw new NotFoundError('Menu item');
      applyEntry(item, input, 'patch');
      await em.flush();
    });
    return view.items.find((i) => i.id === itemId)!;
  }

  async deleteItem(access: LocationAccess, menuId: string, itemId: string): Promise<void> {
    await this.changeMenu(access, menuId, 'menu.itemRemoved', async (em, menu) => {
      const item = isUuid(itemId) ? await em.findOne(MenuItem, { id: itemId, menu: menu.id }) : null;
      if (!item) throw new NotFoundError('Menu item');
      await em.remove(item).flush();
    });
  }

  /**
   * Puts the items in the order given (the first shows first). The list names every item of the menu once,
   * so an item added or removed meanwhile by someone else makes this a 409 instead of a silent mix.
   */
  async reorderItems(access: LocationAccess, menuId: string, input: { itemIds: string[] }): Promise<MenuView> {
    const itemIds = checkItemOrder(input.itemIds);
    return this.changeMenu(access, menuId, 'menu.itemsReordered', async (em, menu) => {
      const items = await em.find(MenuItem, { menu: menu.id });
      const held = new Set(items.map((i) => i.id));
      if (itemIds.length !== held.size || itemIds.some((id) => !held.has(id))) {
        throw new ConflictError(
          'The menu has other items than the order lists (changed meanwhile?): reload it and try again',
        );
      }
      const position = new Map(itemIds.map((id, i) => [id, i]));
      for (const item of items) {
        item.position = position.get(item.id)!;
        item.updatedAt = new Date();
      }
      await em.flush();
    });
  }

  // Menu modifiers

  /** A catalog modifier already in the menu is a 409. */
  async addModifier(access: LocationAccess, menuId: string, input: MenuModifierInput): Promise<MenuModifierView> {
    checkEntry(input, { name: 'modifierId', value: input.modifierId });
    let menuModifierId = '';
    const view = await this.changeMenu(access, menuId, 'menu.modifierAdded', async (em, menu, location) => {
      const modifier = await em.findOne(Modifier, { id: input.modifierId, location: location.id });
      if (!modifier) throw new NotFoundError('Modifier');
      const [{ next }] = await sqlRows<{ next: number }>(
        em,
        'SELECT coalesce(max(position) + 1, 0)::int AS next FROM menu_modifiers WHERE menu_id = ?::uuid',
        [menu.id],
      );
      const entry = new MenuModifier(menu, modifier);
      entry.position = next;
      applyEntry(entry, input, 'create');
      await em.persist(entry).flush();
      menuModifierId = entry.id;
    });
    return view.modifiers.find((m) => m.id === menuModifierId)!;
  }

  async updateModifier(
    access: LocationAccess,
    menuId: string,
    menuModifierId: string,
    input: MenuEntryInput,
  ): Promise<MenuModifierView> {
    checkEntry(input);
    const view = await this.changeMenu(access, menuId, 'menu.modifierUpdated', async (em, menu) => {
      const entry = isUuid(menuModifierId)
        ? await em.findOne(MenuModifier, { id: menuModifierId, menu: menu.id })
        : null;
      if (!entry) throw new NotFoundError('Menu modifier');
      applyEntry(entry, input, 'patch');
      await em.flush();
    });
    return view.modifiers.find((m) => m.id === menuModifierId)!;
  }

  /**
   * One write to a menu (granted): the menu row locked (changes to one menu
   * apply one after the other), then the change, all in one transaction. Answers the menu as it now is.
   */
  private async changeMenu(
    access: LocationAccess,
    menuId: string,
    action: string,
    change: (em: EntityManager, menu: Menu, location: Location) => Promise<void>,
  ): Promise<MenuView> {
    const { ctx, accountId, locationId } = access;
    try {
      return await access.ctx.em.transactional(async (em) => {
        const location = await access.load(em);
        const menu = await loadMenu(em, location, menuId, true);
        await change(em, menu, location);
        recordActivity(em, ctx, { action, accountId, locationId, subject: menuSubject(menu) });
        // What the menu shows may have changed: operators watching it, and MENU_UPDATED to the marketplaces it was published to.
        await menusChanged(em, location.id, [menu.id], this.clock.now());
        return (await readMenu(em, menu.id))!;
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException)
        throw new ConflictError('This catalog record is already in the menu');
      throw err;
    }
  }
}

/**
 * The override rules of docs/contract.md "Literal rules" on an item or menu modifier. taxRateIds: an array (even [])
 * sets the override; omitted removes it, on create and patch alike. name and price: omitted on patch
 * leaves them; null goes back to the catalog's.
 */
function applyEntry(entry: MenuItem | MenuModifier, input: MenuEntryInput, mode: 'create' | 'patch'): void {
  entry.taxRateIdsOverride = input.taxRateIds == null ? null : [...input.taxRateIds];
  if (mode === 'create' || input.name !== undefined) entry.name = input.name ?? null;
  if (mode === 'create' || input.price !== undefined) entry.price = input.price ?? null;
  entry.updatedAt = new Date();
}

function menuSubject(menu: Menu) {
  return { type: 'menu', id: menu.id, name: menu.name };
}
