// The web UI's way of calling /graphql, for tests that look at the session from outside a browser: the
// UI's header, the hub's own Origin, and the session cookie.

export interface UiCall {
  status: number;
  body: any;
  setCookies: string[];
}

export async function uiGraphql(
  baseUrl: string,
  query: string,
  options: {
    cookie?: string;
    variables?: Record<string, unknown>;
    origin?: string | null;
    uiHeader?: boolean;
    forwardedFor?: string;
  } = {},
): Promise<UiCall> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
  if (options.uiHeader !== false) headers['x-order-hub-ui'] = '1';
  const origin = options.origin === undefined ? new URL(baseUrl).origin : options.origin;
  if (origin !== null) headers.origin = origin;
  if (options.cookie) headers.cookie = options.cookie;
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables: options.variables }),
  });
  return { status: res.status, body: await res.json(), setCookies: res.headers.getSetCookie() };
}

/** Signs in as the UI does; returns the `name=value` cookie pair and the Set-Cookie header. */
export async function uiSignIn(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ cookie: string; setCookie: string; body: any }> {
  const res = await uiGraphql(
    baseUrl,
    'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { id email role } }',
    { variables: { e: email, p: password } },
  );
  const setCookie = res.setCookies.find((c) => c.startsWith('order_hub_session='));
  if (!setCookie) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { cookie: setCookie.split(';')[0], setCookie, body: res.body };
}
