import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';
import { uiGraphql } from '../support/ui-session.js';

// docs/contract.md "Conventions": a token bucket per client; RateLimit-* on every response; 429 with Retry-After.
// A sustained rate of one request per 100 s keeps refill out of the test, however slow the machine.

let t: TestHub;
beforeAll(async () => {
  t = await startTestHub({ RATE_LIMIT_RPS: '0.01', RATE_LIMIT_BURST: '3' });
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

it('counts down, then refuses with 429 and Retry-After, across REST and GraphQL alike', async () => {
  const first = await t.admin.get('/v1/accounts');
  expect(first.headers.get('ratelimit-limit')).toBe('3');
  expect(first.headers.get('ratelimit-remaining')).toBe('2');
  expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
  const second = await t.admin.graphql('{ accounts { data { id } } }');
  expect(second.headers.get('ratelimit-remaining')).toBe('1');
  expect((await t.admin.get('/v1/accounts')).headers.get('ratelimit-remaining')).toBe('0');

  const refused = await t.admin.get('/v1/accounts');
  expect(refused.status).toBe(429);
  expect(refused.body.code).toBe('rate_limited');
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  const refusedGraphql = await t.admin.graphql('{ accounts { data { id } } }');
  expect(refusedGraphql.status).toBe(429);
  expect(refusedGraphql.body.errors?.[0].extensions?.code).toBe('rate_limited');
});

it("limits the web UI's requests before sign-in by source address, and reads at most 64 KiB of them", async () => {
  // Its own budget: the admin's, from the same address, was spent by the test above. A body larger than
  // anything the UI sends before sign-in is refused unparsed (and takes a point).
  const large = await uiGraphql(t.url, `{ viewer { id } } # ${'x'.repeat(70 * 1024)}`);
  expect({ status: large.status, code: large.body.errors?.[0]?.extensions?.code }).toEqual({
    status: 413,
    code: 'payload_too_large',
  });
  expect((await uiGraphql(t.url, '{ viewer { id } }')).body).toEqual({ data: { viewer: null } });
  expect((await uiGraphql(t.url, '{ viewer { id } }')).body).toEqual({ data: { viewer: null } });
  const refused = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-order-hub-ui': '1', origin: new URL(t.url).origin },
    body: JSON.stringify({ query: '{ viewer { id } }' }),
  });
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(((await refused.json()) as { errors: { extensions: { code: string } }[] }).errors[0].extensions.code).toBe(
    'rate_limited',
  );
});
