import { randomBytes } from 'node:crypto';
import { getIntrospectionQuery } from 'graphql';
import { COST_PER_RATE_POINT, MAX_ALIASES, MAX_OPERATIONS, MAX_QUERY_COST } from '../../src/graphql/graphql-limits.js';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';

// docs/contract.md "GraphQL": a cost budget per request checked before any resolver runs, caps on aliases and
// operations, a bounded answer, the cost charged to the rate limit; introspection for signed-in operators
// everywhere, for partner applications only outside production, where suggestions are hidden too.

const INTROSPECTION = getIntrospectionQuery();
const HTTPS_APP = {
  redirectUris: ['https://partner.example/cb'],
  webhookUrl: 'https://partner.example/hooks',
  menuPublicationUrl: 'https://partner.example/menus',
  storeStatusUrl: 'https://partner.example/status',
};

describe('in development', () => {
  let t: TestHub;
  let loc: { accountId: string; locationId: string };
  beforeAll(async () => {
    t = await startTestHub();
    loc = await t.createLocation();
  }, HUB_START_TIMEOUT_MS);
  afterAll(() => t.stop());

  it('answers graphql-js introspection (14 levels) to operators and partner applications', async () => {
    const admin = await t.admin.graphql(INTROSPECTION);
    expect(admin.body.errors).toBeUndefined();
    expect(admin.body.data.__schema.queryType.name).toBe('Query');
    const app = await t.applicationClient(await t.createApplication('POS'));
    expect((await app.graphql(INTROSPECTION)).body.errors).toBeUndefined();
  });

  it('refuses an operation over the cost budget before any resolver runs, counting lists by their limit', async () => {
    const orders = `query($a: ID!, $l: ID!, $n: Int) { x: orders(accountId: $a, locationId: $l, limit: $n) { data { id items { name options { name } } statusHistory { status } } } y: orders(accountId: $a, locationId: $l, limit: $n) { data { id items { name options { name } } } } }`;
    const small = await t.admin.graphql(orders, { a: loc.accountId, l: loc.locationId, n: 20 });
    expect(small.body.errors).toBeUndefined();
    expect(small.body.data.x.data).toEqual([]);
    const large = await t.admin.graphql(orders, { a: loc.accountId, l: loc.locationId, n: 200 });
    expect(large.status).toBe(400);
    expect(large.body.errors![0].extensions).toMatchObject({ code: 'query_too_complex', limit: MAX_QUERY_COST });
    expect((large.body.errors![0].extensions as { cost: number }).cost).toBeGreaterThan(MAX_QUERY_COST);
    // Nothing was resolved: a request that reached execution answers `data`, even when a field fails.
    expect(large.body.data).toBeUndefined();
    // Twelve whole catalogs (the report's 92 s request) cost more than the budget, one fits.
    const catalog = (alias: string) =>
      `${alias}: catalog(accountId: $a, locationId: $l) { products { id } categories { id } modifiers { id } modifierGroups { id } }`;
    const twelve = await t.admin.graphql(
      `query($a: ID!, $l: ID!) { ${Array.from({ length: 12 }, (_, i) => catalog(`c${i}`)).join(' ')} }`,
      { a: loc.accountId, l: loc.locationId },
    );
    expect(twelve.body.errors![0].extensions!.code).toBe('query_too_complex');
    const one = await t.admin.graphql(`query($a: ID!, $l: ID!) { ${catalog('c')} }`, {
      a: loc.accountId,
      l: loc.locationId,
    });
    expect(one.body.errors).toBeUndefined();
  });

  it(`caps aliases at ${MAX_ALIASES}, operations at ${MAX_OPERATIONS}, and refuses batches`, async () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: __typename`).join(' ')} }`;
    expect((await t.admin.graphql(aliases(MAX_ALIASES))).body.errors).toBeUndefined();
    const tooMany = await t.admin.graphql(aliases(MAX_ALIASES + 1));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors![0]).toMatchObject({
      extensions: { code: 'query_too_complex' },
      message: expect.stringContaining(`limit is ${MAX_ALIASES}`),
    });
    // The 1,000- and 4,000-alias requests of the report: refused without resolving anything.
    for (const n of [1000, 4000]) expect((await t.admin.graphql(aliases(n))).status).toBe(400);

    const operations = Array.from({ length: MAX_OPERATIONS + 1 }, (_, i) => `query q${i} { __typename }`).join('\n');
    const tooManyOps = await t.admin.request('POST', '/graphql', { query: operations, operationName: 'q0' });
    expect(tooManyOps.body.errors[0]).toMatchObject({ extensions: { code: 'query_too_complex' } });

    const batch = await t.admin.request('POST', '/graphql', [{ query: '{ __typename }' }, { query: '{ __typename }' }]);
    expect(batch.status).toBe(400);
    expect(batch.body.errors[0].extensions.code).toBe('validation_failed');
  });
});

