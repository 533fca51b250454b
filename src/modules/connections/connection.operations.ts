import { declareOperations, EVERYONE, PARTNERS } from '../../auth/operation.js';

/** A partner application sees and uses only its own connections. */
const OWN_CONNECTIONS = { connections: PARTNERS };

/**
 * Connections of a location (src/auth/operation.ts). A partner application sees, disconnects and pulls
 * through only its own: one POS never reads another's credentials.
 */
export const CONNECTION_OPERATIONS = declareOperations('connections', {
  /** The applications a location may connect, each saying whether it is connected; a partner sees itself and those connected there. */
  available: { callers: EVERYONE, scope: 'connections.read', reaches: 'location', ownRecordsOnly: OWN_CONNECTIONS },
  list: { callers: EVERYONE, scope: 'connections.read', reaches: 'location', ownRecordsOnly: OWN_CONNECTIONS },
  read: { callers: EVERYONE, scope: 'connections.read', reaches: 'location', ownRecordsOnly: OWN_CONNECTIONS },
  connect: { callers: EVERYONE, scope: 'connections.write', orScope: 'provisioning', reaches: 'location' },
  /** New credentials for a connection the caller may use (a partner only its own). */
  updateCredentials: {
    callers: EVERYONE,
    scope: 'connections.write',
    orScope: 'provisioning',
    reaches: 'location',
    ownRecordsOnly: OWN_CONNECTIONS,
  },
  disconnect: {
    callers: EVERYONE,
    scope: 'connections.write',
    orScope: 'provisioning',
    reaches: 'location',
    ownRecordsOnly: OWN_CONNECTIONS,
  },
  /** How many locations an application is connected to, among those the caller reaches (Application.connectionCount). */
  count: { callers: EVERYONE, scope: 'connections.read', reaches: 'reachable', ownRecordsOnly: OWN_CONNECTIONS },
});
