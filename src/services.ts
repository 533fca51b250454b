import type { HubConfig } from './config/config.js';
import { AccountService } from './modules/accounts/account.service.js';
import { DeliveryService } from './modules/deliveries/delivery.service.js';
import { ApplicationService } from './modules/applications/application.service.js';
import { ConnectionService } from './modules/connections/connection.service.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { CatalogPullService } from './modules/catalog/catalog-pull.service.js';
import type { PartnerHttp } from './delivery/partner-http.js';
import { LocationService } from './modules/locations/location.service.js';
import { OrderService } from './modules/orders/order.service.js';
import { MenuPublicationService } from './modules/menus/menu-publication.service.js';
import { MenuService } from './modules/menus/menu.service.js';
import { StoreStatusService } from './modules/store-status/store-status.service.js';
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
  catalogPull: CatalogPullService;
  orders: OrderService;
  menus: MenuService;
  menuPublications: MenuPublicationService;
  storeStatus: StoreStatusService;
}

/** What services need from outside the process: the guarded client for calls to partners. */
export interface ServiceDeps {
  partnerHttp: PartnerHttp;
}

export function createServices(config: Pick<HubConfig, 'isProduction' | 'catalogPullTimeoutMs'>, deps: ServiceDeps): Services {
  const production = config.isProduction;
  const catalog = new CatalogService();
  return {
    accounts: new AccountService(),
    locations: new LocationService(),
    deliveries: new DeliveryService(),
    applications: new ApplicationService({ production }),
    connections: new ConnectionService({ production }),
    users: new UserService(),
    catalog,
    catalogPull: new CatalogPullService({ partnerHttp: deps.partnerHttp, catalog, timeoutMs: config.catalogPullTimeoutMs }),
    orders: new OrderService(),
    menus: new MenuService(),
    menuPublications: new MenuPublicationService(),
    storeStatus: new StoreStatusService(),
  };
}