describe('the cost counts against the rate limit; the answer is bounded', () => {
  let t: TestHub;
  beforeAll(async () => {
    t = await startTestHub({ RATE_LIMIT_RPS: '0.001', RATE_LIMIT_BURST: '20', GRAPHQL_MAX_ANSWER_BYTES: '20000' });
  }, HUB_START_TIMEOUT_MS);
  afterAll(() => t.stop());

  it('takes one point per COST_PER_RATE_POINT records, and refuses when they are not left', async () => {
    const user = await t.createUser('reseller');
    const client = await t.userClient(user);
    // orders(limit: 200) { data { id } } may return 200 orders, each in a page entry: cost 400, 8 points.
    const loc = await t.createLocation(client);
    const heavy = `query($a: ID!, $l: ID!) { orders(accountId: $a, locationId: $l, limit: 200) { data { id } } }`;
    const points = Math.ceil(400 / COST_PER_RATE_POINT);
    // The location took 2 points (account, location); each heavy request takes `points`.
    let spent = 2;
    while (spent + points <= 20) {
      const ok = await client.graphql(heavy, { a: loc.accountId, l: loc.locationId });
      expect(ok.body.errors).toBeUndefined();
      spent += points;
    }
    const refused = await client.graphql(heavy, { a: loc.accountId, l: loc.locationId });
    expect(refused.status).toBe(429);
    expect(refused.body.errors![0].extensions!.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // What is left still serves a cheap request: the refusal took nothing but its own point.
    expect((await client.graphql('{ __typename }')).body.errors).toBeUndefined();
  });

  it('replaces an answer over GRAPHQL_MAX_ANSWER_BYTES with query_too_complex', async () => {
    const big = await t.admin.graphql(`{ __schema { types { name description fields { name description } } } }`);
    expect(big.status).toBe(400);
    expect(big.body.errors![0].extensions).toEqual({ code: 'query_too_complex', limit: 20000 });
    expect((await t.admin.graphql('{ __typename }')).body.data).toEqual({ __typename: 'Query' });
  });
});

describe('in production', () => {
  let t: TestHub;
  beforeAll(async () => {
    t = await startTestHub({
      HUB_ENV: 'production',
      ALLOW_PRIVATE_PARTNER_URLS: 'false',
      PUBLIC_BASE_URL: 'https://hub.example',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
  }, HUB_START_TIMEOUT_MS);
  afterAll(() => t.stop());

  it('answers introspection to a signed-in operator', async () => {
    const merchant = await t.userClient(await t.createUser('merchant'));
    for (const client of [t.admin, merchant]) {
      const res = await client.graphql(INTROSPECTION);
      expect(res.body.errors).toBeUndefined();
      expect(res.body.data.__schema.types.length).toBeGreaterThan(10);
    }
  });

  it('refuses introspection to a partner application and gives it no field suggestions', async () => {
    const app = await t.applicationClient(await t.createApplication('MARKETPLACE', HTTPS_APP));
    const introspection = await app.graphql(INTROSPECTION);
    expect(introspection.status).toBe(400);
    expect(introspection.body.errors![0].extensions!.code).toBe('validation_failed');
    expect(introspection.body.data).toBeUndefined();
    const type = await app.graphql(`{ __type(name: "Order") { fields { name } } }`);
    expect(type.body.errors![0].extensions!.code).toBe('validation_failed');

    const typo = await app.graphql(`{ locatoins { data { id } } }`);
    expect(typo.body.errors![0].message).toBe('Cannot query field "locatoins" on type "Query".');
    // An operator is told what was meant.
    const operatorTypo = await t.admin.graphql(`{ locatoins { data { id } } }`);
    expect(operatorTypo.body.errors![0].message).toContain('Did you mean');
    expect((await app.graphql('{ __typename }')).body.data).toEqual({ __typename: 'Query' });
  });
});
