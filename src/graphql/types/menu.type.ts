import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { PageType } from './page.type.js';

// Menus over GraphQL (docs/contract.md "GraphQL"), the shapes of menus/menu.view.ts.

@ObjectType('MenuItem')
export class MenuItemType {
  @Field(() => ID) id: string;
  @Field(() => ID) productId: string;
  @Field() posReference: string;
  @Field({ description: 'The override, else the product name' }) name: string;
  @Field(() => Int, { description: 'The override, else the product price (smallest currency unit)' }) price: number;
  @Field(() => [String], { description: 'Category posReferences of the product' }) categories: string[];
  @Field(() => [String], { description: 'Effective: the override when set, else the product taxRateIds, live' })
  taxRateIds: string[];
  @Field(() => [String], { nullable: true, description: 'null: the item inherits the product taxRateIds' })
  taxRateIdsOverride: string[] | null;
  @Field({ description: 'The product show_online, live (false is out of stock)' }) show_online: boolean;
  @Field(() => String, { nullable: true, description: "The product's snooze, live: not for sale until then" })
  snoozedUntil: string | null;
  @Field(() => [String], { description: 'Modifier group posReferences, copied from the product' })
  modifierGroups: string[];
  @Field(() => Int) position: number;
}

@ObjectType('MenuModifier')
export class MenuModifierType {
  @Field(() => ID) id: string;
  @Field(() => ID) modifierId: string;
  @Field() posReference: string;
  @Field() name: string;
  @Field(() => Int) price: number;
  @Field(() => [String], { description: 'Effective: the override when set, else the modifier taxRateIds, live' })
  taxRateIds: string[];
  @Field(() => [String], { nullable: true }) taxRateIdsOverride: string[] | null;
  @Field() show_online: boolean;
  @Field(() => String, { nullable: true, description: "The modifier's snooze, live: not for sale until then" })
  snoozedUntil: string | null;
  @Field(() => Int) position: number;
}

@ObjectType('Menu')
export class MenuType {
  @Field(() => ID) id: string;
  @Field(() => ID) accountId: string;
  @Field(() => ID) locationId: string;
  @Field() name: string;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => [MenuItemType]) items: MenuItemType[];
  @Field(() => [MenuModifierType]) modifiers: MenuModifierType[];
  @Field() createdAt: string;
  @Field() updatedAt: string;
}

@ObjectType()
export class MenuPage extends PageType(MenuType, 'MenuPage') {}

/** The path of a menu, as the REST routes have it: {accountId}/locations/{locationId}/menus/{menuId}. */
@ArgsType()
export class MenuPathArgs {
  @Field(() => ID)
  accountId: string;

  @Field(() => ID)
  locationId: string;

  @Field(() => ID)
  menuId: string;
}

/** A menu item or menu modifier: the menu's path and the entry's id. */
@ArgsType()
export class MenuEntryPathArgs extends MenuPathArgs {
  @Field(() => ID)
  id: string;
}
