import { AccountService } from './modules/accounts/account.service.js';
import { DeliveryService } from './modules/deliveries/delivery.service.js';
import { LocationService } from './modules/locations/location.service.js';

/** The one service layer, shared by REST routes and GraphQL resolvers. */
export interface Services {
  accounts: AccountService;
  locations: LocationService;
  deliveries: DeliveryService;
}

export function createServices(): Services {
  return {
    accounts: new AccountService(),
    locations: new LocationService(),
    deliveries: new DeliveryService(),
  };
}
