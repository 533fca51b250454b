import type { Grant } from '../../auth/authorize.js';
import { permits } from '../../auth/operation.js';
import { managedApplications } from '../../auth/record-reach.js';
import { NotFoundError } from '../../common/errors.js';
import type { Role } from '../../common/principal.js';
import { ACCOUNT_OPERATIONS } from '../accounts/index.js';
import { APPLICATION_OPERATIONS } from '../applications/index.js';
import { CATALOG_OPERATIONS } from '../catalog/index.js';
import { CONNECTION_OPERATIONS } from '../connections/index.js';
import { DELIVERY_OPERATIONS } from '../delivery-log/index.js';
import { EVENT_OPERATIONS } from '../events/index.js';
import { LOCATION_OPERATIONS } from '../locations/index.js';
import { MENU_OPERATIONS } from '../menus/index.js';
import { SANDBOX_OPERATIONS } from '../sandbox/index.js';
import { CREATABLE_ROLES } from './user-records.js';
import { USER_OPERATIONS } from './user.operations.js';
import { User } from './user.entity.js';

/**
 * What the signed-in operator may do, read off the declarations of the operations behind each screen and
 * button (src/auth/operation.ts `permits`), so the UI shows only what would succeed and holds no rule of its
 * own: what the server allows and what the UI offers cannot disagree.
 */
interface ViewerPermissions {
  /** Register and manage partner applications in the hub-wide registry (registers them, and manages every one). */
  manageApplications: boolean;
  /** List and create users. */
  manageUsers: boolean;
  /** The roles this operator may give a new user. */
  creatableRoles: Role[];
  /** Create accounts and locations. */
  provision: boolean;
  /** Edit a location: name, currency, timezone, tax rates, store status. */
  editLocations: boolean;
  /** Connect and disconnect applications. */
  manageConnections: boolean;
  /** Pull the catalog and change products. */
  editCatalog: boolean;
  /** Build menus and publish them. */
  editMenus: boolean;
  /** Retry a delivery of the log now. */
  retryDeliveries: boolean;
  /** Send a test order from the sandbox marketplace (where the hub has a sandbox: outside production). */
  sendTestOrders: boolean;
  /** Retry every failing delivery of a location at once. */
  retryFailedDeliveries: boolean;
  /** Send a sample event to an application's URL now (on the applications this operator manages). */
  sendTestEvents: boolean;
}

export interface ViewerView {
  id: string;
  email: string;
  role: Role;
  permissions: ViewerPermissions;
}

/** Each permission is the operation behind its screens and buttons. */
const PERMISSIONS = {
  manageUsers: USER_OPERATIONS.create,
  provision: ACCOUNT_OPERATIONS.create,
  editLocations: LOCATION_OPERATIONS.update,
  manageConnections: CONNECTION_OPERATIONS.connect,
  editCatalog: CATALOG_OPERATIONS.updateProduct,
  editMenus: MENU_OPERATIONS.create,
  retryDeliveries: DELIVERY_OPERATIONS.retry,
  sendTestOrders: SANDBOX_OPERATIONS.sendTestOrder,
  retryFailedDeliveries: DELIVERY_OPERATIONS.retryFailedForLocation,
  sendTestEvents: EVENT_OPERATIONS.sendTest,
} as const;

export class ViewerService {
  /** The operator behind this request (a user signed in directly, not a partner application). */
  async find({ ctx }: Grant): Promise<ViewerView> {
    const { principal } = ctx;
    if (principal.type !== 'user') throw new NotFoundError('Viewer');
    const user = await ctx.em.findOne(User, { id: principal.userId });
    if (!user) throw new NotFoundError('Viewer');
    const may = Object.fromEntries(
      Object.entries(PERMISSIONS).map(([name, operation]) => [name, permits(principal, operation)]),
    ) as Record<keyof typeof PERMISSIONS, boolean>;
    return {
      id: user.id,
      email: user.email,
      role: user.role,
      permissions: {
        ...may,
        manageApplications: permits(principal, APPLICATION_OPERATIONS.create) && 'all' in managedApplications(ctx),
        creatableRoles: may.manageUsers ? CREATABLE_ROLES[principal.role] : [],
      },
    };
  }
}
