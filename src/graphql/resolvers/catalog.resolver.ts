import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { passThroughOf, type ModifierView, type ProductView } from '../../modules/catalog/catalog.view.js';
import type { GraphQLContext } from '../context.js';
import { ShapeArg } from '../inputs/shape-arg.js';
import type { Shape } from '../../shapes/shape.js';
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
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.catalog.getCatalog(ctx, accountId, locationId);
  }

  @Mutation(() => CatalogImportResultType, {
    description: 'The full-statement import (PUT catalog/import); the body is a CatalogImportEntity',
  })
  importCatalog(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @ShapeArg('catalog', 'CatalogImport') catalog: Shape<'CatalogImport'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.catalog.importCatalog(ctx, accountId, locationId, catalog);
  }

  @Mutation(() => CatalogImportResultType, {
    description:
      'Pulls the catalog from the POS of a connection and applies it as an import (POST connections/{id}/pull)',
  })
  pullCatalog(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('connectionId', () => ID) connectionId: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.catalogPull.pull(ctx, accountId, locationId, connectionId);
  }

  @Query(() => CategoryPage)
  categories(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Args(() => CatalogListArgs) args: CatalogListArgs,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.catalog.listCategories(ctx, accountId, locationId, args);
  }

  @Mutation(() => Boolean)
  async deleteCategory(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    await services.catalog.deleteCategory(ctx, accountId, locationId, id);
    return true;
  }

  @Query(() => ModifierGroupPage)
  modifierGroups(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.catalog.listModifierGroups(ctx, accountId, locationId, page);
  }
}

@Resolver(() => ProductType)
export class ProductResolver {
  @Query(() => ProductPage, { description: 'Products; with posReference, the lookup (data[0].id)' })
  products(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Args(() => CatalogListArgs) args: CatalogListArgs,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.catalog.listProducts(ctx, accountId, locationId, args);
  }

  @Query(() => ProductType)
  product(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.catalog.getProduct(ctx, accountId, locationId, id);
  }

  @Mutation(() => ProductType)
  createProduct(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @ShapeArg('input', 'CreateProduct') input: Shape<'CreateProduct'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.catalog.createProduct(ctx, accountId, locationId, input);
  }

  @Mutation(() => ProductType, { description: 'taxRateIds omitted clears them; show_online false is out of stock' })
  updateProduct(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('id', () => ID) id: string,
    @ShapeArg('input', 'UpdateProduct') input: Shape<'UpdateProduct'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.catalog.updateProduct(ctx, accountId, locationId, id, input);
  }

  @Mutation(() => Boolean)
  async deleteProduct(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    await services.catalog.deleteProduct(ctx, accountId, locationId, id);
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
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Args(() => CatalogListArgs) args: CatalogListArgs,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.catalog.listModifiers(ctx, accountId, locationId, args);
  }

  @Query(() => ModifierType)
  modifier(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.catalog.getModifier(ctx, accountId, locationId, id);
  }

  @Mutation(() => ModifierType)
  createModifier(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @ShapeArg('input', 'CreateModifier') input: Shape<'CreateModifier'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.catalog.createModifier(ctx, accountId, locationId, input);
  }

  @Mutation(() => ModifierType, { description: 'taxRateIds omitted clears them' })
  updateModifier(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('id', () => ID) id: string,
    @ShapeArg('input', 'UpdateModifier') input: Shape<'UpdateModifier'>,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    return services.catalog.updateModifier(ctx, accountId, locationId, id, input);
  }

  @Mutation(() => Boolean)
  async deleteModifier(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('locationId', () => ID) locationId: string,
    @Arg('id', () => ID) id: string,
    @Ctx() { ctx, services }: GraphQLContext,
  ) {
    await services.catalog.deleteModifier(ctx, accountId, locationId, id);
    return true;
  }

  @FieldResolver(() => GraphQLJSONObject, { description: 'The compatibility fields received, unchanged' })
  passThrough(@Root() modifier: ModifierView) {
    return passThroughOf(modifier);
  }
}
