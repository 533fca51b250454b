import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';

// The conventions of docs/contract.md "Conventions" that hold for every /v1 endpoint, checked on the simplest ones.

let t: TestHub;
beforeAll(async () => {
  t = await startTestHub();
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

function expectProblem(res: { status: number; headers: Headers; body: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({
    status,
    code,
    title: expect.any(String),
    type: expect.any(String),
    detail: expect.any(String),
  });
}

describe('authentication', () => {
  it('is 401 with WWW-Authenticate without a token, and no error code (RFC 6750 section 3.1)', async () => {
    const res = await t.anonymous.get('/v1/accounts');
    expectProblem(res, 401, 'unauthorized');
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('is 401 with an unknown token', async () => {
    const res = await t.anonymous.get('/v1/accounts', { token: 'not-a-token' });
    expectProblem(res, 401, 'unauthorized');
  });

  it('answers GraphQL without a token with a GraphQL error and 401', async () => {
    const res = await t.anonymous.graphql('{ accounts { data { id } } }');
    expect(res.status).toBe(401);
    expect(res.body.errors?.[0].extensions?.code).toBe('unauthorized');
  });
});

describe('bodies', () => {
  it('refuses a body that is not JSON with 415', async () => {
    const res = await t.admin.post('/v1/accounts', undefined, {
      raw: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectProblem(res, 415, 'unsupported_media_type');
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await t.admin.post('/v1/accounts', undefined, {
      raw: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem(res, 400, 'validation_failed');
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await t.admin.post('/v1/accounts', { name: 'x'.repeat(1024 * 1024 + 10) });
    expectProblem(res, 413, 'payload_too_large');
  });

  it('refuses an unknown body property, naming it', async () => {
    const res = await t.admin.post('/v1/accounts', { name: 'Typo Ltd', nmae: 'Typo Ltd' });
    expectProblem(res, 400, 'validation_failed');
    expect(res.body.errors).toEqual([{ path: '/nmae', message: expect.stringContaining('additional properties') }]);
  });

  it('refuses a missing required property, naming it', async () => {
    const res = await t.admin.post('/v1/accounts', {});
    expectProblem(res, 400, 'validation_failed');
    expect(res.body.errors[0].message).toContain('name');
  });

  it('refuses an unknown query parameter', async () => {
    const res = await t.admin.get('/v1/accounts?colour=blue');
    expectProblem(res, 400, 'validation_failed');
  });
});

describe('routing and errors', () => {
  it('is 404 problem+json for an unknown /v1 path and an unknown id', async () => {
    expectProblem(await t.admin.get('/v1/nothing-here'), 404, 'not_found');
    expectProblem(await t.admin.get('/v1/accounts/01a20000-0000-7000-8000-000000000000'), 404, 'not_found');
  });

  it('is 400 for an id that is not a UUID', async () => {
    expectProblem(await t.admin.get('/v1/accounts/42'), 400, 'validation_failed');
  });

  it('gives every response a request id, echoing a sane incoming one', async () => {
    const res = await t.admin.get('/v1/accounts', { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-abc-123');
    const generated = await t.admin.get('/v1/accounts', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health and docs', () => {
  it('reports health and readiness', async () => {
    expect((await t.anonymous.get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await t.anonymous.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toMatchObject({ database: true, migrations: true });
  });

  it("serves Swagger UI for this hub's own document, not the stock Petstore page", async () => {
    const page = await t.anonymous.get('/docs/index.html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Order Hub API</title>');
    const init = await t.anonymous.get('/docs/swagger-ui-init.js');
    expect(init.text).toContain('Order Hub API');
    expect(init.text).toContain('/v1/accounts/{accountId}/locations');
    expect(init.text).not.toContain('petstore');
    const doc = await t.anonymous.get('/docs/openapi.json');
    expect(doc.body.info.title).toBe('Order Hub API');
    expect(doc.body.servers[0].url).toBe(t.url);
    // The calls the hub makes to partners are in the document Swagger UI shows (OpenAPI 3.1 webhooks).
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.webhooks)).toEqual(expect.arrayContaining(['ORDER_CREATED', 'CATALOG_PULL']));
  });

  it('serves the docs with the headers of the web UI: never framed, never sniffed, nothing from elsewhere', async () => {
    for (const path of ['/docs/index.html', '/docs/swagger-ui-init.js', '/docs/swagger-ui.css', '/ui/']) {
      const res = await t.anonymous.get(path);
      expect(res.status).toBe(200);
      const policy = (res.headers.get('content-security-policy') ?? '').split(/;\s*/);
      expect({ path, policy }).toEqual({
        path,
        policy: expect.arrayContaining([
          "default-src 'self'",
          "script-src 'self'",
          "frame-ancestors 'none'",
          "object-src 'none'",
          "base-uri 'self'",
        ]),
      });
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
