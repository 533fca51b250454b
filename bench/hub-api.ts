import { HttpClient } from '../test/support/http.js';
import { BENCH_ADMIN, BENCH_FIRST_PARTY } from './support.js';

// How a bench sets its scene: through the hub's own REST API and token endpoint, as a reseller's script would,
// so that what it measures starts from the same rows a real client leaves. Setting up is not measured: every
// call here throws with the hub's answer instead of counting failures.

/** A parsed JSON body; the benches read the fields they set up, unchecked. */
export type Json = Record<string, any>;

/** An access token from POST /oauth2/token for the grant `params` describe. */
async function hubToken(hubUrl: string, params: Record<string, string>): Promise<string> {
  const res = await new HttpClient(hubUrl).post<Json>('/oauth2/token', undefined, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    raw: new URLSearchParams(params).toString(),
  });
  if (res.status !== 200) throw new Error(`token: ${res.status} ${res.text}`);
  return res.body.access_token as string;
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
  const client = new HttpClient(hubUrl, token);
  return {
    token,
    async call(method, path, body) {
      const res =
        typeof body === 'string'
          ? await client.request<Json>(method, path, undefined, { raw: body, headers: JSON_BODY })
          : await client.request<Json>(method, path, body);
      if (res.status < 200 || res.status >= 300)
        throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 500)}`);
      return res.body.data;
    },
  };
}

const JSON_BODY = { 'content-type': 'application/json' };

/** The /v1 API as the bench's bootstrapped admin (scratchHub creates it). */
export async function adminApi(hubUrl: string): Promise<HubApi> {
  return hubApi(hubUrl, await userToken(hubUrl, BENCH_ADMIN.email, BENCH_ADMIN.password));
}
