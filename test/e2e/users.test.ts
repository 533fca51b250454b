import { query } from '../support/database.js';
import { startTestHub, TEST_ADMIN, type TestHub } from '../support/test-hub.js';

// Users (CONTRACT section 2): admins create any role, resellers create merchants of their accounts; what each
// role reaches; passwords stored as scrypt hashes.

let t: TestHub;

beforeAll(async () => {
  t = await startTestHub();
});
afterAll(() => t.stop());

describe('users', () => {
  it('is created by an admin with any role, and its password is stored as an scrypt hash', async () => {
    const res = await t.admin.post('/v1/users', { email: 'Reseller.One@Test.Example', password: 'long-enough-password', role: 'reseller' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ email: 'reseller.one@test.example', role: 'reseller', accountIds: [] });
    const [row] = await query<{ password_hash: string }>(t.db.url, 'select password_hash from users where id = $1', [res.body.data.id]);
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row.password_hash).not.toContain('long-enough-password');
    const again = await t.admin.post('/v1/users', { email: 'reseller.one@test.example', password: 'another-password', role: 'merchant' });
    expect(again.status).toBe(409);
  });

  it.each([
    ['a short password', { email: 'a@b.example', password: 'short', role: 'merchant' }, '/password'],
    ['a bad e-mail', { email: 'not-an-email', password: 'long-enough-password', role: 'merchant' }, '/email'],
    ['an unknown role', { email: 'a@b.example', password: 'long-enough-password', role: 'owner' }, '/role'],
    ['accounts for a reseller', { email: 'a@b.example', password: 'long-enough-password', role: 'reseller', accountIds: ['01a20000-0000-7000-8000-000000000000'] }, '/accountIds'],
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
    expect((await reseller.post('/v1/users', { email: 'x1@test.example', password: 'long-enough-password', role: 'reseller' })).status).toBe(400);
    expect((await reseller.post('/v1/users', { email: 'x2@test.example', password: 'long-enough-password', role: 'merchant', accountIds: [other.accountId] })).status).toBe(404);
    expect((await reseller.post('/v1/users', { email: 'x3@test.example', password: 'long-enough-password', role: 'merchant' })).status).toBe(400);
    const listed = (await reseller.get('/v1/users')).body.data;
    expect(listed.map((u: { email: string }) => u.email)).toEqual([merchant.email]);
    expect(listed[0].accountIds).toEqual([own.accountId]);

    // The merchant reaches its account's locations, not others; and cannot provision.
    const m = await t.userClient(merchant);
    expect((await m.get(own.path)).status).toBe(200);
    expect((await m.get(other.path)).status).toBe(404);
    expect((await m.post(`/v1/accounts/${own.accountId}/locations`, { name: 'x' })).status).toBe(403);
    expect((await m.post('/v1/users', { email: 'x4@test.example', password: 'long-enough-password', role: 'merchant' })).status).toBe(403);
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
    expect((await client.post('/v1/users', { email: 'y@test.example', password: 'long-enough-password', role: 'admin' })).status).toBe(403);
  });
});
