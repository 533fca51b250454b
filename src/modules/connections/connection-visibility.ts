import { NotFoundError } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import type { RequestContext } from '../../common/request-context.js';
import type { LocationAccess } from '../locations/location-access.js';
import { Connection } from './connection.entity.js';

// Which of a location's connections a caller may see and use: a partner application only its own (one POS
// never reads, disconnects or pulls through another's), operators all of the location's. Every use of a
// connection named by the caller goes through here.

export function visibleTo(ctx: RequestContext): object {
  return ctx.principal.type === 'application' ? { application: ctx.principal.applicationId } : {};
}

/** An ACTIVE connection of the reached location that the caller may see, with its application and location; 404 otherwise. */
export async function findVisibleConnection(access: LocationAccess, connectionId: string): Promise<Connection> {
  const { ctx } = access;
  await access.load();
  const connection = isUuid(connectionId)
    ? await ctx.em.findOne(
        Connection,
        { $and: [{ id: connectionId, location: access.locationId, status: 'ACTIVE' }, visibleTo(ctx)] } as never,
        { populate: ['application', 'location'] },
      )
    : null;
  if (!connection) throw new NotFoundError('Connection');
  return connection;
}
