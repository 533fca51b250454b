import { secretBox } from '../../common/crypto.js';
import type { ApplicationKind } from '../../common/principal.js';
import type { Connection, ConnectionStatus } from './connection.entity.js';
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
