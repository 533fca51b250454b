import type { MikroORM } from '@mikro-orm/postgresql';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import type { Logger } from 'pino';
import { matchesSha256, type SecretBox } from '../common/crypto.js';
import type { HubConfig } from '../config/config.js';
import { clientCredentialsGrant } from './grants/client-credentials.js';
import { passwordGrant } from './grants/password.js';
import type { HubMetrics } from '../observability/metrics.js';
import type { LoginAttempts } from './login-attempts.js';
import { clientAuthThrottle } from './client-auth-throttle.js';
import { answerNotNow, noteServerError, type NotNowAnswer } from './not-now.js';
import type { DatabaseWatch } from '../db/outage.js';
import type { LimiterStore } from '../http/limiter-store.js';
import { LOCATION_CONTEXT_KEY, type LocationContext } from './interactions/location-context.js';
import { OAUTH_MOUNT, providerConfiguration, renderError } from './provider-configuration.js';

// oidc-provider, configured as docs/contract.md "Principals, scopes and tokens" and docs/architecture.md "OAuth 2.0"
// say: issuer {base_url}/oauth2; its configuration (opaque tokens stored in PostgreSQL, our own login and consent
// pages) in provider-configuration.ts; here client_credentials replaced and password added (both issue a Grant, an
// access token and a rotating refresh token), secrets compared as hashes, and the middleware around every answer.

export { OAUTH_MOUNT };

/**
 * The location context added to the redirect after consent (docs/contract.md "Principals, scopes and tokens": existing
 * clients read these).
 */
function addLocationContext(ctx: KoaContextWithOIDC, out?: Record<string, unknown>): void {
  const context = (ctx.oidc.result as Record<string, unknown> | undefined)?.[LOCATION_CONTEXT_KEY] as
    LocationContext | undefined;
  if (!context || out?.code === undefined) return;
  out.account_id = context.accountId;
  out.location_id = context.locationId;
  out.connectionId = context.connectionId;
  out.applicationId = context.applicationId;
}

export interface ProviderDeps {
  config: HubConfig;
  orm: MikroORM;
  box: SecretBox;
  log: Logger;
  /** Failed logins, shared with the login page. */
  logins: LoginAttempts;
  /** Where failed client authentications are counted (client-auth-throttle.ts). */
  limiters: LimiterStore;
  /** Counts token grants (GET /metrics). */
  metrics?: HubMetrics;
  /** Database outages: 503 database_unavailable, one warning each (src/db/outage.ts). */
  database?: DatabaseWatch;
}

export function createProvider({ config, orm, box, log, logins, limiters, metrics, database }: ProviderDeps): Provider {
  const provider = new Provider(`${config.publicBaseUrl}${OAUTH_MOUNT}`, providerConfiguration({ config, orm, box }));
  // The forwarded headers the provider sees are the hub's own (src/http/forwarded.ts): the public origin of
  // PUBLIC_BASE_URL and the client address express computed with TRUST_PROXY, so secure cookies work behind
  // a TLS-terminating proxy and no request can steer the URLs it prints.
  provider.proxy = true;

  // A client's client_secret is its stored SHA-256 (client-metadata.ts): compare hashes in constant time. Overriding
  // Client.prototype.compareClientSecret is oidc-provider's own extension point for secrets hashed at rest (added
  // for it upstream, typed in @types/oidc-provider); it rules out client_secret_jwt and symmetric encryption,
  // which need the secret in clear and which the hub does not offer.
  provider.Client.prototype.compareClientSecret = function compareClientSecret(actual: string) {
    return (
      typeof this.clientSecret === 'string' && typeof actual === 'string' && matchesSha256(actual, this.clientSecret)
    );
  };

  provider.registerGrantType('client_credentials', clientCredentialsGrant(provider), ['scope']);
  provider.registerGrantType('password', passwordGrant(provider, orm, logins), ['username', 'password', 'scope']);

  // A database that cannot serve now (an outage, no pooled connection free) is a 503, not a server_error.
  const notNow: NotNowAnswer = {
    overloadRetryAfterSeconds: config.admission.retryAfterSeconds,
    database,
    render: renderError,
    onAnswered: (ctx, code) => ctx.oidc?.route === 'token' && metrics?.tokenGrant(grantTypeOf(ctx), code),
  };
  // Outermost, so that it sees what every other middleware and route answered or threw.
  provider.use(answerNotNow(notNow, database));
  provider.use(clientAuthThrottle(config.clientAuth, limiters));
  provider.use(exactErrorBodies);

  provider.on('authorization.success', addLocationContext);
  provider.on('server_error', (ctx, err) => {
    if (!noteServerError(ctx, err, notNow)) log.error({ err }, 'oauth server error');
  });
  provider.on('grant.success', (ctx) => metrics?.tokenGrant(grantTypeOf(ctx), 'ok'));
  provider.on('grant.error', (ctx, err) =>
    metrics?.tokenGrant(grantTypeOf(ctx), (err as { error?: string }).error ?? 'server_error'),
  );
  return provider;
}

/** Error bodies are exactly {error, error_description}, as partners expect, whatever raised them. */
async function exactErrorBodies(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
  await next();
  const body = ctx.body as { error?: unknown; error_description?: unknown } | undefined;
  if (
    ctx.status >= 400 &&
    body &&
    typeof body === 'object' &&
    !Buffer.isBuffer(body) &&
    typeof body.error === 'string'
  ) {
    ctx.body = {
      error: body.error,
      error_description: typeof body.error_description === 'string' ? body.error_description : body.error,
    };
  }
}

/** The grant_type of a token request, or undefined when it named none. */
function grantTypeOf(ctx: { oidc?: { params?: Record<string, unknown> } }): string | undefined {
  const grantType = ctx.oidc?.params?.grant_type;
  return typeof grantType === 'string' ? grantType : undefined;
}
