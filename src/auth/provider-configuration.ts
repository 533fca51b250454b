import type { MikroORM } from '@mikro-orm/postgresql';
import { createECDH } from 'node:crypto';
import { errors, interactionPolicy, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { SecretBox } from '../common/crypto.js';
import { ALL_SCOPES } from '../common/principal.js';
import type { HubConfig } from '../config/config.js';
import { User } from '../modules/users/index.js';
import { adapterFactory } from './adapter.js';
import { APPLICATION_SUBJECT } from './client-metadata.js';
import { escapeHtml } from './interactions/views.js';

// oidc-provider's configuration, as docs/contract.md "Principals, scopes and tokens" and docs/architecture.md
// "OAuth 2.0" say: opaque tokens stored in PostgreSQL, codes only, our own login and consent pages, and the
// endpoints and features the hub offers (everything else is off, so discovery advertises nothing else).

export const OAUTH_MOUNT = '/oauth2';

/** The configuration provider.ts builds the provider with; the grants and middleware are added there. */
export function providerConfiguration({ config, orm, box }: { config: HubConfig; orm: MikroORM; box: SecretBox }) {
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
    features: features(),
    interactions: {
      policy: consentOnEveryAuthorization(),
      url: async (_ctx, interaction) => `${OAUTH_MOUNT}/interaction/${interaction.uid}`,
    },
    cookies: {
      keys: [box.derive('oidc-cookies').toString('base64url')],
      long: { httpOnly: true, sameSite: 'lax', secure: config.isProduction, signed: true },
      short: { httpOnly: true, sameSite: 'lax', secure: config.isProduction, signed: true },
      names: { session: 'hub_session', interaction: 'hub_interaction', resume: 'hub_interaction_resume' },
    },
    ttl: lifetimes(config.ttl),
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
  return configuration;
}

/**
 * What the provider offers besides the code flow: introspection and revocation, each of a client's own tokens.
 * A new object per provider: oidc-provider completes the configuration it is given with its defaults.
 */
function features(): Configuration['features'] {
  return {
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
    clientCredentials: { enabled: false }, // replaced by grants/client-credentials.ts, registered in provider.ts
    resourceIndicators: { enabled: false },
    dPoP: { enabled: false },
    pushedAuthorizationRequests: { enabled: false },
    rpInitiatedLogout: { enabled: false },
    userinfo: { enabled: false },
  };
}

/**
 * Consent is asked on every authorization: it is where the user picks the location the application is opened
 * at, and that choice travels back to the application with the code.
 */
function consentOnEveryAuthorization() {
  const policy = interactionPolicy.base();
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
  return policy;
}

/** Lifetimes in seconds: the tokens' from the configuration, the provider's own steps fixed. */
function lifetimes(ttl: HubConfig['ttl']): Configuration['ttl'] {
  return {
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
  };
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
export async function renderError(
  ctx: KoaContextWithOIDC,
  out: { error: string; error_description?: string },
): Promise<void> {
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
