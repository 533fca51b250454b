import { query } from '../support/database.js';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';

// docs/contract.md "Conventions": Idempotency-Key on every POST, scoped to the caller, kept in PostgreSQL. The store's
// own rules (in flight, abandoned, the 24 h window) are test/integration/idempotency-store.test.ts.

let t: TestHub;
beforeAll(async () => {
  t = await startTestHub();
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

const countAccounts = async (name: string) =>
  Number((await query(t.db.url, 'select count(*) from accounts where name = $1', [name]))[0].count);

describe('over GraphQL, the same rules', () => {
  const create = (name: string, key: string) =>
    t.admin.graphql(
      'mutation($name: String!) { createAccount(input: { name: $name }) { id name } }',
      { name },
      { headers: { 'idempotency-key': key } },
    );

  it('replays the first answer for the same key and document, creating once', async () => {
    const first = await create('Idem GraphQL', 'graphql-create-1');
    const again = await create('Idem GraphQL', 'graphql-create-1');
    expect(first.body.errors).toBeUndefined();
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await countAccounts('Idem GraphQL')).toBe(1);
  });

  it('refuses the same key with other variables (idempotency_key_reused), and keys are shared with REST per caller', async () => {
    await create('Idem GraphQL One', 'graphql-create-2');
    const other = await create('Idem GraphQL Two', 'graphql-create-2');
    expect(other.status).toBe(422);
    expect(other.body.errors?.[0].extensions?.code).toBe('idempotency_key_reused');
    expect(await countAccounts('Idem GraphQL Two')).toBe(0);
    const rest = await t.admin.post(
      '/v1/accounts',
      { name: 'Idem GraphQL One' },
      { headers: { 'idempotency-key': 'graphql-create-2' } },
    );
    expect(rest.status).toBe(422);
  });

  it('replays a refusal by the service as it was', async () => {
    const first = await create('', 'graphql-create-3');
    const again = await create('', 'graphql-create-3');
    expect(first.body.errors?.[0].extensions?.code).toBe('validation_failed');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });
});

describe('over HTTP', () => {
  it('replays the first response for the same key and body, creating once', async () => {
    const headers = { 'idempotency-key': 'create-acme-1' };
    const first = await t.admin.post('/v1/accounts', { name: 'Idem Acme' }, { headers });
    const again = await t.admin.post('/v1/accounts', { name: 'Idem Acme' }, { headers });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await countAccounts('Idem Acme')).toBe(1);
  });

  it('refuses the same key with another body with 422', async () => {
    const headers = { 'idempotency-key': 'create-acme-2' };
    await t.admin.post('/v1/accounts', { name: 'Idem One' }, { headers });
    const other = await t.admin.post('/v1/accounts', { name: 'Idem Two' }, { headers });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');
    expect(await countAccounts('Idem Two')).toBe(0);
  });

  it('does not spend a key on a request refused by validation', async () => {
    const headers = { 'idempotency-key': 'fix-and-retry' };
    expect((await t.admin.post('/v1/accounts', { name: '' }, { headers })).status).toBe(400);
    const fixed = await t.admin.post('/v1/accounts', { name: 'Idem Fixed' }, { headers });
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('replays a refusal by the service as it was', async () => {
    const headers = { 'idempotency-key': 'missing-account' };
    const path = '/v1/accounts/01a20000-0000-7000-8000-000000000000/locations';
    const first = await t.admin.post(path, { name: 'Nowhere' }, { headers });
    const again = await t.admin.post(path, { name: 'Nowhere' }, { headers });
    expect([first.status, again.status]).toEqual([404, 404]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('content-type')).toMatch(/problem\+json/);
  });

  it('creates exactly once when ten identical requests race', async () => {
    const headers = { 'idempotency-key': 'race-1' };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.admin.post('/v1/accounts', { name: 'Idem Race' }, { headers })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const originals = results.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
    expect(originals).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('conflict');
    expect(await countAccounts('Idem Race')).toBe(1);
  });

  it('refuses a key longer than 255 characters', async () => {
    const res = await t.admin.post(
      '/v1/accounts',
      { name: 'Long key' },
      { headers: { 'idempotency-key': 'k'.repeat(256) } },
    );
    expect(res.status).toBe(400);
  });
});
