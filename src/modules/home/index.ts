// The home module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { HOME_OPERATIONS } from './home.operations.js';
export { HomeService } from './home.service.js';
export {
  GETTING_STARTED_STEPS,
  type GettingStartedStepName,
  GettingStartedService,
} from './getting-started.service.js';
