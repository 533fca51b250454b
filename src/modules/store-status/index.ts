// The store status module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { BUSY_END, PAUSE_END } from './store-status-timers.js';
export { STORE_STATUS_OPERATIONS } from './store-status.operations.js';
export { StoreStatusService } from './store-status.service.js';
export { type StoreStatusView, toStoreStatusView } from './store-status.view.js';
