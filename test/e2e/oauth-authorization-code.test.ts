import * as oauth from 'oauth4webapi';
import { Browser, formAction, hiddenField, type Page } from '../support/browser.js';
import { HttpClient } from '../support/http.js';
import {
  HUB_START_TIMEOUT_MS,
  startTestHub,
  type TestApplication,
  type TestHub,
  type TestLocation,
  type TestUser,
} from '../support/test-hub.js';

// The authorization code flow end to end, through the hub's own login and consent pages, with oauth4webapi
// as the partner application's OAuth client.

const CALLBACK = 'http://127.0.0.1:9/callback';
const OTHER_CALLBACK = 'http://127.0.0.1:9/other-callback';
const insecure = { [oauth.allowInsecureRequests]: true } as const;

let t: TestHub;
let as: oauth.AuthorizationServer;
let app: TestApplication;
let merchant: TestUser;
let connected: TestLocation; // in the merchant's account, connected to the app
let unconnected: TestLocation; // in the merchant's account, not connected
let foreign: TestLocation; // in another account, connected
let connectionId: string;

const client = () => ({ client_id: app.clientId }) as oauth.Client;
const clientAuth = () => oauth.ClientSecretBasic(app.clientSecret);

beforeAll(async () => {
  t = await startTestHub();
  const issuer = new URL(`${t.hub.config.publicBaseUrl}/oauth2`);
  as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...insecure }),
  );
  app = await t.createApplication('MARKETPLACE', { redirectUris: [CALLBACK, OTHER_CALLBACK] });
  connected = await t.createLocation(undefined, 'Connected place');
  const accountId = connected.accountId;
  const second = (await t.admin.post(`/v1/accounts/${accountId}/locations`, { name: 'Unconnected place' })).body.data
    .id;
  unconnected = { accountId, locationId: second, path: `/v1/accounts/${accountId}/locations/${second}` };
  foreign = await t.createLocation(undefined, 'Foreign place');
  connectionId = await t.connect(app, connected);
  await t.connect(app, foreign);
  merchant = await t.createUser('merchant', [accountId]);
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

interface Flow {
  browser: Browser;
  state: string;
  verifier: string;
}

function authorizeUrl(flow: Flow, extra: Record<string, string> = {}): string {
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: CALLBACK,
    state: flow.state,
    ...extra,
  }).toString();
  return url.toString();
}

async function newFlow(): Promise<Flow> {
  return {
    browser: new Browser(t.url),
    state: oauth.generateRandomState(),
    verifier: oauth.generateRandomCodeVerifier(),
  };
}

/** authorize → login page → sign in → consent page. */
async function toConsent(flow: Flow, extra: Record<string, string> = {}, user = merchant): Promise<Page> {
  const challenge = await oauth.calculatePKCECodeChallenge(flow.verifier);
  const login = await flow.browser.follow(
    await flow.browser.get(authorizeUrl(flow, { code_challenge: challenge, code_challenge_method: 'S256', ...extra })),
  );
  expect(login.status).toBe(200);
  expect(login.html).toContain('Sign in to Order Hub');
  expect(login.html).toContain(app.data.name);
  const signedIn = await flow.browser.post(formAction(login.html, '/login'), {
    csrf: hiddenField(login.html, 'csrf'),
    email: merchant.email === user.email ? user.email : user.email,
    password: user.password,
  });
  expect(signedIn.status).toBe(303);
  const consent = await flow.browser.follow(signedIn);
  expect(consent.status).toBe(200);
  expect(consent.html).toContain(`Authorize ${app.data.name}`);
  return consent;
}

/** consent page → allow at a location → the redirect back to the application. */
async function allow(flow: Flow, consent: Page, locationId: string): Promise<URL> {
  const back = await flow.browser.follow(
    await flow.browser.post(formAction(consent.html, '/confirm'), {
      csrf: hiddenField(consent.html, 'csrf'),
      location_id: locationId,
    }),
  );
  expect(back.status).toBe(303);
  return new URL(back.location!);
}

async function exchange(flow: Flow, callback: URL, redirectUri = CALLBACK) {
  const params = oauth.validateAuthResponse(as, client(), callback, flow.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client(),
    clientAuth(),
    params,
    redirectUri,
    flow.verifier,
    insecure,
  );
  return oauth.processAuthorizationCodeResponse(as, client(), response);
}

