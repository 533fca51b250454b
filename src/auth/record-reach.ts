import { canReachLocation } from '../common/access.js';
import { isUuid } from '../common/ids.js';
import type { RequestContext } from '../common/request-context.js';
import { sqlRows } from '../db/raw-sql.js';

// Reach of the targets that only the database can answer: an application, a delivery, a user. Each is one
// read by primary key; the service reads the record itself afterwards. The lists of applications and users
// narrow themselves with the same filters.

/** An admin acting as itself (not a partner application acting for one). */
export function isAdminItself(ctx: RequestContext): boolean {
  return ctx.principal.type === 'user' && ctx.principal.role === 'admin';
}

/** Which records the caller manages: every one, those it is, or those it created. */
export type Managed = { all: true } | { id: string } | { createdByUserId: string } | { none: true };

/** The applications the caller manages: an admin every one, a user those it registered, an application itself. */
export function managedApplications(ctx: RequestContext): Managed {
  const { principal } = ctx;
  if (isAdminItself(ctx)) return { all: true };
  if (principal.type === 'application') return { id: principal.applicationId };
  return { createdByUserId: principal.userId };
}

/**
 * The users the caller manages: an admin any, a reseller the merchants it created. Only operators acting as
 * themselves manage users; to anyone else no user is there.
 */
export function managedUsers(ctx: RequestContext): Managed {
  const { principal } = ctx;
  if (principal.type !== 'user') return { none: true };
  return isAdminItself(ctx) ? { all: true } : { createdByUserId: principal.userId };
}

/** The MikroORM filter of `managed` (for a list). */
export function managedWhere(managed: Managed): object {
  if ('all' in managed) return {};
  if ('none' in managed) return { id: null };
  return managed;
}

/** Whether the record `id` of `table` is among `managed` (and exists). */
export async function manages(
  ctx: RequestContext,
  table: 'applications' | 'users',
  id: string,
  managed: Managed,
): Promise<boolean> {
  if (!isUuid(id) || 'none' in managed) return false;
  if ('id' in managed) return managed.id === id;
  const [row] = await sqlRows<{ created_by_user_id: string | null }>(
    ctx.em,
    `select created_by_user_id from ${table} where id = ?`,
    [id],
  );
  return row !== undefined && ('all' in managed || row.created_by_user_id === managed.createdByUserId);
}

/** The caller is that application (or an admin, who sees every application's deliveries). */
export function isApplicationItself(ctx: RequestContext, applicationId: string): boolean {
  return ctx.reach.all || (ctx.principal.type === 'application' && ctx.principal.applicationId === applicationId);
}

/**
 * The caller sees the delivery: an admin every one; a caller that sees only its own records, those addressed
 * to it; anyone else those of the locations it reaches.
 */
export async function seesDelivery(ctx: RequestContext, deliveryId: string, ownOnly: string | null): Promise<boolean> {
  if (!isUuid(deliveryId)) return false;
  const [row] = await sqlRows<{ application_id: string; account_id: string | null; location_id: string | null }>(
    ctx.em,
    'select application_id, account_id, location_id from deliveries where id = ?',
    [deliveryId],
  );
  if (!row) return false;
  if (ctx.reach.all) return true;
  if (ownOnly !== null) return row.application_id === ownOnly;
  return Boolean(row.account_id && row.location_id && canReachLocation(ctx, row.account_id, row.location_id));
}
