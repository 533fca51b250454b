import type { ApplicationGrant } from '../../auth/authorize.js';
import { isAdminItself, managedApplications, managedWhere } from '../../auth/record-reach.js';
import { NotFoundError } from '../../common/errors.js';
import type { RequestContext } from '../../common/request-context.js';
import { Application } from './application.entity.js';

/**
 * The applications the caller manages (src/auth/record-reach.ts: admins all, users those they registered, an
 * application itself, a user's token through it included), the sandbox partners only outside production.
 */
export function managedApplicationsWhere(ctx: RequestContext, production: boolean): object {
  const managed = managedWhere(managedApplications(ctx));
  return production && isAdminItself(ctx) ? { ...managed, sandbox: false } : managed;
}

/** The granted application (404 when it is gone, or a sandbox partner in production). */
export async function loadApplication(access: ApplicationGrant, production: boolean): Promise<Application> {
  const where = { $and: [{ id: access.applicationId }, managedApplicationsWhere(access.ctx, production)] };
  const application = await access.ctx.em.findOne(Application, where as never);
  if (!application) throw new NotFoundError('Application');
  return application;
}
