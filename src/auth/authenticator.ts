import type { Principal, Reach } from '../common/principal.js';

/**
 * Turns a bearer token into the caller. The HTTP middleware (auth/bearer.ts) is the same for /v1 and
 * /graphql; what stands behind it is this interface, so the OAuth issue fills it without touching routes.
 * Returns null when the token is unknown or expired.
 */
export interface Authenticator {
  authenticate(token: string): Promise<{ principal: Principal; reach: Reach } | null>;
}
