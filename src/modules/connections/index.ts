// The connections module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export {
  type ActiveConnection,
  activeConnections,
  activeConnectionsJson,
  activeConnectionsSubquery,
  activeConnectionsWithCredentials,
} from './active-connections.js';
export { openCredentials, withCredentials } from './connection-credentials.js';
export { findVisibleConnection, ownConnectionIds, visibleTo } from './connection-visibility.js';
export { Connection } from './connection.entity.js';
export { CONNECTION_OPERATIONS } from './connection.operations.js';
export { ConnectionService } from './connection.service.js';
export { sendToMarketplaces } from './to-marketplaces.js';