describe('the authorization code flow', () => {
  it('takes the applicationId of the redirect as client_id everywhere, as existing POS Hub clients send it', async () => {
    // Such a client keeps applicationId from the redirect and sends it as its client_id (docs/contract.md "Shapes
    // existing clients send").
    const byId = { client_id: app.id } as oauth.Client;
    const flow = await newFlow();
    const consent = await toConsent(flow, { client_id: app.id, location_id: connected.locationId });
    const callback = await allow(flow, consent, connected.locationId);
    expect(callback.searchParams.get('applicationId')).toBe(app.id);
    const params = oauth.validateAuthResponse(as, byId, callback, flow.state);
    const codeResponse = await oauth.authorizationCodeGrantRequest(
      as,
      byId,
      clientAuth(),
      params,
      CALLBACK,
      flow.verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, byId, codeResponse);
    expect((await new HttpClient(t.url, tokens.access_token).get(connected.path)).status).toBe(200);

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      byId,
      await oauth.refreshTokenGrantRequest(
        as,
        byId,
        oauth.ClientSecretPost(app.clientSecret),
        tokens.refresh_token!,
        insecure,
      ),
    );
    const introspected = await oauth.processIntrospectionResponse(
      as,
      byId,
      await oauth.introspectionRequest(as, byId, clientAuth(), refreshed.access_token, insecure),
    );
    expect(introspected).toMatchObject({ active: true, client_id: app.clientId });
    // The token it holds is the same application's, whichever id it was asked with.
    const cc = await t.token({ grant_type: 'client_credentials', client_id: app.id, client_secret: app.clientSecret });
    expect(cc.status).toBe(200);
    expect((await new HttpClient(t.url, cc.body.access_token).get(connected.path)).status).toBe(200);
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, byId, clientAuth(), refreshed.refresh_token!, insecure),
    );
    expect((await new HttpClient(t.url, refreshed.access_token).get(connected.path)).status).toBe(401);
    // An id that is no application's is an unknown client, as before.
    const unknown = await t.token({
      grant_type: 'client_credentials',
      client_id: '00000000-0000-7000-8000-000000000000',
      client_secret: app.clientSecret,
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe('invalid_client');
  });

  it('signs the user in, asks consent for a connected location and lands on the redirect URI with the location context', async () => {
    const flow = await newFlow();
    const consent = await toConsent(flow, { location_id: connected.locationId });
    // Only the merchant's locations that are connected to the application are offered, the asked one preselected.
    expect(consent.html).toContain('Connected place');
    expect(consent.html).not.toContain('Unconnected place');
    expect(consent.html).not.toContain('Foreign place');
    expect(consent.html).toContain(`value="${connected.locationId}" selected`);

    const callback = await allow(flow, consent, connected.locationId);
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    expect(Object.fromEntries(callback.searchParams)).toEqual({
      code: expect.any(String),
      state: flow.state,
      iss: as.issuer,
      account_id: connected.accountId,
      location_id: connected.locationId,
      connectionId,
      applicationId: app.id,
    });

    const tokens = await exchange(flow, callback);
    expect(tokens).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 3600,
    });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    // requested (none: all) ∩ the application's ∩ the merchant's
    expect(tokens.scope!.split(' ').sort()).toEqual(['locations.read', 'menu.read', 'orders.read', 'orders.write']);

    // The token reaches the user's locations connected to the application, and nothing else.
    const api = new HttpClient(t.url, tokens.access_token);
    expect((await api.get(connected.path)).status).toBe(200);
    expect((await api.get(unconnected.path)).status).toBe(404);
    expect((await api.get(foreign.path)).status).toBe(404);

    // Its refresh token rotates like any other.
    const refreshed = await t.token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(tokens.refresh_token);
  });

  it('grants the requested scopes, limited to the application and the user', async () => {
    const flow = await newFlow();
    const consent = await toConsent(flow, { scope: 'orders.read menu.read' });
    expect(consent.html).toContain('<code>orders.read</code>');
    expect(consent.html).not.toContain('<code>orders.write</code>');
    const tokens = await exchange(flow, await allow(flow, consent, connected.locationId));
    expect(tokens.scope).toBe('menu.read orders.read');
  });

  it('refuses a scope the application is not registered with, back at the redirect URI', async () => {
    const flow = await newFlow();
    const res = await flow.browser.get(authorizeUrl(flow, { scope: 'provisioning' }));
    expect(res.status).toBe(303);
    const callback = new URL(res.location!);
    expect(callback.searchParams.get('error')).toBe('invalid_scope');
    expect(callback.searchParams.get('state')).toBe(flow.state);
  });

  it('makes a code single-use: a replay is invalid_grant and revokes what the code issued', async () => {
    const flow = await newFlow();
    const callback = await allow(flow, await toConsent(flow), connected.locationId);
    const first = await exchange(flow, callback);
    const params = oauth.validateAuthResponse(as, client(), callback, flow.state);
    const replay = await t.token({
      grant_type: 'authorization_code',
      code: params.get('code')!,
      redirect_uri: CALLBACK,
      code_verifier: flow.verifier,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ error: 'invalid_grant', error_description: expect.any(String) });
    expect((await new HttpClient(t.url, first.access_token).get(connected.path)).status).toBe(401);
    const refresh = await t.token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token!,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('refuses a redirect_uri at the token endpoint other than the one authorized', async () => {
    const flow = await newFlow();
    const callback = await allow(flow, await toConsent(flow), connected.locationId);
    await expect(exchange(flow, callback, OTHER_CALLBACK)).rejects.toMatchObject({
      status: 400,
      error: 'invalid_grant',
    });
  });

  it('refuses an unregistered redirect_uri at the authorization endpoint without redirecting', async () => {
    const flow = await newFlow();
    for (const redirect of ['http://127.0.0.1:9/evil', `${CALLBACK}/more`, `${CALLBACK}?x=1`]) {
      const res = await fetch(authorizeUrl(flow, { redirect_uri: redirect }), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.json()).toEqual({ error: 'invalid_redirect_uri', error_description: expect.any(String) });
    }
    // A person sees a page, not JSON, and nothing from the request is echoed unescaped.
    const page = await flow.browser.get(authorizeUrl(flow, { redirect_uri: 'http://127.0.0.1:9/<script>' }));
    expect(page.status).toBe(400);
    expect(page.html).toContain('Authorization failed');
    expect(page.html).not.toContain('<script>');
  });

  it('sends the user back with access_denied when consent is denied', async () => {
    const flow = await newFlow();
    const consent = await toConsent(flow);
    const back = await flow.browser.follow(
      await flow.browser.post(formAction(consent.html, '/abort'), { csrf: hiddenField(consent.html, 'csrf') }),
    );
    const callback = new URL(back.location!);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(flow.state);
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('shows the login page again on a wrong password', async () => {
    const flow = await newFlow();
    const login = await flow.browser.follow(await flow.browser.get(authorizeUrl(flow)));
    const again = await flow.browser.post(formAction(login.html, '/login'), {
      csrf: hiddenField(login.html, 'csrf'),
      email: merchant.email,
      password: 'wrong-password',
    });
    expect(again.status).toBe(401);
    expect(again.html).toContain('Wrong e-mail, username or password.');
  });

  it('refuses a form without the CSRF token, or from a browser without the interaction cookie', async () => {
    const flow = await newFlow();
    const login = await flow.browser.follow(await flow.browser.get(authorizeUrl(flow)));
    const action = formAction(login.html, '/login');
    expect((await flow.browser.post(action, { email: merchant.email, password: merchant.password })).status).toBe(403);
    expect(
      (await flow.browser.post(action, { csrf: 'forged', email: merchant.email, password: merchant.password })).status,
    ).toBe(403);
    const stranger = new Browser(t.url);
    expect(
      (
        await stranger.post(action, {
          csrf: hiddenField(login.html, 'csrf'),
          email: merchant.email,
          password: merchant.password,
        })
      ).status,
    ).toBe(400);
    expect(login.html).not.toMatch(/<script/i);
  });

  it('refuses a location that is not offered', async () => {
    const flow = await newFlow();
    const consent = await toConsent(flow);
    const res = await flow.browser.post(formAction(consent.html, '/confirm'), {
      csrf: hiddenField(consent.html, 'csrf'),
      location_id: foreign.locationId,
    });
    expect(res.status).toBe(400);
    expect(res.html).toContain('Choose one of the locations');
  });

  it('refuses consent when the user may give none of the scopes the application holds', async () => {
    // Only an admin's role holds provisioning: a merchant can give this application nothing.
    const provisioner = await t.createApplication('MARKETPLACE', {
      redirectUris: [CALLBACK],
      scopes: ['provisioning'],
    });
    await t.connect(provisioner, connected);
    const flow = await newFlow();
    const challenge = await oauth.calculatePKCECodeChallenge(flow.verifier);
    const login = await flow.browser.follow(
      await flow.browser.get(
        authorizeUrl(flow, {
          client_id: provisioner.clientId,
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
      ),
    );
    const consent = await flow.browser.follow(
      await flow.browser.post(formAction(login.html, '/login'), {
        csrf: hiddenField(login.html, 'csrf'),
        email: merchant.email,
        password: merchant.password,
      }),
    );
    expect(consent.status).toBe(200);
    expect(consent.html).not.toContain('<code>provisioning</code>');
    const res = await flow.browser.post(formAction(consent.html, '/confirm'), {
      csrf: hiddenField(consent.html, 'csrf'),
      location_id: connected.locationId,
    });
    expect(res.status).toBe(400);
    expect(res.html).toContain('You cannot give this application any of the permissions it asks for.');
  });

  it('offers nothing to allow when the application is connected to none of the user locations', async () => {
    const other = await t.createLocation();
    const stranger = await t.createUser('merchant', [other.accountId]);
    const flow = await newFlow();
    const consent = await toConsent(flow, {}, stranger);
    expect(consent.html).toContain('is not connected to any location you can reach');
    expect(consent.html).not.toContain('/confirm');
  });
});
