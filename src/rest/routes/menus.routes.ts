import type { Router } from 'express';
import type { RestDeps } from '../rest-deps.js';
import { list, noContent, single } from '../respond.js';

const MENUS = '/accounts/:accountId/locations/:locationId/menus';
const MENU = `${MENUS}/:menuId`;

export function menuRoutes(router: Router, { orm, services }: RestDeps): void {
  const { menus } = services;
  router.post(
    MENUS,
    single(orm, (ctx, req, p) => menus.create(ctx, p.accountId, p.locationId, req.body), 201),
  );
  router.get(
    MENUS,
    list(orm, (ctx, page, _req, p) => menus.findAll(ctx, p.accountId, p.locationId, page)),
  );
  router.get(
    MENU,
    single(orm, (ctx, _req, p) => menus.findOne(ctx, p.accountId, p.locationId, p.menuId)),
  );
  router.patch(
    MENU,
    single(orm, (ctx, req, p) => menus.update(ctx, p.accountId, p.locationId, p.menuId, req.body)),
  );
  router.delete(
    MENU,
    noContent(orm, (ctx, _req, p) => menus.delete(ctx, p.accountId, p.locationId, p.menuId)),
  );

  router.post(
    `${MENU}/items`,
    single(orm, (ctx, req, p) => menus.addItem(ctx, p.accountId, p.locationId, p.menuId, req.body), 201),
  );
  router.patch(
    `${MENU}/items/:itemId`,
    single(orm, (ctx, req, p) => menus.updateItem(ctx, p.accountId, p.locationId, p.menuId, p.itemId, req.body)),
  );
  router.put(
    `${MENU}/item-order`,
    single(orm, (ctx, req, p) => menus.reorderItems(ctx, p.accountId, p.locationId, p.menuId, req.body)),
  );
  router.delete(
    `${MENU}/items/:itemId`,
    noContent(orm, (ctx, _req, p) => menus.deleteItem(ctx, p.accountId, p.locationId, p.menuId, p.itemId)),
  );

  router.post(
    `${MENU}/modifiers`,
    single(orm, (ctx, req, p) => menus.addModifier(ctx, p.accountId, p.locationId, p.menuId, req.body), 201),
  );
  router.patch(
    `${MENU}/modifiers/:menuModifierId`,
    single(orm, (ctx, req, p) =>
      menus.updateModifier(ctx, p.accountId, p.locationId, p.menuId, p.menuModifierId, req.body),
    ),
  );

  router.post(
    `${MENU}/publications`,
    single(
      orm,
      (ctx, req, p) => services.menuPublications.publish(ctx, p.accountId, p.locationId, p.menuId, req.body),
      201,
    ),
  );
  router.get(
    `${MENU}/publications`,
    list(orm, (ctx, page, req, p) =>
      services.menuPublications.findAll(ctx, p.accountId, p.locationId, p.menuId, {
        ...page,
        newestFirst: String(req.query.newestFirst) === 'true',
      }),
    ),
  );
}
