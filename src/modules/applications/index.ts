// The applications module's public face: what other modules and the wiring (src/services.ts, src/graphql, src/rest)
// may use. Everything else in this folder is the module's own; .dependency-cruiser.cjs enforces it.

export { loadApplication } from './application-access.js';
export { applicationName } from './application-name.js';
export {
  newClientId,
  newClientSecret,
  newWebhookSecret,
  webhookSecretFor,
  webhookSecretOf,
} from './application-secrets.js';
export { Application, APPLICATION_KINDS } from './application.entity.js';
export { APPLICATION_OPERATIONS } from './application.operations.js';
export { canonicalKind, defaultScopes, urlProblem } from './application.rules.js';
export { ApplicationService } from './application.service.js';
export { PartnerAddressCheck } from './partner-addresses.js';
