// The delivery log module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { DELIVERY_OPERATIONS } from './delivery.operations.js';
export { DeliveryService } from './delivery.service.js';
export type { DeliveryDetailView, DeliveryView } from './delivery.view.js';
export { FAILING_WINDOW, type AlertPlaces, type DeliveryAlert } from './delivery-alerts.js';
