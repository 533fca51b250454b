import type { Grant } from '../../auth/authorize.js';
import { NotFoundError } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import type { LocationAccess } from '../locations/index.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { activeConnections } from './active-connections.js';
import { Connection } from './connection.entity.js';

// Which of a location's connections a caller may see and use: a partner application only its own (one POS
// never reads, disconnects or pulls through another's), operators all of the location's. The grant says which
// (`ownedBy`, from the operation's declaration); every use of a connection named by the caller goes through here.

export function visibleTo({ ownedBy }: Grant): object {
  return ownedBy.connections ? { application: ownedBy.connections } : {};
}

/** An ACTIVE connection of the granted location that the caller may see, with its application and location; 404 otherwise. */
export async function findVisibleConnection(access: LocationAccess, connectionId: string): Promise<Connection> {
  const { ctx } = access;
  await access.load();
  const connection = isUuid(connectionId)
    ? await ctx.em.findOne(
        Connection,
        { $and: [{ id: connectionId, location: access.locationId, status: 'ACTIVE' }, visibleTo(access)] } as never,
        { populate: ['application', 'location'] },
      )
    : null;
  if (!connection) throw new NotFoundError('Connection');
  return connection;
}

/**
 * The active connections of the granted location that are the caller's own, when it sees only its own (a
 * partner application: its own token or one obtained through it); null for an operator, who sees every
 * connection's settings.
 */
export async function ownConnectionIds(
  access: LocationAccess,
  em: EntityManager = access.ctx.em,
): Promise<ReadonlySet<string> | null> {
  const self = access.ownedBy.connections;
  if (!self) return null;
  const own = (await activeConnections(em, access.locationId)).filter((c) => c.applicationId === self);
  return new Set(own.map((c) => c.connectionId));
}
