import { UnavailableError } from '../../common/errors.js';
import { onBehalfOf } from '../../http/internal-caller.js';
import type { UiClientCredentials } from './ui-client.js';

// The UI's session talks to the hub's own OAuth endpoints over HTTP, exactly as a first-party script would:
// the password grant, the refresh_token grant and RFC 7009 revocation all keep their one implementation
// (and their rules: login throttling, refresh rotation, reuse detection) in oidc-provider.

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

/** The token endpoint refused: `error` is the OAuth error code (invalid_grant, rate_limited...). */
export class TokenEndpointError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(`${error}: ${description}`);
    this.name = 'TokenEndpointError';
  }
}

/**
 * A refusal that says "not now" rather than "no": a 503 (the database is unreachable, or the hub is
 * overloaded and refused the request at admission, in problem+json) decides nothing about the session, and
 * the caller gets the same 503 with its Retry-After.
 */
export function notNow(error: unknown): UnavailableError | undefined {
  if (!(error instanceof TokenEndpointError) || error.status !== 503) return undefined;
  const code = error.error === 'database_unavailable' ? 'database_unavailable' : 'overloaded';
  return new UnavailableError(code, error.description, error.retryAfterSeconds ?? 1);
}

export class UiTokenClient {
  private readonly authorization: string;

  /** `oauthUrl`: the hub's own /oauth2, reached on its local address. */
  constructor(
    private readonly oauthUrl: string,
    client: UiClientCredentials,
  ) {
    // RFC 6749 section 2.3.1: both parts form-encoded before Basic.
    const basic = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`;
    this.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
  }

  /** `clientAddress`: the browser's, so that the login throttle counts its failures, not the hub's own address. */
  password(email: string, password: string, clientAddress?: string): Promise<TokenSet> {
    return this.token({ grant_type: 'password', username: email, password }, clientAddress);
  }

  refresh(refreshToken: string): Promise<TokenSet> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** RFC 7009: revoking a refresh token also ends its grant's access tokens; revoking an unknown token is a 200. */
  async revoke(token: string, hint: 'access_token' | 'refresh_token'): Promise<void> {
    const res = await this.post('/revoke', { token, token_type_hint: hint });
    if (!res.ok) throw await refusal(res);
  }

  private async token(params: Record<string, string>, clientAddress?: string): Promise<TokenSet> {
    const res = await this.post('/token', params, clientAddress);
    if (!res.ok) throw await refusal(res);
    const body = (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
    return { accessToken: body.access_token, refreshToken: body.refresh_token, expiresIn: body.expires_in };
  }

  private post(path: string, params: Record<string, string>, clientAddress?: string): Promise<Response> {
    return fetch(`${this.oauthUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: this.authorization,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        ...onBehalfOf(clientAddress),
      },
      body: new URLSearchParams(params).toString(),
    });
  }
}

async function refusal(res: Response): Promise<TokenEndpointError> {
  // The provider answers {error, error_description}; what admission control refuses before it is problem+json.
  const body = (await res.json().catch(() => ({}))) as {
    error?: string;
    error_description?: string;
    code?: string;
    detail?: string;
  };
  const retryAfter = Number(res.headers.get('retry-after'));
  return new TokenEndpointError(
    res.status,
    body.error ?? body.code ?? 'server_error',
    body.error_description ?? body.detail ?? res.statusText,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}
