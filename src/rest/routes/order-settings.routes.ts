import { ORDER_SETTINGS_OPERATIONS as ORDER_SETTINGS } from '../../modules/order-settings/index.js';
import type { Shape } from '../../shapes/shape.js';
import type { RestDeps } from '../rest-deps.js';
import { route, type RestRoute } from '../operation-route.js';
import { single } from '../respond.js';

const PATH = '/accounts/:accountId/locations/:locationId/order-settings';

export function orderSettingsRoutes({ services }: RestDeps): RestRoute[] {
  const { orderSettings } = services;
  return [
    route.get(
      PATH,
      ORDER_SETTINGS.read,
      single((access) => orderSettings.get(access)),
    ),
    route.put(
      PATH,
      ORDER_SETTINGS.set,
      // Checked against openapi.yaml's OrderSettings by the router's validator before it gets here.
      single((access, req) => orderSettings.set(access, req.body as Shape<'OrderSettings'>)),
    ),
  ];
}
