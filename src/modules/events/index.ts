// The events module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { EventFeedService } from './event-feed.service.js';
export { EVENT_OPERATIONS } from './event.operations.js';
export { TestEventService } from './test-event.service.js';
