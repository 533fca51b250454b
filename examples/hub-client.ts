import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './api.js';

// The typed Order Hub client the examples share: openapi-fetch over the types openapi-typescript generates
// from openapi/openapi.yaml (examples/api.d.ts; `npm run examples:types` regenerates it).

export type HubApi = Client<paths>;

export function hubApi(hubUrl: string, accessToken: string): HubApi {
  return createClient<paths>({ baseUrl: hubUrl, headers: { Authorization: `Bearer ${accessToken}` } });
}

/** The data of a call that succeeded; a refused call throws with the hub's problem+json. */
export async function must<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined)
    throw new Error(`${response.url}: ${response.status} ${JSON.stringify(error)}`);
  return data;
}

/** An access token from the hub's token endpoint (OAuth 2.0; not part of the REST document). */
export async function accessToken(hubUrl: string, params: Record<string, string>): Promise<string> {
  const response = await fetch(`${hubUrl}/oauth2/token`, { method: 'POST', body: new URLSearchParams(params) });
  const body = (await response.json()) as { access_token?: string; error?: string; error_description?: string };
  if (!response.ok || !body.access_token)
    throw new Error(`token: ${response.status} ${body.error}: ${body.error_description}`);
  return body.access_token;
}
