import { OidcPayload } from '../auth/oidc-payload.entity.js';
import { IdempotencyKey } from '../modules/idempotency/index.js';
import { Account } from '../modules/accounts/index.js';
import { Delivery } from '../delivery-engine/delivery.entity.js';
import { DeliveryAttempt } from '../delivery-engine/delivery-attempt.entity.js';
import { DeliveryWorkerProcess } from '../delivery-engine/delivery-worker-process.entity.js';
import { ApplicationEvent } from '../delivery-engine/application-event.entity.js';
import { Application } from '../modules/applications/index.js';
import { Connection } from '../modules/connections/index.js';
import { Category, Modifier, ModifierGroup, Product } from '../modules/catalog/index.js';
import { Location, TaxRate } from '../modules/locations/index.js';
import { Order } from '../modules/orders/index.js';
import { Menu, MenuItem, MenuModifier, MenuPublication } from '../modules/menus/index.js';
import { User } from '../modules/users/index.js';
import { UiSession } from '../auth/session/ui-session.entity.js';
import { ActivityEntry } from '../modules/activity/index.js';
import { SandboxReceipt } from '../modules/sandbox/index.js';
import { HolidayClosure, OpeningHours } from '../modules/availability/index.js';

/** Every MikroORM entity of the hub; one list so the ORM, migrations and tests agree. */

export const ENTITIES = [
  Account,
  Location,
  TaxRate,
  IdempotencyKey,
  User,
  Application,
  Connection,
  OidcPayload,
  Category,
  Product,
  Modifier,
  ModifierGroup,
  Delivery,
  DeliveryAttempt,
  DeliveryWorkerProcess,
  ApplicationEvent,
  Order,
  Menu,
  MenuItem,
  MenuModifier,
  MenuPublication,
  UiSession,
  ActivityEntry,
  SandboxReceipt,
  OpeningHours,
  HolidayClosure,
];
