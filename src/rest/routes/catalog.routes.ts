import type { Request, Router } from 'express';
import type { RestDeps } from '../rest-deps.js';
import { queryText } from '../query-param.js';
import { list, noContent, single } from '../respond.js';

const LOCATION = '/accounts/:accountId/locations/:locationId';
const CATALOG = `${LOCATION}/catalog`;

const lookup = (req: Request) => ({
  posReference: queryText(req, 'posReference'),
  search: queryText(req, 'search'),
});

export function catalogRoutes(router: Router, { orm, services }: RestDeps): void {
  const { catalog } = services;
  router.put(
    `${CATALOG}/import`,
    single(orm, (ctx, req, p) => catalog.importCatalog(ctx, p.accountId, p.locationId, req.body)),
  );
  router.get(
    CATALOG,
    single(orm, (ctx, _req, p) => catalog.getCatalog(ctx, p.accountId, p.locationId)),
  );

  router.get(
    `${CATALOG}/products`,
    list(orm, (ctx, page, req, p) => catalog.listProducts(ctx, p.accountId, p.locationId, { ...page, ...lookup(req) })),
  );
  router.post(
    `${CATALOG}/products`,
    single(orm, (ctx, req, p) => catalog.createProduct(ctx, p.accountId, p.locationId, req.body), 201),
  );
  router.get(
    `${CATALOG}/products/:productId`,
    single(orm, (ctx, _req, p) => catalog.getProduct(ctx, p.accountId, p.locationId, p.productId)),
  );
  router.patch(
    `${CATALOG}/products/:productId`,
    single(orm, (ctx, req, p) => catalog.updateProduct(ctx, p.accountId, p.locationId, p.productId, req.body)),
  );
  router.delete(
    `${CATALOG}/products/:productId`,
    noContent(orm, (ctx, _req, p) => catalog.deleteProduct(ctx, p.accountId, p.locationId, p.productId)),
  );

  router.get(
    `${CATALOG}/modifiers`,
    list(orm, (ctx, page, req, p) =>
      catalog.listModifiers(ctx, p.accountId, p.locationId, { ...page, ...lookup(req) }),
    ),
  );
  router.post(
    `${CATALOG}/modifiers`,
    single(orm, (ctx, req, p) => catalog.createModifier(ctx, p.accountId, p.locationId, req.body), 201),
  );
  router.get(
    `${CATALOG}/modifiers/:modifierId`,
    single(orm, (ctx, _req, p) => catalog.getModifier(ctx, p.accountId, p.locationId, p.modifierId)),
  );
  router.patch(
    `${CATALOG}/modifiers/:modifierId`,
    single(orm, (ctx, req, p) => catalog.updateModifier(ctx, p.accountId, p.locationId, p.modifierId, req.body)),
  );
  router.delete(
    `${CATALOG}/modifiers/:modifierId`,
    noContent(orm, (ctx, _req, p) => catalog.deleteModifier(ctx, p.accountId, p.locationId, p.modifierId)),
  );

  router.get(
    `${CATALOG}/categories`,
    list(orm, (ctx, page, req, p) =>
      catalog.listCategories(ctx, p.accountId, p.locationId, { ...page, ...lookup(req) }),
    ),
  );
  router.delete(
    `${CATALOG}/categories/:categoryId`,
    noContent(orm, (ctx, _req, p) => catalog.deleteCategory(ctx, p.accountId, p.locationId, p.categoryId)),
  );
  const { snoozes } = services;
  router.get(
    `${CATALOG}/snoozes`,
    single(orm, (ctx, _req, p) => snoozes.list(ctx, p.accountId, p.locationId)),
  );
  router.put(
    `${CATALOG}/snoozes`,
    single(orm, (ctx, req, p) => snoozes.snooze(ctx, p.accountId, p.locationId, req.body)),
  );
  router.delete(
    `${CATALOG}/snoozes/:kind/:posReference`,
    noContent(orm, (ctx, _req, p) => snoozes.unsnooze(ctx, p.accountId, p.locationId, p.kind, p.posReference)),
  );
  router.get(
    `${CATALOG}/modifier-groups`,
    list(orm, (ctx, page, _req, p) => catalog.listModifierGroups(ctx, p.accountId, p.locationId, page)),
  );
}
