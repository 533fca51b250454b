import { readFileSync } from 'node:fs';
import { printHubSchema, SCHEMA_PATH } from '../../src/graphql/print-schema.js';
import { MAX_INTROSPECTION_DEPTH } from '../../src/graphql/graphql-limits.js';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';

let t: TestHub;
let accountId: string;
beforeAll(async () => {
  t = await startTestHub();
  accountId = (await t.admin.post('/v1/accounts', { name: 'GraphQL Account' })).body.data.id;
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

const LOCATION_FIELDS =
  'id accountId name currency timezone storeStatus createdAt updatedAt taxRates { posReference name type rate inclusive isDefault }';

describe('GraphQL and REST share one service layer', () => {
  it('reads the same location through REST and through GraphQL', async () => {
    const created = await t.admin.post(`/v1/accounts/${accountId}/locations`, {
      name: 'Same Both Ways',
      currency: 'GBP',
      taxRates: [
        { posReference: 'std', name: 'Standard', type: 'PERCENTAGE', rate: 200000, inclusive: true },
        { name: 'Deposit', type: 'FIXED', rate: 10, isDefault: true },
      ],
    });
    const id = created.body.data.id;
    const rest = await t.admin.get(`/v1/accounts/${accountId}/locations/${id}`);
    const gql = await t.admin.graphql(
      `query($a: ID!, $id: ID!) { location(accountId: $a, id: $id) { ${LOCATION_FIELDS} } }`,
      { a: accountId, id },
    );
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.location).toEqual(rest.body.data);
  });

  it('creates and updates through GraphQL with the same tax-rate rules', async () => {
    const created = await t.admin.graphql(
      `mutation($a: ID!, $input: CreateLocationInput!) { createLocation(accountId: $a, input: $input) { ${LOCATION_FIELDS} } }`,
      {
        a: accountId,
        input: { name: 'From GraphQL', taxRates: [{ posReference: 'r', name: 'R', type: 'FIXED', rate: 0 }] },
      },
    );
    const location = created.body.data.createLocation;
    expect(location.taxRates).toEqual([
      { posReference: 'r', name: 'R', type: 'FIXED', rate: 0, inclusive: false, isDefault: false },
    ]);
    const renamed = await t.admin.graphql(
      `mutation($a: ID!, $id: ID!) { updateLocation(accountId: $a, id: $id, input: { name: "Renamed" }) { name taxRates { posReference } } }`,
      { a: accountId, id: location.id },
    );
    expect(renamed.body.data.updateLocation).toEqual({ name: 'Renamed', taxRates: [{ posReference: 'r' }] });
    const cleared = await t.admin.graphql(
      `mutation($a: ID!, $id: ID!) { updateLocation(accountId: $a, id: $id, input: { taxRates: [] }) { taxRates { posReference } } }`,
      { a: accountId, id: location.id },
    );
    expect(cleared.body.data.updateLocation.taxRates).toEqual([]);
    const rest = await t.admin.get(`/v1/accounts/${accountId}/locations/${location.id}`);
    expect(rest.body.data).toMatchObject({ name: 'Renamed', taxRates: [] });
  });

  it('gives validation_failed with the field path for a rule the service enforces', async () => {
    const res = await t.admin.graphql(
      `mutation($a: ID!) { createLocation(accountId: $a, input: { name: "X", taxRates: [{ name: "T", type: FIXED, rate: 1000001 }] }) { id } }`,
      { a: accountId },
    );
    expect(res.body.errors?.[0].extensions).toEqual({
      code: 'validation_failed',
      errors: [{ path: '/taxRates/0/rate', message: expect.any(String) }],
    });
  });

  it('gives validation_failed for a GraphQL type error, and not_found for an unknown id', async () => {
    const typeError = await t.admin.graphql(
      `mutation($a: ID!) { createLocation(accountId: $a, input: { name: "X", taxRates: [{ name: "T", type: PERCENT, rate: 1 }] }) { id } }`,
      { a: accountId },
    );
    expect(typeError.body.errors?.[0].extensions?.code).toBe('validation_failed');
    const missing = await t.admin.graphql(`{ account(id: "01a20000-0000-7000-8000-000000000000") { id } }`);
    expect(missing.body.errors?.[0].extensions?.code).toBe('not_found');
  });

  it('refuses an id argument that is not a UUID with validation_failed naming it, as REST does, before anything runs', async () => {
    const location = (await t.admin.post(`/v1/accounts/${accountId}/locations`, { name: 'UUID checks' })).body.data.id;
    const cases: [string, Record<string, unknown> | undefined, string][] = [
      ['{ account(id: "nope") { id } }', undefined, 'Argument "id" of "account" must be a UUID'],
      [
        'query($a: ID!, $l: ID!) { orders(accountId: $a, locationId: $l) { data { id } } }',
        { a: 'nope', l: location },
        'Argument "accountId" of "orders" must be a UUID',
      ],
      ['query($a: ID!) { account(id: $a) { id } }', { a: 12 }, 'Argument "id" of "account" must be a UUID'],
      // Inside an input object, in a list, and on a nested field reached through a fragment.
      [
        `mutation($a: ID!, $l: ID!) { createMenu(accountId: $a, locationId: $l, input: { name: "M", productIds: ["${location}", "x"] }) { id } }`,
        { a: accountId, l: location },
        'Argument "input.productIds[1]" of "createMenu" must be a UUID',
      ],
      [
        `{ ...q } fragment q on Query { location(accountId: "${accountId}", id: "${location}-") { id } }`,
        undefined,
        'Argument "id" of "location" must be a UUID',
      ],
    ];
    for (const [query, variables, message] of cases) {
      const res = await t.admin.graphql(query, variables);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        expect.objectContaining({ message, extensions: { code: 'validation_failed' } }),
      ]);
    }
    // UUIDs go through as before.
    expect(
      (await t.admin.graphql(`{ location(accountId: "${accountId}", id: "${location}") { id } }`)).body.data.location
        .id,
    ).toBe(location);
  });

  it(`refuses introspection nested deeper than ${MAX_INTROSPECTION_DEPTH} levels, counting fragments`, async () => {
    // The introspection types nest without end: a legitimate-looking way to ask for an unbounded walk.
    const levels = (n: number) => `${'ofType { '.repeat(n)}name${' }'.repeat(n)}`;
    const withinLimit = await t.admin.graphql(
      `{ __schema { types { fields { type { ${levels(MAX_INTROSPECTION_DEPTH - 5)} } } } } }`,
    );
    expect(withinLimit.body.errors).toBeUndefined();
    const tooDeep = await t.admin.graphql(
      `{ __schema { types { fields { type { ${levels(MAX_INTROSPECTION_DEPTH - 3)} } } } } }`,
    );
    expect(tooDeep.body.errors?.[0].extensions?.code).toBe('validation_failed');
    expect(tooDeep.body.errors?.[0].message).toContain(`limit is ${MAX_INTROSPECTION_DEPTH}`);
    const throughFragment = await t.admin.graphql(
      `{ __schema { ...deep } } fragment deep on __Schema { types { fields { type { ${levels(MAX_INTROSPECTION_DEPTH - 3)} } } } }`,
    );
    expect(throughFragment.body.errors?.[0].extensions?.code).toBe('validation_failed');
  });
});

describe('schema/schema.graphql', () => {
  it('is the schema the code builds (run `npm run schema:print` after changing GraphQL types)', async () => {
    expect(readFileSync(SCHEMA_PATH, 'utf8')).toBe(await printHubSchema());
  });
});
