import { IdempotencyKey } from '../modules/idempotency/idempotency-key.entity.js';
import { Account } from '../modules/accounts/account.entity.js';
import { Location } from '../modules/locations/location.entity.js';
import { TaxRate } from '../modules/locations/tax-rate.entity.js';

/** Every MikroORM entity of the hub; one list so the ORM, migrations and tests agree. */
export const ENTITIES = [Account, Location, TaxRate, IdempotencyKey];
