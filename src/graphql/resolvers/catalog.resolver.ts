import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import {
  CATALOG_OPERATIONS as CATALOG,
  type ModifierView,
  passThroughOf,
  type ProductView,
} from '../../modules/catalog/index.js';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
import { Granted } from '../granted.js';
import type { LocationAccess } from '../../modules/locations/index.js';
import {
  CatalogImportResultType,
  CatalogListArgs,
  CatalogType,
  CategoryPage,
  ModifierGroupPage,
  ModifierPage,
  ModifierType,
  ProductPage,
  ProductType,
} from '../types/catalog.type.js';
import { PageArgs } from '../types/page-args.js';

@Resolver(() => CatalogType)
export class CatalogResolver {
  @Query(() => CatalogType, { description: 'The whole catalog, in the CatalogImportEntity shape with service ids' })
  catalog(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Granted(CATALOG.read) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.catalog.getCatalog(access);
  }

  @Mutation(() => CatalogImportResultType, {
    description: 'The full-statement import (PUT catalog/import); the body is a CatalogImportEntity',
  })
  importCatalog(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @ShapeArg('catalog', 'CatalogImport') catalog: Shape<'CatalogImport'>,
    @Granted(CATALOG.import) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.catalog.importCatalog(access, catalog);
  }

  @Mutation(() => CatalogImportResultType, {
    description:
      'Pulls the catalog from the POS of a connection and applies it as an import (POST connections/{id}/pull)',
  })
  pullCatalog(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('connectionId', () => ID) connectionId: string,
    @Granted(CATALOG.pull) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.catalogPull.pull(access, connectionId);
  }

  @Query(() => CategoryPage)
  categories(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Args(() => CatalogListArgs) args: CatalogListArgs,
    @Granted(CATALOG.listCategories) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.catalog.listCategories(access, args);
  }

  @Mutation(() => Boolean)
  async deleteCategory(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('id', () => ID) id: string,
    @Granted(CATALOG.deleteCategory) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    await services.catalog.deleteCategory(access, id);
    return true;
  }

  @Query(() => ModifierGroupPage)
  modifierGroups(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Args(() => PageArgs) page: PageArgs,
    @Granted(CATALOG.listModifierGroups) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.catalog.listModifierGroups(access, page);
  }
}

@Resolver(() => ProductType)
export class ProductResolver {
  @Query(() => ProductPage, { description: 'Products; with posReference, the lookup (data[0].id)' })
  products(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Args(() => CatalogListArgs) args: CatalogListArgs,
    @Granted(CATALOG.listProducts) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.catalog.listProducts(access, args);
  }

  @Query(() => ProductType)
  product(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('id', () => ID) id: string,
    @Granted(CATALOG.readProduct) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.catalog.getProduct(access, id);
  }

  @Mutation(() => ProductType)
  createProduct(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @ShapeArg('input', 'CreateProduct') input: Shape<'CreateProduct'>,
    @Granted(CATALOG.createProduct) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.catalog.createProduct(access, input);
  }

  @Mutation(() => ProductType, { description: 'taxRateIds omitted clears them; show_online false is out of stock' })
  updateProduct(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('id', () => ID) id: string,
    @ShapeArg('input', 'UpdateProduct') input: Shape<'UpdateProduct'>,
    @Granted(CATALOG.updateProduct) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.catalog.updateProduct(access, id, input);
  }

  @Mutation(() => Boolean)
  async deleteProduct(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('id', () => ID) id: string,
    @Granted(CATALOG.deleteProduct) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    await services.catalog.deleteProduct(access, id);
    return true;
  }

  @FieldResolver(() => GraphQLJSONObject, { description: 'The compatibility fields received, unchanged' })
  passThrough(@Root() product: ProductView) {
    return passThroughOf(product);
  }
}

@Resolver(() => ModifierType)
export class ModifierResolver {
  @Query(() => ModifierPage, { description: 'Modifiers; with posReference, the lookup (data[0].id)' })
  modifiers(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Args(() => CatalogListArgs) args: CatalogListArgs,
    @Granted(CATALOG.listModifiers) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.catalog.listModifiers(access, args);
  }

  @Query(() => ModifierType)
  modifier(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('id', () => ID) id: string,
    @Granted(CATALOG.readModifier) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.catalog.getModifier(access, id);
  }

  @Mutation(() => ModifierType)
  createModifier(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @ShapeArg('input', 'CreateModifier') input: Shape<'CreateModifier'>,
    @Granted(CATALOG.createModifier) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.catalog.createModifier(access, input);
  }

  @Mutation(() => ModifierType, { description: 'taxRateIds omitted clears them' })
  updateModifier(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('id', () => ID) id: string,
    @ShapeArg('input', 'UpdateModifier') input: Shape<'UpdateModifier'>,
    @Granted(CATALOG.updateModifier) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    return services.catalog.updateModifier(access, id, input);
  }

  @Mutation(() => Boolean)
  async deleteModifier(
    @Arg('accountId', () => ID) _accountId: string,
    @Arg('locationId', () => ID) _locationId: string,
    @Arg('id', () => ID) id: string,
    @Granted(CATALOG.deleteModifier) access: LocationAccess,
    @Ctx() { services }: GraphQLContext,
  ) {
    await services.catalog.deleteModifier(access, id);
    return true;
  }

  @FieldResolver(() => GraphQLJSONObject, { description: 'The compatibility fields received, unchanged' })
  passThrough(@Root() modifier: ModifierView) {
    return passThroughOf(modifier);
  }
}
