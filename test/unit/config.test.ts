import { ConfigError, loadConfig } from '../../src/config/config.js';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.hubEnv).toBe('development');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.ttl).toEqual({ accessToken: 3600, refreshToken: 30 * 24 * 3600, authCode: 60 });
    expect(config.rateLimit).toEqual({ rps: 50, burst: 200 });
    expect(config.admission).toEqual({
      maxInFlight: 32,
      lowPriorityMaxInFlight: 8,
      maxQueued: 64,
      queueTimeoutMs: 25,
      retryAfterSeconds: 1,
    });
    expect(config.databaseAcquireTimeoutMs).toBe(1000);
    expect(config.limiterStore).toEqual({ redisUrl: undefined, redisKeyPrefix: 'orderhub:' });
    // about 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h, for up to 3 days
    expect(config.deliveryRetrySchedule.slice(0, 7)).toEqual([5, 30, 120, 600, 1800, 3600, 10800]);
    const total = config.deliveryRetrySchedule.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(3 * 24 * 3600);
    expect(total).toBeGreaterThan(3 * 24 * 3600 - 3 * 3600);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HUB_ENV: 'staging',
      PUBLIC_BASE_URL: 'https://hub.example/',
      DELIVERY_RETRY_SCHEDULE: '1, 2,3',
      RATE_LIMIT_RPS: '0',
      ACCESS_TOKEN_TTL: '60',
      BOOTSTRAP_ADMIN_EMAIL: 'a@b.c',
      BOOTSTRAP_ADMIN_PASSWORD: 'pw',
      REDIS_URL: 'redis://cache.internal:6379/2',
      REDIS_KEY_PREFIX: 'hub-a:',
    });
    expect(config.limiterStore).toEqual({ redisUrl: 'redis://cache.internal:6379/2', redisKeyPrefix: 'hub-a:' });
    expect(config.publicBaseUrl).toBe('https://hub.example');
    expect(config.deliveryRetrySchedule).toEqual([1, 2, 3]);
    expect(config.rateLimit.rps).toBe(0);
    expect(config.ttl.accessToken).toBe(60);
    expect(config.bootstrapAdmin).toEqual({ email: 'a@b.c', password: 'pw' });
  });

  it('reads the password hash cost, 10 to 20, and refuses less than the default in production', () => {
    expect(loadConfig({}).passwordHashCost).toBe(15);
    expect(loadConfig({ PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9' })).toThrow(/PASSWORD_HASH_COST must be an integer >= 10/);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '21' })).toThrow(/PASSWORD_HASH_COST must be 20 at most/);
    const production = {
      HUB_ENV: 'production',
      PUBLIC_BASE_URL: 'https://hub.example',
      DATABASE_URL: 'postgresql://db.internal/hub',
      ENCRYPTION_KEY: KEY,
    };
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: '14' })).toThrow(
      'PASSWORD_HASH_COST below 15 is refused in production',
    );
    expect(loadConfig({ ...production, PASSWORD_HASH_COST: '16' }).passwordHashCost).toBe(16);
  });

  it('reads the admission settings, and refuses more low-priority slots than slots', () => {
    const config = loadConfig({
      ADMISSION_MAX_IN_FLIGHT: '10',
      ADMISSION_MAX_QUEUED: '0',
      ADMISSION_QUEUE_TIMEOUT_MS: '20',
      OVERLOAD_RETRY_AFTER_SECONDS: '3',
      DATABASE_ACQUIRE_TIMEOUT_MS: '250',
    });
    expect(config.admission).toEqual({
      maxInFlight: 10,
      lowPriorityMaxInFlight: 2,
      maxQueued: 0,
      queueTimeoutMs: 20,
      retryAfterSeconds: 3,
    });
    expect(config.databaseAcquireTimeoutMs).toBe(250);
    expect(loadConfig({ ADMISSION_MAX_IN_FLIGHT: '0' }).admission.maxInFlight).toBe(0);
    expect(() => loadConfig({ ADMISSION_MAX_IN_FLIGHT: '4', ADMISSION_LOW_PRIORITY_MAX_IN_FLIGHT: '5' })).toThrow(
      ConfigError,
    );
  });

  it('derives a fixed development encryption key when ENCRYPTION_KEY is unset, and reads a given one', () => {
    const a = loadConfig({});
    expect(a.encryptionKeyIsDevelopmentKey).toBe(true);
    expect(a.encryptionKey).toEqual(loadConfig({}).encryptionKey);
    const b = loadConfig({ ENCRYPTION_KEY: KEY });
    expect(b.encryptionKeyIsDevelopmentKey).toBe(false);
    expect(b.encryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(
      loadConfig({ HUB_ENV: 'production', PUBLIC_BASE_URL: 'https://h.example', ENCRYPTION_KEY: KEY }).isProduction,
    ).toBe(true);
  });

  it.each([
    [{ HUB_ENV: 'prod' }, /HUB_ENV/],
    [{ PORT: 'abc' }, /PORT/],
    [{ DELIVERY_RETRY_SCHEDULE: '1,x' }, /DELIVERY_RETRY_SCHEDULE/],
    [{ BOOTSTRAP_CLIENT_ID: 'only-id' }, /BOOTSTRAP_CLIENT_SECRET/],
    [{ HUB_ENV: 'production', PUBLIC_BASE_URL: 'https://h.example' }, /ENCRYPTION_KEY/],
    [{ ENCRYPTION_KEY: 'c2hvcnQ=' }, /ENCRYPTION_KEY/],
    [
      {
        HUB_ENV: 'production',
        PUBLIC_BASE_URL: 'https://h.example',
        ENCRYPTION_KEY: KEY,
        ALLOW_PRIVATE_PARTNER_URLS: 'true',
      },
      /ALLOW_PRIVATE/,
    ],
    [{ HUB_ENV: 'production', PUBLIC_BASE_URL: 'http://h.example' }, /https/],
    [{ REDIS_URL: 'cache.internal:6379' }, /REDIS_URL/],
    [{ REDIS_URL: 'http://cache.internal' }, /REDIS_URL/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
