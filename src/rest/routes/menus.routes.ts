import { MENU_OPERATIONS as MENUS } from '../../modules/menus/index.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type RestRoute } from '../operation-route.js';
import { list, noContent, single } from '../respond.js';

const ALL = '/accounts/:accountId/locations/:locationId/menus';
const ONE = `${ALL}/:menuId`;

export function menuRoutes({ services }: RestDeps): RestRoute[] {
  const { menus } = services;
  return [
    route.post(
      ALL,
      MENUS.create,
      single((grant, req) => menus.create(grant, req.body), 201),
    ),
    route.get(
      ALL,
      MENUS.list,
      list((grant, page) => menus.findAll(grant, page)),
    ),
    route.get(
      ONE,
      MENUS.read,
      single((grant, _req, p) => menus.findOne(grant, p.menuId)),
    ),
    route.patch(
      ONE,
      MENUS.update,
      single((grant, req, p) => menus.update(grant, p.menuId, req.body)),
    ),
    route.delete(
      ONE,
      MENUS.delete,
      noContent((grant, _req, p) => menus.delete(grant, p.menuId)),
    ),

    route.post(
      `${ONE}/items`,
      MENUS.addItem,
      single((grant, req, p) => menus.addItem(grant, p.menuId, req.body), 201),
    ),
    route.patch(
      `${ONE}/items/:itemId`,
      MENUS.updateItem,
      single((grant, req, p) => menus.updateItem(grant, p.menuId, p.itemId, req.body)),
    ),
    route.put(
      `${ONE}/item-order`,
      MENUS.reorderItems,
      single((grant, req, p) => menus.reorderItems(grant, p.menuId, req.body)),
    ),
    route.delete(
      `${ONE}/items/:itemId`,
      MENUS.deleteItem,
      noContent((grant, _req, p) => menus.deleteItem(grant, p.menuId, p.itemId)),
    ),

    route.post(
      `${ONE}/modifiers`,
      MENUS.addModifier,
      single((grant, req, p) => menus.addModifier(grant, p.menuId, req.body), 201),
    ),
    route.patch(
      `${ONE}/modifiers/:menuModifierId`,
      MENUS.updateModifier,
      single((grant, req, p) => menus.updateModifier(grant, p.menuId, p.menuModifierId, req.body)),
    ),

    route.post(
      `${ONE}/publications`,
      MENUS.publish,
      single((grant, req, p) => services.menuPublications.publish(grant, p.menuId, req.body), 201),
    ),
    route.get(
      `${ONE}/publications`,
      MENUS.listPublications,
      list((grant, page, req, p) =>
        services.menuPublications.findAll(grant, p.menuId, {
          ...page,
          newestFirst: String(req.query.newestFirst) === 'true',
        }),
      ),
    ),
  ];
}
