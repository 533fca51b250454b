import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createTestDatabase, query, type TestDatabase } from '../support/database.js';
import { startChildHub, type ChildHub } from '../support/child-hub.js';
import { HttpClient } from '../support/http.js';
import { describeOnServer } from '../support/on-server.js';
import { adminTokenAt, HUB_START_TIMEOUT_MS, TEST_ADMIN, TEST_CLIENT, testEnv } from '../support/test-hub.js';

// Rate limits hold across hub processes (src/http/limiter-store.ts): two hubs on one database share one
// budget per caller, on PostgreSQL by default and on Redis when REDIS_URL is set; so do failed logins. Counted in processes,
// each hub alone would let the whole burst through. One request per 100 s sustained keeps refill out of
// the test however slow the machine. Needs a PostgreSQL server (several processes cannot share PGlite)
// and the Redis at 127.0.0.1:6379 (REDIS_TEST_URL), which CI starts.

const BURST = 4;
/**
 * Each test starts two hub processes (the first migrates): seconds on a quiet machine, over 30 s on a busy one,
 * so the wait is said here rather than left to jest's default: two starts of up to 90 s each (startChildHub).
 */
const TWO_PROCESSES_MS = 200_000;
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

describeOnServer('the API rate limit across two hub processes', () => {
  let db: TestDatabase;
  const hubs: ChildHub[] = [];

  beforeEach(async () => {
    db = await createTestDatabase();
  }, HUB_START_TIMEOUT_MS);
  afterEach(async () => {
    await Promise.all(
      hubs.splice(0).map((hub) => {
        hub.process.kill('SIGKILL');
        return hub.exited;
      }),
    );
    await db.drop();
  });

  async function twoHubs(env: Record<string, string>): Promise<[HttpClient, HttpClient]> {
    const settings = testEnv(db.url, { RATE_LIMIT_RPS: '0.01', RATE_LIMIT_BURST: String(BURST), ...env });
    // The first migrates the database; the second starts on it.
    hubs.push(await startChildHub(settings));
    hubs.push(await startChildHub(settings));
    // One admin token, valid at both: the same caller, so the same budget.
    const token = await adminTokenAt(hubs[0].url);
    return [hubs[0].client(token), hubs[1].client(token)];
  }

  async function expectOneBudget([a, b]: [HttpClient, HttpClient]): Promise<void> {
    const statuses: number[] = [];
    const remaining: (string | null)[] = [];
    for (let i = 0; i < BURST + 2; i++) {
      const res = await (i % 2 === 0 ? a : b).get('/v1/accounts');
      statuses.push(res.status);
      remaining.push(res.headers.get('ratelimit-remaining'));
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // Alone, each hub would have answered all three of its requests.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(remaining).toEqual(['3', '2', '1', '0', '0', '0']);
  }

  it(
    'on PostgreSQL (the default)',
    async () => {
      await expectOneBudget(await twoHubs({}));
      expect(await query(db.url, 'select key, points from rate_limiter.limits')).toEqual([
        { key: expect.stringMatching(/^api:user:/), points: BURST + 2 },
      ]);
    },
    TWO_PROCESSES_MS,
  );

  it(
    'counts failed logins of both processes together (login throttling)',
    async () => {
      // LOGIN_SLOWDOWN_MS 0: only the refusal is under test, not the slowing per e-mail.
      const settings = testEnv(db.url, { LOGIN_MAX_FAILURES: '3', LOGIN_SLOWDOWN_MS: '0' });
      hubs.push(await startChildHub(settings));
      hubs.push(await startChildHub(settings));
      const grant = (hub: ChildHub, password: string) =>
        hub.client(null).post('/oauth2/token', {
          grant_type: 'password',
          username: TEST_ADMIN.email,
          password,
          client_id: TEST_CLIENT.clientId,
          client_secret: TEST_CLIENT.clientSecret,
        });
      // Three failures from one address, spread over both hubs: each alone has seen fewer than its limit.
      for (const hub of [hubs[0], hubs[1], hubs[0]])
        expect((await grant(hub, 'not-the-password')).body.error).toBe('invalid_grant');
      const refused = await grant(hubs[1], TEST_ADMIN.password);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('rate_limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    },
    TWO_PROCESSES_MS,
  );

  it(
    'on Redis when REDIS_URL is set, under the key prefix given',
    async () => {
      const prefix = `orderhub-test-${randomBytes(6).toString('hex')}:`;
      const redis = new Redis(REDIS_URL);
      try {
        await expectOneBudget(await twoHubs({ REDIS_URL, REDIS_KEY_PREFIX: prefix }));
        // The budget was counted in Redis under the prefix (and not in PostgreSQL).
        expect((await redis.keys(`${prefix}*`)).length).toBeGreaterThan(0);
        expect(await query(db.url, 'select * from rate_limiter.limits')).toEqual([]);
      } finally {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        redis.disconnect();
      }
    },
    TWO_PROCESSES_MS,
  );
});
