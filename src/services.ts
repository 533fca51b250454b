import type { HubConfig } from './config/config.js';
import { enqueueDelivery } from './delivery/outbox.js';
import { AccountService } from './modules/accounts/account.service.js';
import { DeliveryService } from './modules/deliveries/delivery.service.js';
import { ApplicationService } from './modules/applications/application.service.js';
import { ConnectionService } from './modules/connections/connection.service.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { LocationService } from './modules/locations/location.service.js';
import { OrderService } from './modules/orders/order.service.js';
import { UserService } from './modules/users/user.service.js';

/** The one service layer, shared by REST routes and GraphQL resolvers. */
export interface Services {
  accounts: AccountService;
  locations: LocationService;
  deliveries: DeliveryService;
  applications: ApplicationService;
  connections: ConnectionService;
  users: UserService;
  catalog: CatalogService;
  orders: OrderService;
}

export function createServices(config: Pick<HubConfig, 'isProduction'>): Services {
  const production = config.isProduction;
  return {
    accounts: new AccountService(),
    locations: new LocationService(),
    deliveries: new DeliveryService(),
    applications: new ApplicationService({ production }),
    connections: new ConnectionService({ production }),
    users: new UserService(),
    catalog: new CatalogService(),
    orders: new OrderService(enqueueDelivery),
  };
}
