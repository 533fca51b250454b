// The hub-rules module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { HUB_RULES } from './hub-rules.js';
export { HUB_RULES_OPERATIONS } from './hub-rules.operations.js';
