import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_JS, MAIN_JS, runToExit, startChildHub } from '../support/child-hub.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { describeOnServer } from '../support/on-server.js';
import { adminTokenAt, HUB_START_TIMEOUT_MS, TEST_ADMIN, TEST_CLIENT, testEnv } from '../support/test-hub.js';

// What a first-time user meets on the README path, in real processes: a port already taken, a second
// `npm start` on the same ./data (and a crashed hub's leftover lock), and a lost admin password.

const embeddedEnv = (dataDir: string, overrides: Record<string, string> = {}) => ({
  ...testEnv(''),
  DATABASE_URL: '',
  DATA_DIR: dataDir,
  ...overrides,
});

function passwordGrant(url: string, password: string) {
  return fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: TEST_ADMIN.email,
      password,
      client_id: TEST_CLIENT.clientId,
      client_secret: TEST_CLIENT.clientSecret,
    }),
  });
}

/**
 * What a process said on stderr. On Node 20 less oidc-provider's notice that it is past its support (printed
 * when the module loads); on Node 22 and 24 (CI runs the suite on 24 too) everything: no runtime warning at all.
 */
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
const said = (stderr: string) =>
  NODE_MAJOR >= 22 ? stderr : stderr.replace(/^oidc-provider WARNING: Unsupported runtime\..*\n/m, '');

/** The one line the admin command prints the new password on. */
const newPassword = (stdout: string) => /password: (\S+)/.exec(stdout)?.[1];

describe('start-up checks on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'orderhub-startup-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('says in one line that the port is taken, before opening the database', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const { port } = taken.address() as AddressInfo;
    const dir = join(dataDir, 'port');
    try {
      const run = await runToExit(MAIN_JS, [], embeddedEnv(dir, { PORT: String(port) }));
      expect(run.code).toBe(1);
      expect(said(run.stderr)).toBe(`port ${port} is in use; set PORT\n`);
      expect(run.stdout).toBe('');
      // The embedded database was never created, and the data directory is not left locked.
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(false);
      expect(existsSync(join(dir, 'orderhub.pid'))).toBe(false);
    } finally {
      taken.close();
    }
  }, 60_000);

  it('refuses a second hub on the same data directory at once, and a crashed hub does not leave it stuck', async () => {
    const first = await startChildHub(embeddedEnv(dataDir));
    try {
      const second = await runToExit(MAIN_JS, [], embeddedEnv(dataDir));
      expect(second.code).toBe(1);
      expect(said(second.stderr)).toBe(
        `another hub is using ${dataDir} (pid ${first.process.pid}); stop it, or set DATA_DIR or DATABASE_URL\n`,
      );
      // The first one did not notice.
      expect((await first.client(null).get('/readyz')).status).toBe(200);
      if (NODE_MAJOR >= 22) expect(first.output()).not.toMatch(/warning/i);
    } finally {
      first.process.kill('SIGKILL');
      await first.exited;
    }
    expect(readFileSync(join(dataDir, 'orderhub.pid'), 'utf8').trim()).toBe(String(first.process.pid));
    const after = await startChildHub(embeddedEnv(dataDir));
    expect((await after.client(await adminTokenAt(after.url)).get('/v1/accounts')).status).toBe(200);
    after.process.kill('SIGTERM');
    expect(await after.exited).toBe(0);
    expect(existsSync(join(dataDir, 'orderhub.pid'))).toBe(false);
  }, 240_000);

  it('resets a lost admin password with `npm run admin -- reset-password`, refusing while a hub holds the data', async () => {
    const script = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).scripts
      .admin as string;
    expect(script).toMatch(/node dist\/src\/admin\.js$/);

    const hub = await startChildHub(embeddedEnv(dataDir));
    try {
      const busy = await runToExit(ADMIN_JS, ['reset-password', TEST_ADMIN.email], embeddedEnv(dataDir));
      expect(busy.code).toBe(1);
      expect(said(busy.stderr)).toBe(
        `another hub is using ${dataDir} (pid ${hub.process.pid}); stop it, or set DATA_DIR or DATABASE_URL\n`,
      );
    } finally {
      hub.process.kill('SIGTERM');
      await hub.exited;
    }

    const unknown = await runToExit(ADMIN_JS, ['reset-password', 'nobody@example.com'], embeddedEnv(dataDir));
    expect(unknown.code).toBe(1);
    expect(said(unknown.stderr)).toBe('User nobody@example.com not found\n');
    const reset = await runToExit(ADMIN_JS, ['reset-password', TEST_ADMIN.email], embeddedEnv(dataDir));
    expect(reset.code).toBe(0);
    const password = newPassword(reset.stdout)!;
    expect(password).toHaveLength(24);

    const again = await startChildHub(embeddedEnv(dataDir));
    try {
      expect((await passwordGrant(again.url, password)).status).toBe(200);
      expect((await passwordGrant(again.url, TEST_ADMIN.password)).status).toBe(400);
    } finally {
      again.process.kill('SIGTERM');
      await again.exited;
    }
  }, 240_000);

  it('explains its usage', async () => {
    const run = await runToExit(ADMIN_JS, ['reset-pasword', 'x@example.com'], embeddedEnv(join(dataDir, 'usage')));
    expect(run.code).toBe(1);
    expect(said(run.stderr)).toBe('usage: npm run admin -- reset-password <email>\n');
  });
});

describeOnServer('npm run admin on DATABASE_URL', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  }, HUB_START_TIMEOUT_MS);
  afterAll(() => db.drop());

  it('resets the password while the hub runs, and ends the tokens the old one gave', async () => {
    const hub = await startChildHub(testEnv(db.url));
    try {
      const oldToken = await adminTokenAt(hub.url);
      expect((await hub.client(oldToken).get('/v1/accounts')).status).toBe(200);
      const reset = await runToExit(ADMIN_JS, ['reset-password', TEST_ADMIN.email.toUpperCase()], testEnv(db.url));
      expect(said(reset.stderr)).toBe('');
      expect(reset.code).toBe(0);
      const password = newPassword(reset.stdout)!;
      expect((await hub.client(oldToken).get('/v1/accounts')).status).toBe(401);
      expect((await passwordGrant(hub.url, TEST_ADMIN.password)).status).toBe(400);
      const fresh = await passwordGrant(hub.url, password);
      expect(fresh.status).toBe(200);
    } finally {
      hub.process.kill('SIGTERM');
      await hub.exited;
    }
  }, 120_000);
});
