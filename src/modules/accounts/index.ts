// The accounts module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { loadAccount } from './account-access.js';
export { Account } from './account.entity.js';
export { ACCOUNT_OPERATIONS } from './account.operations.js';
export { AccountService } from './account.service.js';
export { locationsInReach, type ReachedLocation } from './locations-in-reach.js';
