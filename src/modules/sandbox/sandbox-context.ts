import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { applicationReach } from '../../auth/reach.js';
import { uuidv7 } from '../../common/ids.js';
import type { RequestContext } from '../../common/request-context.js';
import { defaultScopes } from '../applications/index.js';
import type { SandboxIdentity } from './sandbox-applications.js';

/**
 * A sandbox partner acting as a real partner acts: the service context its own token would give it (its kind,
 * its default scopes, the locations it is connected to, read now), so what it does goes through the same rules
 * as a real POS's or marketplace's call. `em` is the caller's, often inside a transaction; `db` the ORM's root
 * EntityManager (RequestContext.db).
 */
export async function sandboxContext(
  db: EntityManager,
  em: EntityManager,
  partner: SandboxIdentity,
  log: Logger,
): Promise<RequestContext> {
  return {
    requestId: uuidv7(),
    log,
    em,
    db,
    principal: {
      type: 'application',
      applicationId: partner.id,
      kind: partner.kind,
      clientId: partner.clientId,
      scopes: new Set(defaultScopes(partner.kind)),
    },
    reach: await applicationReach(em, partner.id),
  };
}
