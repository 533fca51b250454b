import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';

// The GraphQL operations of applications, users and connections: the same services, tokens and rules as REST.

let t: TestHub;

beforeAll(async () => {
  t = await startTestHub();
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

const APPLICATION_FIELDS =
  'id kind name clientId redirectUris scopes webhookUrl catalogPullUrl menuPublicationUrl storeStatusUrl firstParty';

describe('GraphQL', () => {
  it('registers, reads, updates and rotates an application', async () => {
    const created = await t.admin.graphql(
      `mutation($input: CreateApplicationInput!) { createApplication(input: $input) { ${APPLICATION_FIELDS} clientSecret webhookSecret } }`,
      {
        input: {
          kind: 'MARKETPLACE',
          name: 'Graph Eats',
          webhookUrl: 'https://ge.example/h',
          menuPublicationUrl: 'https://ge.example/m',
        },
      },
    );
    expect(created.body.errors).toBeUndefined();
    const app = created.body.data.createApplication;
    expect(app).toMatchObject({
      kind: 'MARKETPLACE',
      scopes: ['locations.read', 'menu.read', 'orders.read', 'orders.write'],
      clientSecret: expect.any(String),
      webhookSecret: expect.stringMatching(/^whsec_/),
    });

    const read = await t.admin.graphql(
      `query($id: ID!) { application(id: $id) { id name } applications(kind: MARKETPLACE) { data { id } } }`,
      { id: app.id },
    );
    expect(read.body.data.application).toEqual({ id: app.id, name: 'Graph Eats' });
    expect(read.body.data.applications.data.map((a: { id: string }) => a.id)).toContain(app.id);

    const updated = await t.admin.graphql(
      `mutation($id: ID!) { updateApplication(id: $id, input: { name: "Graph Eats 2", storeStatusUrl: "https://ge.example/s" }) { name storeStatusUrl webhookUrl } }`,
      { id: app.id },
    );
    expect(updated.body.data.updateApplication).toEqual({
      name: 'Graph Eats 2',
      storeStatusUrl: 'https://ge.example/s',
      webhookUrl: 'https://ge.example/h',
    });

    const rotated = await t.admin.graphql(`mutation($id: ID!) { rotateApplicationSecret(id: $id) { clientSecret } }`, {
      id: app.id,
    });
    expect(rotated.body.data.rotateApplicationSecret.clientSecret).not.toBe(app.clientSecret);

    const invalid = await t.admin.graphql(
      `mutation { createApplication(input: { kind: POS, name: "x", webhookUrl: "nope" }) { id } }`,
    );
    expect(invalid.body.errors![0].extensions).toMatchObject({
      code: 'validation_failed',
      errors: [{ path: '/webhookUrl' }],
    });
  });

  it('creates and lists users', async () => {
    const res = await t.admin.graphql(
      `mutation { createUser(input: { email: "gql@test.example", password: "long-enough-password", role: reseller }) { id email role accountIds } }`,
    );
    expect(res.body.data.createUser).toMatchObject({ email: 'gql@test.example', role: 'reseller', accountIds: [] });
    const list = await t.admin.graphql(`{ users(limit: 200) { data { email } } }`);
    expect(list.body.data.users.data.map((u: { email: string }) => u.email)).toContain('gql@test.example');
  });

  it('lists available applications, connects, lists and disconnects', async () => {
    const pos = await t.createApplication('POS');
    const loc = await t.createLocation();
    const vars = { accountId: loc.accountId, locationId: loc.locationId };
    const available = await t.admin.graphql(
      `query($accountId: ID!, $locationId: ID!) { availableApplications(accountId: $accountId, locationId: $locationId, kind: POS, limit: 200) { data { id connected connectionId } } }`,
      vars,
    );
    expect(available.body.data.availableApplications.data.find((a: { id: string }) => a.id === pos.id)).toEqual({
      id: pos.id,
      connected: false,
      connectionId: null,
    });

    const connected = await t.admin.graphql(
      `mutation($accountId: ID!, $locationId: ID!, $input: ConnectInput!) { connect(accountId: $accountId, locationId: $locationId, input: $input) { id status kind credentials } }`,
      { ...vars, input: { applicationId: pos.id, credentials: { apiKey: 'key-1234567890abcd' } } },
    );
    expect(connected.body.errors).toBeUndefined();
    const connection = connected.body.data.connect;
    expect(connection).toMatchObject({ status: 'ACTIVE', kind: 'POS', credentials: { apiKey: '****abcd' } });

    const again = await t.admin.graphql(
      `mutation($accountId: ID!, $locationId: ID!, $input: ConnectInput!) { connect(accountId: $accountId, locationId: $locationId, input: $input) { id } }`,
      { ...vars, input: { applicationId: pos.id } },
    );
    expect(again.body.errors![0].extensions!.code).toBe('conflict');

    const listed = await t.admin.graphql(
      `query($accountId: ID!, $locationId: ID!) { connections(accountId: $accountId, locationId: $locationId) { data { id credentials } } }`,
      vars,
    );
    expect(listed.body.data.connections.data).toEqual([{ id: connection.id, credentials: { apiKey: '****abcd' } }]);

    const app = await t.applicationClient(pos);
    const reached = await app.graphql(
      `query($accountId: ID!, $id: ID!) { location(accountId: $accountId, id: $id) { id } }`,
      { accountId: loc.accountId, id: loc.locationId },
    );
    expect(reached.body.data.location.id).toBe(loc.locationId);

    const gone = await t.admin.graphql(
      `mutation($accountId: ID!, $locationId: ID!, $id: ID!) { disconnect(accountId: $accountId, locationId: $locationId, id: $id) { status } }`,
      { ...vars, id: connection.id },
    );
    expect(gone.body.data.disconnect.status).toBe('DISCONNECTED');
    const lost = await app.graphql(
      `query($accountId: ID!, $id: ID!) { location(accountId: $accountId, id: $id) { id } }`,
      { accountId: loc.accountId, id: loc.locationId },
    );
    expect(lost.body.errors![0].extensions!.code).toBe('not_found');
  });

  it('answers 401 without a token and insufficient_scope without the scope', async () => {
    const anonymous = await t.anonymous.graphql(`{ applications { data { id } } }`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errors![0].extensions!.code).toBe('unauthorized');
    const narrow = await t.userClient(await t.createUser('reseller'), 'locations.read');
    const res = await narrow.graphql(`{ applications { data { id } } }`);
    expect(res.body.errors![0].extensions!.code).toBe('insufficient_scope');
  });
});
