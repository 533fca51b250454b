import { Account } from '../modules/accounts/account.entity.js';
import { Delivery } from '../modules/deliveries/delivery.entity.js';
import { DeliveryAttempt } from '../modules/deliveries/delivery-attempt.entity.js';
import { DeliveryWorkerProcess } from '../modules/deliveries/delivery-worker-process.entity.js';
import { Location } from '../modules/locations/location.entity.js';
import { TaxRate } from '../modules/locations/tax-rate.entity.js';

/** Every MikroORM entity of the hub; one list so the ORM, migrations and tests agree. */
export const ENTITIES = [Account, Location, TaxRate, Delivery, DeliveryAttempt, DeliveryWorkerProcess];
