import { isAdmin } from '../../common/access.js';
import { NotFoundError } from '../../common/errors.js';
import type { RequestContext } from '../../common/request-context.js';
import { Application } from './application.entity.js';

/**
 * Who sees which applications: admins all (the sandbox partners only outside production), users those they
 * registered, an application itself (a user's token through it included: it is that application).
 */
export function reachableWhere(ctx: RequestContext, production: boolean): object {
  if (isAdmin(ctx)) return production ? { sandbox: false } : {};
  if (ctx.principal.type === 'application') return { id: ctx.principal.applicationId };
  return { createdByUserId: ctx.principal.userId };
}

/** The application, if the caller sees it (reachableWhere); 404 otherwise, so ids cannot be probed. */
export async function loadReachableApplication(
  ctx: RequestContext,
  id: string,
  production: boolean,
): Promise<Application> {
  const application = await ctx.em.findOne(Application, { $and: [{ id }, reachableWhere(ctx, production)] } as never);
  if (!application) throw new NotFoundError('Application');
  return application;
}
