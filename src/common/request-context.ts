import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Principal, Reach } from './principal.js';

/**
 * Everything a service call needs to know about the request it serves: the first argument of every service
 * method. `em` is this request's own fork of the EntityManager.
 */
export interface RequestContext {
  readonly requestId: string;
  readonly log: Logger;
  readonly em: EntityManager;
  /**
   * The ORM's root EntityManager, never used for entities: the pool that prepared statements outside any
   * transaction (src/db/raw-sql.ts preparedRows) run on, so a read served by one of them needs no fork.
   */
  readonly db: EntityManager;
  readonly principal: Principal;
  readonly reach: Reach;
}
