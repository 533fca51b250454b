import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { Granted } from '../granted.js';
import type { LocationAccess } from '../../modules/locations/index.js';
import { MENU_OPERATIONS as MENUS } from '../../modules/menus/index.js';
import {
  MenuItemType,
  MenuModifierType,
  MenuEntryPathArgs,
  MenuPage,
  MenuPathArgs,
  MenuType,
} from '../types/menu.type.js';
import { PageArgs } from '../types/page-args.js';

/** The menus REST operations, one for one, calling the same service methods. */
@Resolver(() => MenuType)
export class MenuResolver {
  @Query(() => MenuPage)
  menus(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Args(() => PageArgs) page: PageArgs,
    @Granted(MENUS.list) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.menus.findAll(access, page);
  }

  @Query(() => MenuType)
  menu(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('id', () => ID) id: string,
    @Granted(MENUS.read) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.menus.findOne(access, id);
  }

  @Mutation(() => MenuType, {
    description: 'One item per product, in the order given, with the modifier groups and modifiers of the catalog',
  })
  createMenu(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @ShapeArg('input', 'CreateMenu') input: Shape<'CreateMenu'>,
    @Granted(MENUS.create) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.menus.create(access, input);
  }

  @Mutation(() => MenuType)
  updateMenu(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('id', () => ID) id: string,
    @ShapeArg('input', 'UpdateMenu') input: Shape<'UpdateMenu'>,
    @Granted(MENUS.update) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.menus.update(access, id, input);
  }

  @Mutation(() => Boolean)
  async deleteMenu(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('id', () => ID) id: string,
    @Granted(MENUS.delete) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    await services.menus.delete(access, id);
    return true;
  }

  @Mutation(() => MenuItemType)
  addMenuItem(
    @Args(() => MenuPathArgs) { menuId }: MenuPathArgs,
    @ShapeArg('input', 'CreateMenuItem') input: Shape<'CreateMenuItem'>,
    @Granted(MENUS.addItem) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.menus.addItem(access, menuId, input);
  }

  @Mutation(() => MenuItemType, {
    description: 'taxRateIds omitted (or null) removes the override: the item inherits the product taxRateIds again',
  })
  updateMenuItem(
    @Args(() => MenuEntryPathArgs) { menuId, id }: MenuEntryPathArgs,
    @ShapeArg('input', 'UpdateMenuEntry') input: Shape<'UpdateMenuEntry'>,
    @Granted(MENUS.updateItem) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.menus.updateItem(access, menuId, id, input);
  }

  @Mutation(() => MenuType, {
    description: 'Puts the items in this order (the first shows first); itemIds lists every item of the menu once',
  })
  reorderMenuItems(
    @Args(() => MenuPathArgs) { menuId }: MenuPathArgs,
    @Arg('itemIds', () => [ID]) itemIds: string[],
    @Granted(MENUS.reorderItems) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.menus.reorderItems(access, menuId, { itemIds });
  }

  @Mutation(() => Boolean)
  async deleteMenuItem(
    @Args(() => MenuEntryPathArgs) { menuId, id }: MenuEntryPathArgs,
    @Granted(MENUS.deleteItem) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    await services.menus.deleteItem(access, menuId, id);
    return true;
  }

  @Mutation(() => MenuModifierType)
  addMenuModifier(
    @Args(() => MenuPathArgs) { menuId }: MenuPathArgs,
    @ShapeArg('input', 'CreateMenuModifier') input: Shape<'CreateMenuModifier'>,
    @Granted(MENUS.addModifier) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.menus.addModifier(access, menuId, input);
  }

  @Mutation(() => MenuModifierType, { description: 'The override rules of menu items' })
  updateMenuModifier(
    @Args(() => MenuEntryPathArgs) { menuId, id }: MenuEntryPathArgs,
    @ShapeArg('input', 'UpdateMenuEntry') input: Shape<'UpdateMenuEntry'>,
    @Granted(MENUS.updateModifier) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.menus.updateModifier(access, menuId, id, input);
  }
}
