import type { ApplicationKind } from '../../common/principal.js';
import type { Shape } from '../../shapes/shape.js';
import type { Connection } from './connection.entity.js';
import { maskCredentials } from '../../common/mask.js';

/** JSON the client gave as the connection's credentials: opaque to the hub. */
export type Credentials = Record<string, unknown>;

export type ConnectionView = Shape<'Connection'>;

/** The connection's application and location must be loaded; `credentials` are the opened ones. */
export function toConnectionView(connection: Connection, credentials: Credentials | null): ConnectionView {
  return {
    id: connection.id,
    applicationId: connection.application.id,
    applicationName: connection.application.name,
    kind: connection.application.kind as ApplicationKind,
    accountId: connection.accountId,
    locationId: connection.location.id,
    status: connection.status,
    credentials: credentials === null ? null : (maskCredentials(credentials) as Credentials),
    createdAt: connection.createdAt.toISOString(),
    updatedAt: connection.updatedAt.toISOString(),
  };
}
