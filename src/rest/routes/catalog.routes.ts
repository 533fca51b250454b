import type { Request } from 'express';
import { CATALOG_OPERATIONS as CATALOG, type CatalogService, type SnoozeService } from '../../modules/catalog/index.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type RestRoute } from '../operation-route.js';
import { queryText } from '../query-param.js';
import { list, noContent, single } from '../respond.js';

const LOCATION = '/accounts/:accountId/locations/:locationId';
const PATH = `${LOCATION}/catalog`;

const lookup = (req: Request) => ({
  posReference: queryText(req, 'posReference'),
  search: queryText(req, 'search'),
});

export function catalogRoutes({ services }: RestDeps): RestRoute[] {
  const { catalog, snoozes } = services;
  return [
    route.put(
      `${PATH}/import`,
      CATALOG.import,
      single((grant, req) => catalog.importCatalog(grant, req.body)),
    ),
    route.get(
      PATH,
      CATALOG.read,
      single((grant) => catalog.getCatalog(grant)),
    ),
    ...productRoutes(catalog),
    ...modifierRoutes(catalog),
    ...categoryAndGroupRoutes(catalog),
    ...snoozeRoutes(snoozes),
  ];
}

function productRoutes(catalog: CatalogService): RestRoute[] {
  return [
    route.get(
      `${PATH}/products`,
      CATALOG.listProducts,
      list((grant, page, req) => catalog.listProducts(grant, { ...page, ...lookup(req) })),
    ),
    route.post(
      `${PATH}/products`,
      CATALOG.createProduct,
      single((grant, req) => catalog.createProduct(grant, req.body), 201),
    ),
    route.get(
      `${PATH}/products/:productId`,
      CATALOG.readProduct,
      single((grant, _req, p) => catalog.getProduct(grant, p.productId)),
    ),
    route.patch(
      `${PATH}/products/:productId`,
      CATALOG.updateProduct,
      single((grant, req, p) => catalog.updateProduct(grant, p.productId, req.body)),
    ),
    route.delete(
      `${PATH}/products/:productId`,
      CATALOG.deleteProduct,
      noContent((grant, _req, p) => catalog.deleteProduct(grant, p.productId)),
    ),
  ];
}

function modifierRoutes(catalog: CatalogService): RestRoute[] {
  return [
    route.get(
      `${PATH}/modifiers`,
      CATALOG.listModifiers,
      list((grant, page, req) => catalog.listModifiers(grant, { ...page, ...lookup(req) })),
    ),
    route.post(
      `${PATH}/modifiers`,
      CATALOG.createModifier,
      single((grant, req) => catalog.createModifier(grant, req.body), 201),
    ),
    route.get(
      `${PATH}/modifiers/:modifierId`,
      CATALOG.readModifier,
      single((grant, _req, p) => catalog.getModifier(grant, p.modifierId)),
    ),
    route.patch(
      `${PATH}/modifiers/:modifierId`,
      CATALOG.updateModifier,
      single((grant, req, p) => catalog.updateModifier(grant, p.modifierId, req.body)),
    ),
    route.delete(
      `${PATH}/modifiers/:modifierId`,
      CATALOG.deleteModifier,
      noContent((grant, _req, p) => catalog.deleteModifier(grant, p.modifierId)),
    ),
  ];
}

/** Categories and modifier groups are written by the import only: here they are listed, and a category deleted. */
function categoryAndGroupRoutes(catalog: CatalogService): RestRoute[] {
  return [
    route.get(
      `${PATH}/categories`,
      CATALOG.listCategories,
      list((grant, page, req) => catalog.listCategories(grant, { ...page, ...lookup(req) })),
    ),
    route.delete(
      `${PATH}/categories/:categoryId`,
      CATALOG.deleteCategory,
      noContent((grant, _req, p) => catalog.deleteCategory(grant, p.categoryId)),
    ),
    route.get(
      `${PATH}/modifier-groups`,
      CATALOG.listModifierGroups,
      list((grant, page) => catalog.listModifierGroups(grant, page)),
    ),
  ];
}

function snoozeRoutes(snoozes: SnoozeService): RestRoute[] {
  return [
    route.get(
      `${PATH}/snoozes`,
      CATALOG.listSnoozes,
      single((grant) => snoozes.list(grant)),
    ),
    route.put(
      `${PATH}/snoozes`,
      CATALOG.snooze,
      single((grant, req) => snoozes.snooze(grant, req.body)),
    ),
    route.delete(
      `${PATH}/snoozes/:kind/:posReference`,
      CATALOG.unsnooze,
      noContent((grant, _req, p) => snoozes.unsnooze(grant, p.kind, p.posReference)),
    ),
  ];
}
