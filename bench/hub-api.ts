import { BENCH_ADMIN, BENCH_FIRST_PARTY } from './support.js';

// How a bench sets its scene: through the hub's own REST API and token endpoint, as a reseller's script would,
// so that what it measures starts from the same rows a real client leaves. Setting up is not measured: every
// call here throws with the hub's answer instead of counting failures.

/** A parsed JSON body; the benches read the fields they set up, unchecked. */
export type Json = Record<string, any>;

/** An access token from POST /oauth2/token for the grant `params` describe. */
async function hubToken(hubUrl: string, params: Record<string, string>): Promise<string> {
  const res = await fetch(`${hubUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`token: ${res.status} ${JSON.stringify(json)}`);
  return json.access_token as string;
}

/** A user's token (password grant) through the bench's first-party client. */
export function userToken(hubUrl: string, username: string, password: string): Promise<string> {
  return hubToken(hubUrl, {
    grant_type: 'password',
    username,
    password,
    client_id: BENCH_FIRST_PARTY.clientId,
    client_secret: BENCH_FIRST_PARTY.clientSecret,
  });
}

/** An application's own token (client_credentials), `app` as POST /v1/applications answered it. */
export function applicationToken(hubUrl: string, app: Json): Promise<string> {
  return hubToken(hubUrl, {
    grant_type: 'client_credentials',
    client_id: app.clientId,
    client_secret: app.clientSecret,
  });
}

export interface HubApi {
  /** The bearer token every call sends. */
  token: string;
  /**
   * One /v1 request; the answer's `data`, or an Error naming the request, status and body. A string body is sent
   * as it is, so a bench that times a large request does not time JSON.stringify too.
   */
  call(method: string, path: string, body?: unknown): Promise<Json>;
}

/** The /v1 API as the holder of `token`. */
export function hubApi(hubUrl: string, token: string): HubApi {
  return {
    token,
    async call(method, path, body) {
      const res = await fetch(`${hubUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined || typeof body === 'string' ? body : JSON.stringify(body),
      });
      const json = (await res.json()) as Json;
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 500)}`);
      return json.data;
    },
  };
}

/** The /v1 API as the bench's bootstrapped admin (scratchHub creates it). */
export async function adminApi(hubUrl: string): Promise<HubApi> {
  return hubApi(hubUrl, await userToken(hubUrl, BENCH_ADMIN.email, BENCH_ADMIN.password));
}
