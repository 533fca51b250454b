// The activity module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { ActivityEntry } from './activity-entry.entity.js';
export { deleteActivityBefore } from './activity-retention.js';
export { ACTIVITY_OPERATIONS } from './activity.operations.js';
export { ActivityService } from './activity.service.js';
export { type ActivityChange, changesBetween, recordActivity, SYSTEM } from './record-activity.js';
