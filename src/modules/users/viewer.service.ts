import { isAdmin } from '../../common/access.js';
import { NotFoundError } from '../../common/errors.js';
import type { Role } from '../../common/principal.js';
import type { RequestContext } from '../../common/request-context.js';
import { User } from './user.entity.js';

/**
 * What the signed-in operator may do, as the services decide it, so the UI shows only the screens and
 * buttons that would succeed and holds no rule of its own.
 */
export interface ViewerPermissions {
  /** Register and manage partner applications: the hub-wide registry is the admin's. */
  manageApplications: boolean;
  /** List and create users (UserService: operators with provisioning). */
  manageUsers: boolean;
  /** The roles this operator may give a new user (UserService.create). */
  creatableRoles: Role[];
  /** Create accounts and locations (provisioning). */
  provision: boolean;
  /** Edit a location: name, currency, timezone, tax rates (locations.write). */
  editLocations: boolean;
  /** Connect and disconnect applications (connections.write or provisioning). */
  manageConnections: boolean;
  /** Pull the catalog and change products (catalogs.write). */
  editCatalog: boolean;
  /** Build menus and publish them (menu.write). */
  editMenus: boolean;
}

export interface ViewerView {
  id: string;
  email: string;
  role: Role;
  permissions: ViewerPermissions;
}

const CREATABLE_ROLES: Record<Role, Role[]> = {
  admin: ['admin', 'reseller', 'merchant'],
  reseller: ['merchant'],
  merchant: [],
};

export class ViewerService {
  /** The operator behind this request (a user signed in directly, not a partner application). */
  async find(ctx: RequestContext): Promise<ViewerView> {
    const { principal } = ctx;
    if (principal.type !== 'user') throw new NotFoundError('Viewer');
    const user = await ctx.em.findOne(User, { id: principal.userId });
    if (!user) throw new NotFoundError('Viewer');
    const has = (scope: string) => principal.scopes.has(scope);
    const manageUsers = has('provisioning') && principal.role !== 'merchant';
    return {
      id: user.id,
      email: user.email,
      role: user.role,
      permissions: {
        manageApplications: isAdmin(ctx) && has('applications.write'),
        manageUsers,
        creatableRoles: manageUsers ? CREATABLE_ROLES[principal.role] : [],
        provision: has('provisioning'),
        editLocations: has('locations.write'),
        manageConnections: has('connections.write') || has('provisioning'),
        editCatalog: has('catalogs.write'),
        editMenus: has('menu.write'),
      },
    };
  }
}
