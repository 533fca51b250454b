import type { MikroORM } from '@mikro-orm/postgresql';
import { createECDH } from 'node:crypto';
import Provider, { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Logger } from 'pino';
import { matchesSha256, type SecretBox } from '../common/crypto.js';
import { ALL_SCOPES } from '../common/principal.js';
import type { HubConfig } from '../config/config.js';
import { User } from '../modules/users/index.js';
import { adapterFactory } from './adapter.js';
import { APPLICATION_SUBJECT } from './client-metadata.js';
import { clientCredentialsGrant } from './grants/client-credentials.js';
import { passwordGrant } from './grants/password.js';
import type { HubMetrics } from '../observability/metrics.js';
import type { LoginAttempts } from './login-attempts.js';
import { clientAuthThrottle } from './client-auth-throttle.js';
import { answerNotNow, noteServerError, type NotNowAnswer } from './not-now.js';
import type { DatabaseWatch } from '../db/outage.js';
import type { LimiterStore } from '../http/limiter-store.js';
import { LOCATION_CONTEXT_KEY, type LocationContext } from './interactions/location-context.js';
import { escapeHtml } from './interactions/views.js';

// oidc-provider, configured as docs/contract.md "Principals, scopes and tokens" and docs/architecture.md "OAuth 2.0"
// say: issuer {base_url}/oauth2; client_credentials replaced and password added (both issue a Grant, an access token
// and a rotating refresh token); opaque tokens stored in PostgreSQL; our own login and consent pages.

export const OAUTH_MOUNT = '/oauth2';

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

/**
 * A P-256 signing key derived from the hub's key, so every hub process publishes the same JWKS. The hub issues
 * no ID tokens (openid is not a scope any client may hold); the provider still wants a signing key.
 */
function signingKey(box: SecretBox) {
  const d = box.derive('oidc-signing-key');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(d);
  const publicKey = ecdh.getPublicKey();
  return {
    kty: 'EC',
    crv: 'P-256',
    d: d.toString('base64url'),
    x: publicKey.subarray(1, 33).toString('base64url'),
    y: publicKey.subarray(33, 65).toString('base64url'),
    use: 'sig',
    alg: 'ES256',
    kid: 'hub-1',
  };
}

/** API paths answer errors in JSON only; the authorization endpoint shows a person a small HTML page. */
async function renderError(ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }): Promise<void> {
  const body = { error: out.error, error_description: out.error_description ?? out.error };
  const route = ctx.oidc?.route;
  if ((route === 'authorization' || route === 'resume') && ctx.accepts('json', 'html') === 'html') {
    ctx.type = 'html';
    ctx.body = `<!doctype html><html><head><meta charset="utf-8"><title>Order Hub: authorization failed</title></head><body><h1>Authorization failed</h1><p><strong>${escapeHtml(body.error)}</strong>: ${escapeHtml(body.error_description)}</p></body></html>`;
    return;
  }
  ctx.type = 'json';
  ctx.body = body;
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
  const ttl = config.ttl;
  const policy = interactionPolicy.base();
  // Consent is asked on every authorization: it is where the user picks the location the application is opened
  // at, and that choice travels back to the application with the code.
  policy
    .get('consent')!
    .checks.add(
      new interactionPolicy.Check(
        'location_context',
        'the location to open the application at is chosen on every authorization',
        (ctx) =>
          ctx.oidc.result?.consent ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
      0,
    );

  const configuration: Configuration = {
    adapter: adapterFactory(orm, { httpsRedirectsOnly: config.isProduction }),
    clients: [],
    scopes: [...ALL_SCOPES],
    claims: { openid: ['sub'] },
    // Only what the hub issues: codes (no implicit flow, no ID tokens), so discovery advertises nothing else.
    responseTypes: ['code'],
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
    },
    extraClientMetadata: { properties: ['applicationId', 'firstParty', 'kind'] },
    // The UI's "Connect/Open" at a location passes the location; the consent page preselects it.
    extraParams: ['location_id'],
    jwks: { keys: [signingKey(box)] } as Configuration['jwks'],
    routes: {
      authorization: '/authorize',
      token: '/token',
      revocation: '/revoke',
      introspection: '/introspect',
      jwks: '/jwks',
    },
    features: {
      devInteractions: { enabled: false },
      introspection: {
        enabled: true,
        // A client introspects its own tokens; the hub's first-party clients may introspect any.
        allowedPolicy: async (_ctx, client, token) =>
          token.clientId === client.clientId || (client as unknown as { firstParty?: boolean }).firstParty === true,
      },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => {
          if (token.clientId !== client.clientId)
            throw new errors.InvalidRequest('client is not authorized to revoke the presented token');
          return true;
        },
      },
      clientCredentials: { enabled: false }, // replaced by grants/client-credentials.ts, registered below
      resourceIndicators: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: false },
    },
    interactions: {
      policy,
      url: async (_ctx, interaction) => `${OAUTH_MOUNT}/interaction/${interaction.uid}`,
    },
    cookies: {
      keys: [box.derive('oidc-cookies').toString('base64url')],
      long: { httpOnly: true, sameSite: 'lax', secure: config.isProduction, signed: true },
      short: { httpOnly: true, sameSite: 'lax', secure: config.isProduction, signed: true },
      names: { session: 'hub_session', interaction: 'hub_interaction', resume: 'hub_interaction_resume' },
    },
    ttl: {
      AccessToken: () => ttl.accessToken,
      AuthorizationCode: () => ttl.authCode,
      // Rotation issues a new refresh token on every use; it inherits what is left of the first one's lifetime,
      // so a family expires REFRESH_TOKEN_TTL after it was created however often it rotates.
      RefreshToken: (ctx) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken;
        return rotated ? Math.max(1, rotated.remainingTTL) : ttl.refreshToken;
      },
      Grant: () => ttl.refreshToken,
      ClientCredentials: () => ttl.accessToken,
      IdToken: () => ttl.accessToken,
      Interaction: () => 15 * 60,
      Session: () => 60 * 60,
      DeviceCode: () => 10 * 60,
      BackchannelAuthenticationRequest: () => 10 * 60,
    },
    rotateRefreshToken: true,
    issueRefreshToken: async () => true,
    expiresWithSession: async () => false,
    allowOmittingSingleRegisteredRedirectUri: false,
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    clientBasedCORS: () => false,
    renderError,
    async findAccount(_ctx, sub) {
      if (sub.startsWith(APPLICATION_SUBJECT)) return { accountId: sub, claims: async () => ({ sub }) };
      const user = await orm.em.fork().findOne(User, { id: sub });
      if (!user) return undefined;
      return { accountId: user.id, claims: async () => ({ sub: user.id, email: user.email }) };
    },
  };

  const provider = new Provider(`${config.publicBaseUrl}${OAUTH_MOUNT}`, configuration);
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
  // Error bodies are exactly {error, error_description}, as partners expect, whatever raised them.
  provider.use(async (ctx, next) => {
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
  });

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

/** The grant_type of a token request, or undefined when it named none. */
function grantTypeOf(ctx: { oidc?: { params?: Record<string, unknown> } }): string | undefined {
  const grantType = ctx.oidc?.params?.grant_type;
  return typeof grantType === 'string' ? grantType : undefined;
}
