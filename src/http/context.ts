import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import type { RequestContext } from '../common/request-context.js';

/**
 * The service context of an authenticated request: its caller, logger and its own EntityManager fork. The
 * fork is made when a service first asks for it: reads served by one prepared statement (an order by id)
 * never touch the ORM, and a fork is not free (its identity map, unit of work and event manager).
 */
export function contextOf(orm: MikroORM, res: Response): RequestContext {
  if (!res.locals.principal) throw new Error('contextOf called before authentication');
  let em: EntityManager | undefined;
  return {
    requestId: res.locals.requestId,
    // Read when a service logs: the request's child logger is made on first use (src/http/request-id.ts).
    get log() {
      return res.locals.log;
    },
    get em() {
      em ??= orm.em.fork();
      return em;
    },
    db: orm.em,
    principal: res.locals.principal,
    reach: res.locals.reach,
  };
}
