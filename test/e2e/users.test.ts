import { query } from '../support/database.js';
import { HUB_START_TIMEOUT_MS, startTestHub, TEST_ADMIN, TEST_CLIENT, type TestHub } from '../support/test-hub.js';
import { uiGraphql, uiSignIn } from '../support/ui-session.js';

// Users (docs/contract.md "Principals, scopes and tokens"): admins create any role, resellers create merchants of their
// accounts; what each role reaches; passwords stored as scrypt hashes; someone who left is deactivated and is out at
// once.

let t: TestHub;

beforeAll(async () => {
  t = await startTestHub();
}, HUB_START_TIMEOUT_MS);
afterAll(() => t.stop());

describe('users', () => {
  it('is created by an admin with any role, and its password is stored as an scrypt hash', async () => {
    const res = await t.admin.post('/v1/users', {
      email: 'Reseller.One@Test.Example',
      password: 'long-enough-password',
      role: 'reseller',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ email: 'reseller.one@test.example', role: 'reseller', accountIds: [] });
    const [row] = await query<{ password_hash: string }>(t.db.url, 'select password_hash from users where id = $1', [
      res.body.data.id,
    ]);
    // At the test hubs' PASSWORD_HASH_COST of 10 (N = 2^10); the default, 15, is config's.
    expect(row.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(row.password_hash).not.toContain('long-enough-password');
    const again = await t.admin.post('/v1/users', {
      email: 'reseller.one@test.example',
      password: 'another-password',
      role: 'merchant',
    });
    expect(again.status).toBe(409);
  });

  it.each([
    ['a short password', { email: 'a@b.example', password: 'short', role: 'merchant' }, '/password'],
    ['a bad e-mail', { email: 'not-an-email', password: 'long-enough-password', role: 'merchant' }, '/email'],
    ['an unknown role', { email: 'a@b.example', password: 'long-enough-password', role: 'owner' }, '/role'],
    [
      'accounts for a reseller',
      {
        email: 'a@b.example',
        password: 'long-enough-password',
        role: 'reseller',
        accountIds: ['01a20000-0000-7000-8000-000000000000'],
      },
      '/accountIds',
    ],
  ])('refuses %s', async (_label, body, path) => {
    const res = await t.admin.post('/v1/users', body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('lets a reseller provision its accounts and merchants, and reach only those', async () => {
    const reseller = await t.userClient(await t.createUser('reseller'));
    const own = await t.createLocation(reseller, 'Reseller place');
    const other = await t.createLocation();
    expect((await reseller.get(own.path)).status).toBe(200);
    expect((await reseller.get(other.path)).status).toBe(404);
    expect((await reseller.get('/v1/accounts')).body.data.map((a: { id: string }) => a.id)).toEqual([own.accountId]);

    const merchant = await t.createUser('merchant', [own.accountId], reseller);
    // Resellers create merchants only, and only for their own accounts.
    expect(
      (
        await reseller.post('/v1/users', {
          email: 'x1@test.example',
          password: 'long-enough-password',
          role: 'reseller',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await reseller.post('/v1/users', {
          email: 'x2@test.example',
          password: 'long-enough-password',
          role: 'merchant',
          accountIds: [other.accountId],
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await reseller.post('/v1/users', {
          email: 'x3@test.example',
          password: 'long-enough-password',
          role: 'merchant',
        })
      ).status,
    ).toBe(400);
    const listed = (await reseller.get('/v1/users')).body.data;
    expect(listed.map((u: { email: string }) => u.email)).toEqual([merchant.email]);
    expect(listed[0].accountIds).toEqual([own.accountId]);

    // The merchant reaches its account's locations, not others; and cannot provision.
    const m = await t.userClient(merchant);
    expect((await m.get(own.path)).status).toBe(200);
    expect((await m.get(other.path)).status).toBe(404);
    expect((await m.post(`/v1/accounts/${own.accountId}/locations`, { name: 'x' })).status).toBe(403);
    expect(
      (await m.post('/v1/users', { email: 'x4@test.example', password: 'long-enough-password', role: 'merchant' }))
        .status,
    ).toBe(403);
    expect((await m.patch(own.path, { name: 'Renamed by merchant' })).status).toBe(200);
  });

  it('is listed in full for admins', async () => {
    const res = await t.admin.get('/v1/users?limit=200');
    expect(res.status).toBe(200);
    expect(res.body.data.map((u: { email: string }) => u.email)).toContain(TEST_ADMIN.email);
  });

  it('is never managed by a partner application', async () => {
    const app = await t.createApplication('POS', { scopes: ['provisioning', 'locations.read'] });
    const client = await t.applicationClient(app);
    expect((await client.get('/v1/users')).status).toBe(403);
    expect(
      (await client.post('/v1/users', { email: 'y@test.example', password: 'long-enough-password', role: 'admin' }))
        .status,
    ).toBe(403);
  });
});

describe('deactivating a user', () => {
  const sessionsOf = async (userId: string) => {
    const [row] = await query<{ tokens: number; ui: number }>(
      t.db.url,
      "select (select count(*)::int from oidc_payloads where payload->>'accountId' = $1::text) as tokens, (select count(*)::int from ui_sessions where user_id = $1::uuid) as ui",
      [userId],
    );
    return row;
  };

  it("ends the user's tokens and UI sessions at once and refuses its sign-in, until it is reactivated", async () => {
    const location = await t.createLocation();
    const merchant = await t.createUser('merchant', [location.accountId]);
    const bearer = await t.userClient(merchant);
    const { cookie } = await uiSignIn(t.url, merchant.email, merchant.password);
    expect((await bearer.get(location.path)).status).toBe(200);
    const before = await sessionsOf(merchant.id);
    expect(before.tokens).toBeGreaterThan(0);
    expect(before.ui).toBe(1);

    const deactivated = await t.admin.post(`/v1/users/${merchant.id}/deactivate`);
    expect(deactivated.status).toBe(200);
    expect(Date.parse(deactivated.body.data.deactivatedAt)).toBeLessThanOrEqual(Date.now());
    expect(await sessionsOf(merchant.id)).toEqual({ tokens: 0, ui: 0 });
    expect((await bearer.get(location.path)).status).toBe(401);
    expect((await uiGraphql(t.url, '{ accounts { data { id } } }', { cookie })).body.errors[0].extensions.code).toBe(
      'unauthorized',
    );
    // Refused as a wrong password is: the answer does not tell that the account exists.
    await expect(t.passwordToken(merchant.email, merchant.password)).rejects.toThrow(/invalid_grant/);
    expect((await uiSignIn(t.url, merchant.email, merchant.password).catch((e: Error) => e)) instanceof Error).toBe(
      true,
    );
    const listed = (await t.admin.get('/v1/users?limit=200')).body.data.find(
      (u: { id: string }) => u.id === merchant.id,
    );
    expect(listed.deactivatedAt).toBe(deactivated.body.data.deactivatedAt);
    // Again: nothing changes.
    expect((await t.admin.post(`/v1/users/${merchant.id}/deactivate`)).body.data.deactivatedAt).toBe(
      deactivated.body.data.deactivatedAt,
    );

    const reactivated = await t.admin.post(`/v1/users/${merchant.id}/reactivate`);
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.data.deactivatedAt).toBeNull();
    const again = await t.userClient(merchant);
    expect((await again.get(location.path)).status).toBe(200);
  });

  it('refuses a token of a deactivated user even if it outlived the deactivation (issued meanwhile)', async () => {
    const merchant = await t.createUser('merchant', [(await t.createLocation()).accountId]);
    const bearer = await t.userClient(merchant);
    expect((await bearer.get('/v1/accounts')).status).toBe(200);
    // The column alone, as if a grant had slipped in between the deactivation and its deletion of the tokens.
    await query(t.db.url, 'update users set deactivated_at = now() where id = $1', [merchant.id]);
    expect((await bearer.get('/v1/accounts')).status).toBe(401);
  });

  it('is for admins on anyone but themselves, and for a reseller on the merchants it created; GraphQL alike', async () => {
    const reseller = await t.createUser('reseller');
    const resellerClient = await t.userClient(reseller);
    const own = await t.createLocation(resellerClient);
    const ownMerchant = (
      await resellerClient.post('/v1/users', {
        email: `own-${Date.now()}@test.example`,
        password: 'long-enough-password',
        role: 'merchant',
        accountIds: [own.accountId],
      })
    ).body.data;
    const someoneElse = await t.createUser('merchant', [(await t.createLocation()).accountId]);
    const adminId = (await t.admin.get('/v1/users?limit=200')).body.data.find(
      (u: { email: string }) => u.email === TEST_ADMIN.email,
    ).id;

    const gqlDeactivate = (client: typeof t.admin, id: string) =>
      client.post('/graphql', {
        query: 'mutation($id: ID!) { deactivateUser(id: $id) { id deactivatedAt } }',
        variables: { id },
      });
    const byReseller = await gqlDeactivate(resellerClient, ownMerchant.id);
    expect(byReseller.body.data.deactivateUser.deactivatedAt).not.toBeNull();
    expect((await gqlDeactivate(resellerClient, someoneElse.id)).body.errors[0].extensions.code).toBe('not_found');
    expect((await resellerClient.post(`/v1/users/${adminId}/deactivate`)).status).toBe(404);
    const reactivatedByReseller = await resellerClient.post('/graphql', {
      query: 'mutation($id: ID!) { reactivateUser(id: $id) { deactivatedAt } }',
      variables: { id: ownMerchant.id },
    });
    expect(reactivatedByReseller.body.data.reactivateUser.deactivatedAt).toBeNull();

    const merchantClient = await t.userClient(someoneElse);
    // Nobody else's users are there for a merchant (reach before scope: 404, not 403).
    expect((await merchantClient.post(`/v1/users/${ownMerchant.id}/deactivate`)).status).toBe(404);
    const self = await t.admin.post(`/v1/users/${adminId}/deactivate`);
    expect(self.status).toBe(400);
    expect((await t.admin.post('/v1/users/not-a-user/deactivate')).status).toBe(400);
    expect((await t.admin.post('/v1/users/01a20000-0000-7000-8000-000000000000/deactivate')).status).toBe(404);
    // The admin is still in.
    expect((await t.admin.get('/v1/users')).status).toBe(200);
  });
});

describe("changing a merchant's accounts", () => {
  it('moves what the merchant reaches at once, for its bearer token and its UI session alike', async () => {
    const [first, second] = [
      await t.createLocation(undefined, 'First place'),
      await t.createLocation(undefined, 'Second place'),
    ];
    const merchant = await t.createUser('merchant', [first.accountId]);
    const bearer = await t.userClient(merchant);
    const { cookie } = await uiSignIn(t.url, merchant.email, merchant.password);
    const uiAccounts = async () =>
      (await uiGraphql(t.url, '{ accounts { data { id } } }', { cookie })).body.data.accounts.data.map(
        (a: { id: string }) => a.id,
      );
    expect((await bearer.get(second.path)).status).toBe(404);

    const moved = await t.admin.patch(`/v1/users/${merchant.id}`, { accountIds: [second.accountId, second.accountId] });
    expect(moved.status).toBe(200);
    expect(moved.body.data.accountIds).toEqual([second.accountId]);
    // The same token and the same session, no sign-in again: the next request reaches the new account only.
    expect((await bearer.get(second.path)).status).toBe(200);
    expect((await bearer.get(first.path)).status).toBe(404);
    expect(await uiAccounts()).toEqual([second.accountId]);
    const listed = (await t.admin.get('/v1/users?limit=200')).body.data.find(
      (u: { id: string }) => u.id === merchant.id,
    );
    expect(listed.accountIds).toEqual([second.accountId]);

    // An admin may leave a merchant with no account: it then reaches nothing.
    expect((await t.admin.patch(`/v1/users/${merchant.id}`, { accountIds: [] })).body.data.accountIds).toEqual([]);
    expect((await bearer.get(second.path)).status).toBe(404);
  });

  it('refuses what is not a merchant, an unknown account and a malformed body, and writes nothing', async () => {
    const location = await t.createLocation();
    const merchant = await t.createUser('merchant', [location.accountId]);
    const reseller = await t.createUser('reseller');
    const notMerchant = await t.admin.patch(`/v1/users/${reseller.id}`, { accountIds: [location.accountId] });
    expect(notMerchant.status).toBe(400);
    expect(notMerchant.body.errors).toEqual([
      { path: '/accountIds', message: 'only merchants belong to accounts; this user is a reseller' },
    ]);
    expect(
      (await t.admin.patch(`/v1/users/${merchant.id}`, { accountIds: ['01a20000-0000-7000-8000-000000000000'] }))
        .status,
    ).toBe(404);
    expect((await t.admin.patch(`/v1/users/${merchant.id}`, { accountIds: ['not-a-uuid'] })).status).toBe(400);
    expect((await t.admin.patch(`/v1/users/${merchant.id}`, {})).status).toBe(400);
    expect(
      (await t.admin.patch(`/v1/users/${merchant.id}`, { accountIds: [location.accountId], role: 'admin' })).status,
    ).toBe(400);
    expect((await t.admin.patch('/v1/users/01a20000-0000-7000-8000-000000000000', { accountIds: [] })).status).toBe(
      404,
    );
    // Over GraphQL the edge refuses a malformed id as REST's does, and the service an admin's role.
    const updateUser = (id: string, accountIds: string[]) =>
      t.admin.post('/graphql', {
        query: 'mutation($id: ID!, $a: [ID!]!) { updateUser(id: $id, input: { accountIds: $a }) { accountIds } }',
        variables: { id, a: accountIds },
      });
    const malformed = await updateUser(merchant.id, [location.accountId, 'nope']);
    expect(malformed.body.errors[0]).toMatchObject({
      message: expect.stringContaining('must be a UUID'),
      extensions: { code: 'validation_failed' },
    });
    expect((await updateUser(reseller.id, [location.accountId])).body.errors[0].extensions.code).toBe(
      'validation_failed',
    );
    const unchanged = (await t.admin.get('/v1/users?limit=200')).body.data.find(
      (u: { id: string }) => u.id === merchant.id,
    );
    expect(unchanged.accountIds).toEqual([location.accountId]);
  });

  it("lets a reseller change only its own merchants, within its own accounts, keeping an admin's memberships; GraphQL alike", async () => {
    const reseller = await t.createUser('reseller');
    const resellerClient = await t.userClient(reseller);
    const [own, ownToo] = [
      await t.createLocation(resellerClient, 'Own place'),
      await t.createLocation(resellerClient, 'Own place too'),
    ];
    const foreign = await t.createLocation(undefined, 'Foreign place');
    const merchant = (
      await resellerClient.post('/v1/users', {
        email: `moved-${Date.now()}@test.example`,
        password: 'long-enough-password',
        role: 'merchant',
        accountIds: [own.accountId],
      })
    ).body.data;
    // An admin also gave the merchant an account the reseller does not reach.
    expect(
      (await t.admin.patch(`/v1/users/${merchant.id}`, { accountIds: [own.accountId, foreign.accountId] })).status,
    ).toBe(200);

    const updateUser = (accountIds: string[], id = merchant.id) =>
      resellerClient.post('/graphql', {
        query: 'mutation($id: ID!, $a: [ID!]!) { updateUser(id: $id, input: { accountIds: $a }) { accountIds } }',
        variables: { id, a: accountIds },
      });
    const changed = await updateUser([ownToo.accountId]);
    expect(changed.body.errors).toBeUndefined();
    expect([...changed.body.data.updateUser.accountIds].sort()).toEqual([foreign.accountId, ownToo.accountId].sort());
    // Outside its reach: the foreign account, another's merchant; and never none of its own.
    expect((await resellerClient.patch(`/v1/users/${merchant.id}`, { accountIds: [foreign.accountId] })).status).toBe(
      404,
    );
    const someoneElse = await t.createUser('merchant', [foreign.accountId]);
    expect((await updateUser([own.accountId], someoneElse.id)).body.errors[0].extensions.code).toBe('not_found');
    const none = await resellerClient.patch(`/v1/users/${merchant.id}`, { accountIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors[0].message).toBe("a reseller's merchant belongs to at least one of its accounts");
    // A merchant changes nobody's accounts, its own included.
    const merchantClient = await t.userClient({ ...merchant, password: 'long-enough-password' });
    expect((await merchantClient.patch(`/v1/users/${merchant.id}`, { accountIds: [own.accountId] })).status).toBe(404);
  });
});

describe('a username', () => {
  const password = 'long-enough-password';
  const grant = (username: string) =>
    t.token({
      grant_type: 'password',
      username,
      password,
      client_id: TEST_CLIENT.clientId,
      client_secret: TEST_CLIENT.clientSecret,
    });

  it('is set on create and PATCH, shown on the user, and signs in as well as the e-mail address does', async () => {
    const created = await t.admin.post('/v1/users', {
      email: 'ops.lead@test.example',
      username: 'Ops.Lead',
      password,
      role: 'reseller',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ email: 'ops.lead@test.example', username: 'ops.lead' });
    // Either name works for the password grant, in any case; the e-mail still does.
    for (const login of ['ops.lead', 'OPS.LEAD', 'ops.lead@test.example'])
      expect((await grant(login)).status).toBe(200);
    expect((await grant('ops.lead2')).status).toBe(400);

    const renamed = await t.admin.patch(`/v1/users/${created.body.data.id}`, { username: 'lead_of_ops' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.username).toBe('lead_of_ops');
    expect((await grant('lead_of_ops')).status).toBe(200);
    expect((await grant('ops.lead')).body.error).toBe('invalid_grant');
    const listed = await t.admin.get('/v1/users?limit=200');
    expect(listed.body.data.find((u: { id: string }) => u.id === created.body.data.id).username).toBe('lead_of_ops');

    // GraphQL sees and changes the same; null removes it, and then only the e-mail signs in.
    const viaGraphql = await t.admin.graphql(
      `mutation($id: ID!) { updateUser(id: $id, input: { username: null }) { id username email } }`,
      { id: created.body.data.id },
    );
    expect(viaGraphql.body.data.updateUser).toMatchObject({ username: null, email: 'ops.lead@test.example' });
    expect((await grant('lead_of_ops')).status).toBe(400);
    expect((await grant('ops.lead@test.example')).status).toBe(200);
    const made = await t.admin.graphql(
      `mutation($input: CreateUserInput!) { createUser(input: $input) { username } }`,
      { input: { email: 'second@test.example', username: 'second-one', password, role: 'admin' } },
    );
    expect(made.body.data.createUser.username).toBe('second-one');
  });

  it('is unique in any case and never looks like an e-mail address, each refusal naming /username', async () => {
    const first = await t.admin.post('/v1/users', {
      email: 'u1@test.example',
      username: 'Kitchen',
      password,
      role: 'admin',
    });
    expect(first.status).toBe(201);
    const taken = await t.admin.post('/v1/users', {
      email: 'u2@test.example',
      username: 'kitchen',
      password,
      role: 'admin',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toContain('username');
    const other = await t.admin.post('/v1/users', { email: 'u3@test.example', password, role: 'admin' });
    expect((await t.admin.patch(`/v1/users/${other.body.data.id}`, { username: 'KITCHEN' })).status).toBe(409);
    for (const username of ['at@sign', 'ab', ' spaced', '-dash-first']) {
      const refused = await t.admin.post('/v1/users', { email: 'u4@test.example', username, password, role: 'admin' });
      expect({
        username,
        status: refused.status,
        paths: refused.body.errors?.map((e: { path: string }) => e.path),
      }).toEqual({
        username,
        status: 400,
        paths: ['/username'],
      });
    }
    const viaGraphql = await t.admin.graphql(
      `mutation($id: ID!) { updateUser(id: $id, input: { username: "no@pe" }) { id } }`,
      { id: other.body.data.id },
    );
    expect(viaGraphql.body.errors?.[0].extensions).toMatchObject({ code: 'validation_failed' });
    expect(
      (await t.admin.get(`/v1/users?limit=200`)).body.data.find((u: { id: string }) => u.id === other.body.data.id)
        .username,
    ).toBeNull();
  });
});
