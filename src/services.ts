import { AccountService } from './modules/accounts/account.service.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { LocationService } from './modules/locations/location.service.js';
import { MenuService } from './modules/menus/menu.service.js';

/** The one service layer, shared by REST routes and GraphQL resolvers. */
export interface Services {
  accounts: AccountService;
  locations: LocationService;
  catalog: CatalogService;
  menus: MenuService;
}

export function createServices(): Services {
  return {
    accounts: new AccountService(),
    locations: new LocationService(),
    catalog: new CatalogService(),
    menus: new MenuService(),
  };
}
