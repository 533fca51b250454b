import { timingSafeEqual, createHash } from 'node:crypto';
import type { HubConfig } from '../config/config.js';
import { ALL_SCOPES, REACH_EVERYTHING } from '../common/principal.js';
import type { Authenticator } from './authenticator.js';

/**
 * Stop-gap until OAuth lands: DEV_ADMIN_KEY as a bearer token acts as an admin with every scope.
 * Configuration refuses the key when HUB_ENV=production (config.ts); without a key, every request is 401.
 */
export function devAdminKeyAuthenticator(config: HubConfig): Authenticator {
  const expected = config.devAdminKey ? createHash('sha256').update(config.devAdminKey).digest() : null;
  return {
    async authenticate(token) {
      if (!expected) return null;
      const given = createHash('sha256').update(token).digest();
      if (!timingSafeEqual(given, expected)) return null;
      return {
        principal: { type: 'user', userId: '00000000-0000-7000-8000-000000000000', role: 'admin', clientId: 'dev-admin-key', scopes: new Set(ALL_SCOPES) },
        reach: REACH_EVERYTHING,
      };
    },
  };
}
