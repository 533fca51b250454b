import type { MikroORM } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import type { RequestContext } from '../common/request-context.js';

/** The service context of an authenticated request: its own EntityManager fork, caller and logger. */
export function contextOf(orm: MikroORM, res: Response): RequestContext {
  if (!res.locals.principal) throw new Error('contextOf called before authentication');
  return {
    requestId: res.locals.requestId,
    log: res.locals.log,
    em: orm.em.fork(),
    principal: res.locals.principal,
    reach: res.locals.reach,
  };
}
