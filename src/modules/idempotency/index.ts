// The idempotency module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { IdempotencyKey } from './idempotency-key.entity.js';
export { ABANDONED_AFTER_MS, IdempotencyService, REPLAY_WINDOW_MS } from './idempotency.service.js';
export { requestHash } from './request-hash.js';
