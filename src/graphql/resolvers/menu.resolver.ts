import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
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
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.menus.findAll(ctx, accountId, locationId, page);
  }

  @Query(() => MenuType)
  menu(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.menus.findOne(ctx, accountId, locationId, id);
  }

  @Mutation(() => MenuType, {
    description: 'One item per product, in the order given, with the modifier groups and modifiers of the catalog',
  })
  createMenu(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @ShapeArg('input', 'CreateMenu') input: Shape<'CreateMenu'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.menus.create(ctx, accountId, locationId, input);
  }

  @Mutation(() => MenuType)
  updateMenu(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('id', () => ID) id: string,
    @ShapeArg('input', 'UpdateMenu') input: Shape<'UpdateMenu'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.menus.update(ctx, accountId, locationId, id, input);
  }

  @Mutation(() => Boolean)
  async deleteMenu(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    await services.menus.delete(ctx, accountId, locationId, id);
    return true;
  }

  @Mutation(() => MenuItemType)
  addMenuItem(
    @Args(() => MenuPathArgs) { accountId, locationId, menuId }: MenuPathArgs,
    @ShapeArg('input', 'CreateMenuItem') input: Shape<'CreateMenuItem'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.menus.addItem(ctx, accountId, locationId, menuId, input);
  }

  @Mutation(() => MenuItemType, {
    description: 'taxRateIds omitted (or null) removes the override: the item inherits the product taxRateIds again',
  })
  updateMenuItem(
    @Args(() => MenuEntryPathArgs) { accountId, locationId, menuId, id }: MenuEntryPathArgs,
    @ShapeArg('input', 'UpdateMenuEntry') input: Shape<'UpdateMenuEntry'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.menus.updateItem(ctx, accountId, locationId, menuId, id, input);
  }

  @Mutation(() => MenuType, {
    description: 'Puts the items in this order (the first shows first); itemIds lists every item of the menu once',
  })
  reorderMenuItems(
    @Args(() => MenuPathArgs) { accountId, locationId, menuId }: MenuPathArgs,
    @Arg('itemIds', () => [ID]) itemIds: string[],
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.menus.reorderItems(ctx, accountId, locationId, menuId, { itemIds });
  }

  @Mutation(() => Boolean)
  async deleteMenuItem(
    @Args(() => MenuEntryPathArgs) { accountId, locationId, menuId, id }: MenuEntryPathArgs,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    await services.menus.deleteItem(ctx, accountId, locationId, menuId, id);
    return true;
  }

  @Mutation(() => MenuModifierType)
  addMenuModifier(
    @Args(() => MenuPathArgs) { accountId, locationId, menuId }: MenuPathArgs,
    @ShapeArg('input', 'CreateMenuModifier') input: Shape<'CreateMenuModifier'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.menus.addModifier(ctx, accountId, locationId, menuId, input);
  }

  @Mutation(() => MenuModifierType, { description: 'The override rules of menu items' })
  updateMenuModifier(
    @Args(() => MenuEntryPathArgs) { accountId, locationId, menuId, id }: MenuEntryPathArgs,
    @ShapeArg('input', 'UpdateMenuEntry') input: Shape<'UpdateMenuEntry'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.menus.updateModifier(ctx, accountId, locationId, menuId, id, input);
  }
}
