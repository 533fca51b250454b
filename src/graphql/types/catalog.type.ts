import { GraphQLJSON } from 'graphql-scalars';
import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { TaxRateType } from './location.type.js';
import { PageArgs } from './page-args.js';
import { PageType } from './page.type.js';

// The catalog over GraphQL (docs/contract.md "GraphQL"), the shapes of catalog.view.ts. The compatibility fields of
// existing POS clients (docs/contract.md "Shapes existing clients send") travel as one JSON object, passThrough, in
// both directions.

@ObjectType('Category')
export class CategoryType {
  @Field(() => ID)
  id: string;

  @Field()
  posReference: string;

  @Field()
  name: string;

  @Field(() => String, { nullable: true })
  description?: string;

  @Field(() => Int)
  position: number;

  @Field()
  show_online: boolean;

  @Field(() => GraphQLJSON, { nullable: true })
  serviceAvailability?: unknown;
}

/**
 * The fields of what a customer buys, a product or a modifier. Named only so that type-graphql passes its fields on
 * to the subclasses; no field returns it, so the schema does not show it.
 */
@ObjectType('Sellable')
abstract class SellableType {
  @Field(() => ID)
  id: string;

  @Field()
  posReference: string;

  @Field()
  name: string;

  @Field(() => Int, { description: 'Smallest unit of the location currency' })
  price: number;

  @Field(() => [String], {
    description: 'Tax-rate posReferences, as stored; a value matching no rate resolves to nothing',
  })
  taxRateIds: string[];

  @Field({ description: 'false is out of stock' })
  show_online: boolean;

  @Field({ description: 'Alias of show_online' })
  showOnline: boolean;

  @Field(() => Int)
  position: number;

  @Field()
  createdAt: string;

  @Field()
  updatedAt: string;
}

@ObjectType('Product')
export class ProductType extends SellableType {
  @Field(() => [String], { description: 'Category posReferences' })
  categories: string[];

  @Field(() => [String], { description: 'Modifier group posReferences' })
  modifierGroups: string[];
}

@ObjectType('Modifier')
export class ModifierType extends SellableType {}

@ObjectType('ModifierGroup')
export class ModifierGroupType {
  @Field(() => ID)
  id: string;

  @Field()
  posReference: string;

  @Field()
  name: string;

  @Field(() => Int)
  minPermitted: number;

  @Field(() => Int, { description: '0 means no limit' })
  maxPermitted: number;

  @Field(() => [GraphQLJSON], {
    description: 'Each a modifier posReference, or an object {id | posReference, price?, name?}',
  })
  modifiers: unknown[];
}

@ObjectType('CatalogLocation')
export class CatalogLocationType {
  @Field(() => [TaxRateType])
  taxRates: TaxRateType[];
}

@ObjectType('Catalog')
export class CatalogType {
  @Field(() => CatalogLocationType)
  location: CatalogLocationType;

  @Field(() => [CategoryType])
  categories: CategoryType[];

  @Field(() => [ProductType])
  products: ProductType[];

  @Field(() => [ModifierType])
  modifiers: ModifierType[];

  @Field(() => [ModifierGroupType])
  modifierGroups: ModifierGroupType[];
}

@ObjectType('CatalogKindCounts')
export class CatalogKindCountsType {
  @Field(() => Int) created: number;
  @Field(() => Int) updated: number;
  @Field(() => Int) deleted: number;
  @Field(() => Int) unchanged: number;
}

@ObjectType('CatalogImportChanges')
export class CatalogImportChangesType {
  @Field(() => CatalogKindCountsType) categories: CatalogKindCountsType;
  @Field(() => CatalogKindCountsType) products: CatalogKindCountsType;
  @Field(() => CatalogKindCountsType) modifiers: CatalogKindCountsType;
  @Field(() => CatalogKindCountsType) modifierGroups: CatalogKindCountsType;
}

@ObjectType('CatalogMenuRelevantChanges', { description: 'What published menus hear about through MENU_UPDATED.' })
export class CatalogMenuRelevantChangesType {
  @Field(() => Int) changedProducts: number;
  @Field(() => Int) changedModifiers: number;
  @Field(() => Int) deletedProducts: number;
  @Field(() => Int) deletedModifiers: number;
  @Field(() => Int, { description: 'Categories changed in a field a menu export carries, or deleted.' })
  changedCategories: number;
  @Field(() => Int, { description: 'Modifier groups changed in a field a menu export carries, or deleted.' })
  changedModifierGroups: number;
}

@ObjectType('CatalogImportResult')
export class CatalogImportResultType {
  @Field(() => Int) categories: number;
  @Field(() => Int) products: number;
  @Field(() => Int) modifiers: number;
  @Field(() => Int) modifierGroups: number;
  @Field(() => Int) taxRates: number;
  @Field(() => CatalogImportChangesType) changes: CatalogImportChangesType;
  @Field(() => CatalogMenuRelevantChangesType) menuRelevant: CatalogMenuRelevantChangesType;
}

@ObjectType()
export class ProductPage extends PageType(ProductType, 'ProductPage') {}

@ObjectType()
export class ModifierPage extends PageType(ModifierType, 'ModifierPage') {}

@ObjectType()
export class CategoryPage extends PageType(CategoryType, 'CategoryPage') {}

@ObjectType()
export class ModifierGroupPage extends PageType(ModifierGroupType, 'ModifierGroupPage') {}

@ArgsType()
export class CatalogListArgs extends PageArgs {
  @Field(() => String, {
    nullable: true,
    description: 'Look a record up by posReference: the page holds it or nothing',
  })
  posReference?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Only records whose name contains this (any case) or whose posReference starts with it',
  })
  search?: string | null;
}
