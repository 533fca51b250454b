import type { EntityManager } from '@mikro-orm/postgresql';
import { secretBox } from '../../common/crypto.js';
import { NotFoundError } from '../../common/errors.js';
import type { ApplicationKind } from '../../common/principal.js';
import { Connection, type ConnectionStatus } from './connection.entity.js';
import type { Credentials } from './connection.view.js';

/** A connection as the hub's own calls to the partner need it: credentials opened. Never sent to a client. */
export interface ConnectionWithCredentials {
  id: string;
  applicationId: string;
  kind: ApplicationKind;
  accountId: string;
  locationId: string;
  status: ConnectionStatus;
  credentials: Credentials | null;
}

/** The credentials sealed at rest (ENCRYPTION_KEY), opened; null when the connection has none. */
export function openCredentials(connection: Pick<Connection, 'credentialsSealed'>): Credentials | null {
  return connection.credentialsSealed
    ? (JSON.parse(secretBox().open(connection.credentialsSealed)) as Credentials)
    : null;
}

/**
 * For menu publication, menu updates and store status: the connection with its credentials opened. The
 * caller has already established that the request may use this connection (tenancy is checked by the
 * service that owns the operation); 404 when it does not exist.
 */
export async function connectionWithCredentials(
  em: EntityManager,
  connectionId: string,
): Promise<ConnectionWithCredentials> {
  const connection = await em.findOne(Connection, { id: connectionId }, { populate: ['application'] });
  if (!connection) throw new NotFoundError('Connection');
  return withCredentials(connection);
}

export function withCredentials(connection: Connection): ConnectionWithCredentials {
  return {
    id: connection.id,
    applicationId: connection.application.id,
    kind: connection.application.kind as ApplicationKind,
    accountId: connection.accountId,
    locationId: connection.location.id,
    status: connection.status,
    credentials: openCredentials(connection),
  };
}
