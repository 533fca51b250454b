// The users module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { insertUser, resetPassword } from './user-records.js';
export { ROLES, User } from './user.entity.js';
export { USER_OPERATIONS } from './user.operations.js';
export { UserService } from './user.service.js';
export { ViewerService } from './viewer.service.js';
