import { OidcPayload } from '../auth/oidc-payload.entity.js';
import { IdempotencyKey } from '../modules/idempotency/idempotency-key.entity.js';
import { Account } from '../modules/accounts/account.entity.js';
import { Delivery } from '../delivery-engine/delivery.entity.js';
import { DeliveryAttempt } from '../delivery-engine/delivery-attempt.entity.js';
import { DeliveryWorkerProcess } from '../delivery-engine/delivery-worker-process.entity.js';
import { ApplicationEvent } from '../delivery-engine/application-event.entity.js';
import { Application } from '../modules/applications/application.entity.js';
import { Connection } from '../modules/connections/connection.entity.js';
import { Category } from '../modules/catalog/category.entity.js';
import { ModifierGroup } from '../modules/catalog/modifier-group.entity.js';
import { Modifier } from '../modules/catalog/modifier.entity.js';
import { Product } from '../modules/catalog/product.entity.js';
import { Location } from '../modules/locations/location.entity.js';
import { TaxRate } from '../modules/locations/tax-rate.entity.js';
import { Order } from '../modules/orders/order.entity.js';
import { MenuItem } from '../modules/menus/menu-item.entity.js';
import { MenuModifier } from '../modules/menus/menu-modifier.entity.js';
import { Menu } from '../modules/menus/menu.entity.js';
import { MenuPublication } from '../modules/menus/menu-publication.entity.js';
import { User } from '../modules/users/user.entity.js';
import { UiSession } from '../auth/session/ui-session.entity.js';
import { ActivityEntry } from '../modules/activity/activity-entry.entity.js';
import { SandboxReceipt } from '../modules/sandbox/sandbox-receipt.entity.js';
import { OpeningHours } from '../modules/availability/opening-hours.entity.js';
import { HolidayClosure } from '../modules/availability/holiday-closure.entity.js';

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
