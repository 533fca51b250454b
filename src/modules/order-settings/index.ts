// The order settings module's public face: what other modules and the wiring (src/services.ts, src/graphql,
// src/rest) may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { ORDER_SETTINGS_OPERATIONS } from './order-settings.operations.js';
export { OrderSettingsService } from './order-settings.service.js';
