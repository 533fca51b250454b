import { createHash } from 'node:crypto';
import type { ClientAuthLimits } from '../auth/client-auth-throttle.js';
import type { LoginLimits } from '../auth/login-attempts.js';
import { DEFAULT_PASSWORD_HASH_COST } from '../common/crypto.js';
import { MAX_ANSWER_BYTES } from '../graphql/graphql-limits.js';
import { parseTrustedProxies } from '../http/forwarded.js';

// The one typed configuration of the hub. It is read from the environment once, at boot, validated, and
// frozen; nothing else in the code reads process.env. Defaults are documented here and in the README.

type HubEnv = 'development' | 'staging' | 'production';

export interface HubConfig {
  readonly hubEnv: HubEnv;
  /** HTTP port; 0 picks a free one (tests). Default 3000. */
  readonly port: number;
  /** The hub's own base URL ({base_url}); defaults to http://localhost:<port> (the bound port when PORT=0). */
  readonly publicBaseUrl: string;
  /** True when PUBLIC_BASE_URL was not set, so the hub derives it from the port it binds. */
  readonly publicBaseUrlFromPort: boolean;
  /** A real PostgreSQL; when absent the hub runs on embedded PGlite kept in dataDir. */
  readonly databaseUrl: string | undefined;
  /** Where the embedded database keeps its files. Default ./data. */
  readonly dataDir: string;
  readonly bootstrapAdmin: { email: string; password: string } | undefined;
  readonly bootstrapClient: { clientId: string; clientSecret: string } | undefined;
  /** Lets partner URLs point at loopback/private addresses; development and tests only. */
  readonly allowPrivatePartnerUrls: boolean;
  /** Seconds between delivery attempts; after the last one a delivery is FAILED. */
  readonly deliveryRetrySchedule: readonly number[];
  /** The delivery worker (src/delivery-engine/); defaults below, in loadConfig. */
  readonly delivery: DeliveryWorkerConfig;
  /**
   * The synchronous catalog pull from a POS must answer within this (CATALOG_PULL_TIMEOUT_MS, docs/contract.md "Calls
   * the hub makes": 15 s).
   */
  readonly catalogPullTimeoutMs: number;
  /**
   * How long the hub takes at most to answer a request before it answers for it: 503 database_unavailable
   * when the database does not answer (a network partition), else 503 overloaded, with Retry-After
   * (REQUEST_TIMEOUT_MS, default 10000: under the 30-60 s of common balancers; src/http/request-deadline.ts).
   * A catalog pull gets catalogPullTimeoutMs more.
   */
  readonly requestTimeoutMs: number;
  /** Admission control per process (src/http/admission.ts); defaults below, in loadConfig. */
  readonly admission: AdmissionConfig;
  /**
   * How long a request may wait for a connection of the database pool before it is answered 503 overloaded
   * (DATABASE_ACQUIRE_TIMEOUT_MS, default 1000; the pool's own acquire timeout, src/db/pool-timeout.ts).
   */
  readonly databaseAcquireTimeoutMs: number;
  /** Largest GraphQL answer in bytes (GRAPHQL_MAX_ANSWER_BYTES, default MAX_ANSWER_BYTES: 32 MiB, the largest body the hub accepts). */
  readonly graphqlMaxAnswerBytes: number;
  /** Token bucket per client; rps 0 turns rate limiting off. */
  readonly rateLimit: { rps: number; burst: number };
  /** Where rate limits are counted (src/http/limiter-store.ts): Redis when REDIS_URL is set, else the hub's PostgreSQL. */
  readonly limiterStore: { redisUrl: string | undefined; redisKeyPrefix: string };
  /** Days a DELIVERED delivery (and its attempts) is kept in the log before housekeeping deletes it (DELIVERY_RETENTION_DAYS, default 30). */
  readonly deliveryRetentionDays: number;
  /**
   * Days an application's event stays in its feed (GET /v1/events) before housekeeping deletes it, delivered or
   * not (EVENT_FEED_RETENTION_DAYS, default and least 7: partners that poll are promised a week).
   */
  readonly eventFeedRetentionDays: number;
  /** Days an entry of the activity log is kept before housekeeping deletes it (ACTIVITY_RETENTION_DAYS, default 365). */
  readonly activityRetentionDays: number;
  /**
   * The sandbox POS moves each order it receives one status on (ACCEPTED, PREPARING, READY, COMPLETED) every this
   * many milliseconds (SANDBOX_POS_PACE_MS, default 5000). The sandbox exists outside production only.
   */
  readonly sandboxPosPaceMs: number;
  /** Bearer token that GET /metrics asks for (METRICS_TOKEN, at least 16 characters); unset: no /metrics. */
  readonly metricsToken: string | undefined;
  /** Failed logins per e-mail and address, and per e-mail before slowing (src/auth/login-attempts.ts). */
  readonly login: LoginLimits;
  /** Failed client authentications per address at the token, introspection and revocation endpoints (src/auth/client-auth-throttle.ts). */
  readonly clientAuth: ClientAuthLimits;
  /** The web UI's sign-in session (src/auth/session/): idle timeout and absolute lifetime in seconds. */
  readonly uiSession: UiSessionConfig;
  /** Lifetimes in seconds. */
  readonly ttl: { accessToken: number; refreshToken: number; authCode: number };
  /** Pino level. Default info (silent under tests unless LOG_LEVEL is set). */
  readonly logLevel: string;
  /**
   * AES-256-GCM key for secrets the hub must read back (webhook secrets, connection credentials), and the
   * root from which cookie-signing keys are derived. ENCRYPTION_KEY: 32 bytes in base64; required in
   * production. Elsewhere, when unset, a fixed development key is derived from a constant (see
   * DEVELOPMENT_KEY_SEED): stable across restarts, so data written in development stays readable, and
   * never secret.
   */
  readonly encryptionKey: Buffer;
  /** True when encryptionKey is the derived development key. */
  readonly encryptionKeyIsDevelopmentKey: boolean;
  /** Production rules of docs/contract.md "Conventions". */
  readonly isProduction: boolean;
  /**
   * TRUST_PROXY: the reverse proxies whose X-Forwarded-For gives the client address (addresses, CIDR ranges,
   * or loopback/linklocal/uniquelocal, comma-separated). Unset: none, the connection's address is the client's.
   */
  readonly trustProxy: readonly string[] | undefined;
  /** The listening connection of live signals (src/live/live-listener.ts). */
  readonly live: LiveListenerConfig;
  /** What one caller may hold on subscription sockets (src/graphql/socket-limits.ts). */
  readonly subscriptions: SubscriptionLimitsConfig;
  /**
   * Milliseconds the hub's clock (src/common/clock.ts) is moved from the machine's for opening hours, holidays,
   * snoozes, busy mode and pauses (CLOCK_OFFSET_MS, default 0, may be negative; refused in production).
   */
  readonly clockOffsetMs: number;
  /**
   * Milliseconds a minute of an acceptance deadline or a delivery failure alert lasts (CLOCK_MINUTE_MS, default
   * 60000; refused in production): what lets a test see a deadline pass without waiting minutes.
   */
  readonly clockMinuteMs: number;
  /**
   * scrypt's cost for passwords hashed from now on, as log2 of N (PASSWORD_HASH_COST, default 15; production
   * refuses less). Each hash records its own parameters, so raising it later leaves stored passwords working.
   */
  readonly passwordHashCost: number;
}

export interface SubscriptionLimitsConfig {
  /** Live subscriptions one socket holds at once (LIVE_SUBSCRIPTIONS_PER_SOCKET, default 25). */
  readonly perSocket: number;
  /** Live subscriptions one user (or application) holds at once in one hub process (LIVE_SUBSCRIPTIONS_PER_USER, default 100). */
  readonly perUser: number;
}

interface LiveListenerConfig {
  /** First wait before connecting again after the connection is lost, doubled per failure (LIVE_RECONNECT_DELAY_MS, default 100). */
  readonly reconnectDelayMs: number;
  /** The longest wait between attempts (LIVE_RECONNECT_MAX_DELAY_MS, default 5000). */
  readonly maxReconnectDelayMs: number;
  /** How often the connection is checked with a query, to find one that died without an error (LIVE_CHECK_INTERVAL_MS, default 10000; 0: never). */
  readonly checkIntervalMs: number;
}

interface DeliveryWorkerConfig {
  /**
   * Requests to partners in flight at once in one hub process (DELIVERY_CONCURRENCY, default 1024): far
   * above the per-endpoint limit, so many dead partners together still leave room for the healthy ones.
   */
  readonly concurrency: number;
  /** Requests in flight at once per partner endpoint (origin) in one process, so a slow partner holds only its own slots (DELIVERY_ENDPOINT_CONCURRENCY, default 64). */
  readonly endpointConcurrency: number;
  /**
   * A partner answer must arrive within this (PARTNER_TIMEOUT_MS, default 10000: docs/contract.md "Calls the hub
   * makes").
   */
  readonly partnerTimeoutMs: number;
  /**
   * Fallback poll when no LISTEN/NOTIFY wake-up arrives (DELIVERY_POLL_INTERVAL_MS). Default 2000, as NOTIFY
   * wakes the worker at once: on PostgreSQL through LISTEN, on the embedded database through the process that
   * serves it (it cannot deliver notifications across its socket connections); 100 on an embedded database
   * that another process serves, where nothing else wakes it.
   */
  readonly pollIntervalMs: number | undefined;
  /** How often a process looks for deliveries left behind by a dead process (DELIVERY_RECLAIM_INTERVAL_MS, default 5000). */
  readonly reclaimIntervalMs: number;
}

export interface AdmissionConfig {
  /**
   * Requests in progress at once in one process (ADMISSION_MAX_IN_FLIGHT, default 32; 0 turns admission
   * control off). About three times the database pool: enough to keep the pool and the CPU busy, few enough
   * that an admitted request is not left waiting behind hundreds of others.
   */
  readonly maxInFlight: number;
  /** Of those, how many may be low priority: catalog imports, menu publications, GraphQL reads (ADMISSION_LOW_PRIORITY_MAX_IN_FLIGHT, default a quarter of maxInFlight). */
  readonly lowPriorityMaxInFlight: number;
  /** Requests that may wait for a slot (ADMISSION_MAX_QUEUED, default 64); beyond that, 503 at once. */
  readonly maxQueued: number;
  /** How long a request may wait for a slot before it is answered 503 (ADMISSION_QUEUE_TIMEOUT_MS, default 25). */
  readonly queueTimeoutMs: number;
  /** The Retry-After of a 503 overloaded, in seconds (OVERLOAD_RETRY_AFTER_SECONDS, default 1). */
  readonly retryAfterSeconds: number;
}

export interface UiSessionConfig {
  /** A session unused for this long ends (UI_SESSION_IDLE_SECONDS, default 1800: 30 minutes). */
  readonly idleSeconds: number;
  /** A session ends this long after sign-in, used or not (UI_SESSION_ABSOLUTE_SECONDS, default 43200: 12 hours). */
  readonly absoluteSeconds: number;
  /** The access token is refreshed when it expires within this (UI_SESSION_REFRESH_MARGIN_SECONDS, default 60). */
  readonly refreshMarginSeconds: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

// docs/contract.md "Calls the hub makes": about 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h, for up to 3
// days.
const DEFAULT_RETRY_SCHEDULE = (() => {
  const schedule = [5, 30, 120, 600, 1800, 3600];
  let elapsed = schedule.reduce((a, b) => a + b, 0);
  while (elapsed + 3 * 3600 <= 3 * 24 * 3600) {
    schedule.push(3 * 3600);
    elapsed += 3 * 3600;
  }
  return schedule;
})();

function number(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new ConfigError(`${name} must be a number >= 0, got "${raw}"`);
  return value;
}

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  }
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function pair<K extends string>(env: Env, a: string, b: string, keys: [K, K]): Record<K, string> | undefined {
  const first = env[a];
  const second = env[b];
  if (!first && !second) return undefined;
  if (!first || !second) throw new ConfigError(`${a} and ${b} must be set together`);
  return { [keys[0]]: first, [keys[1]]: second } as Record<K, string>;
}

/** The public seed of the development encryption key; a key derived from it protects nothing. */
export const DEVELOPMENT_KEY_SEED = 'order-hub development encryption key: not secret, never use in production';

function encryptionKey(env: Env, isProduction: boolean): { key: Buffer; development: boolean } {
  const raw = env.ENCRYPTION_KEY;
  if (raw === undefined || raw === '') {
    if (isProduction) throw new ConfigError('ENCRYPTION_KEY is required in production (32 random bytes, base64)');
    return { key: createHash('sha256').update(DEVELOPMENT_KEY_SEED).digest(), development: true };
  }
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32 || key.toString('base64').replace(/=+$/, '') !== raw.trim().replace(/=+$/, '')) {
    throw new ConfigError('ENCRYPTION_KEY must be 32 bytes in base64 (for example: openssl rand -base64 32)');
  }
  return { key, development: false };
}

function retrySchedule(env: Env): number[] {
  const raw = env.DELIVERY_RETRY_SCHEDULE;
  if (raw === undefined || raw.trim() === '') return DEFAULT_RETRY_SCHEDULE;
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.some((v) => !Number.isFinite(v) || v < 0)) {
    throw new ConfigError(`DELIVERY_RETRY_SCHEDULE must be comma-separated seconds, got "${raw}"`);
  }
  return values;
}

function admission(env: Env): AdmissionConfig {
  const maxInFlight = integer(env, 'ADMISSION_MAX_IN_FLIGHT', 32, 0);
  const lowPriorityMaxInFlight = integer(
    env,
    'ADMISSION_LOW_PRIORITY_MAX_IN_FLIGHT',
    Math.max(1, Math.floor(maxInFlight / 4)),
    1,
  );
  if (maxInFlight > 0 && lowPriorityMaxInFlight > maxInFlight) {
    throw new ConfigError(
      `ADMISSION_LOW_PRIORITY_MAX_IN_FLIGHT (${lowPriorityMaxInFlight}) must not exceed ADMISSION_MAX_IN_FLIGHT (${maxInFlight})`,
    );
  }
  return Object.freeze({
    maxInFlight,
    lowPriorityMaxInFlight,
    maxQueued: integer(env, 'ADMISSION_MAX_QUEUED', 64, 0),
    queueTimeoutMs: integer(env, 'ADMISSION_QUEUE_TIMEOUT_MS', 25, 1),
    retryAfterSeconds: integer(env, 'OVERLOAD_RETRY_AFTER_SECONDS', 1, 1),
  });
}

function metricsToken(env: Env): string | undefined {
  const raw = env.METRICS_TOKEN;
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 16)
    throw new ConfigError('METRICS_TOKEN must be at least 16 characters (for example: openssl rand -hex 24)');
  return raw;
}

function redisUrl(env: Env): string | undefined {
  const raw = env.REDIS_URL;
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`REDIS_URL is not a URL: "${raw}"`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new ConfigError(`REDIS_URL must start with redis:// or rediss://, got "${raw}"`);
  return raw;
}

function clockOffset(env: Env, isProduction: boolean): number {
  const raw = env.CLOCK_OFFSET_MS;
  if (raw === undefined || raw === '') return 0;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new ConfigError(`CLOCK_OFFSET_MS must be an integer, got "${raw}"`);
  if (isProduction && value !== 0) throw new ConfigError('CLOCK_OFFSET_MS is refused in production');
  return value;
}

function clockMinute(env: Env, isProduction: boolean): number {
  const value = integer(env, 'CLOCK_MINUTE_MS', 60_000, 1);
  if (isProduction && value !== 60_000) throw new ConfigError('CLOCK_MINUTE_MS is refused in production');
  return value;
}

function passwordHashCost(env: Env, isProduction: boolean): number {
  const value = integer(env, 'PASSWORD_HASH_COST', DEFAULT_PASSWORD_HASH_COST, 10);
  // scrypt's memory is 128 * r * N bytes: 2^20 is 1 GiB per login, past what a hub should ever spend.
  if (value > 20) throw new ConfigError(`PASSWORD_HASH_COST must be 20 at most, got "${value}"`);
  if (isProduction && value < DEFAULT_PASSWORD_HASH_COST)
    throw new ConfigError(`PASSWORD_HASH_COST below ${DEFAULT_PASSWORD_HASH_COST} is refused in production`);
  return value;
}

function trustedProxies(env: Env): string[] | undefined {
  const raw = env.TRUST_PROXY;
  if (raw === undefined || raw.trim() === '' || raw === 'false') return undefined;
  const proxies = parseTrustedProxies(raw);
  if (!proxies)
    throw new ConfigError(
      `TRUST_PROXY must be proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal, comma-separated, got "${raw}"`,
    );
  return proxies;
}

export function loadConfig(env: Env = process.env): HubConfig {
  const { hubEnv, isProduction, port, publicBaseUrl, allowPrivatePartnerUrls } = environment(env);
  const encryption = encryptionKey(env, isProduction);
  // The settings are read in this order, so of several wrong ones the first is the one reported.
  const config: HubConfig = {
    hubEnv,
    port,
    publicBaseUrl,
    publicBaseUrlFromPort: !env.PUBLIC_BASE_URL,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './data',
    bootstrapAdmin: pair(env, 'BOOTSTRAP_ADMIN_EMAIL', 'BOOTSTRAP_ADMIN_PASSWORD', ['email', 'password']),
    bootstrapClient: pair(env, 'BOOTSTRAP_CLIENT_ID', 'BOOTSTRAP_CLIENT_SECRET', ['clientId', 'clientSecret']),
    allowPrivatePartnerUrls,
    deliveryRetrySchedule: Object.freeze(retrySchedule(env)),
    delivery: deliveryWorker(env),
    catalogPullTimeoutMs: integer(env, 'CATALOG_PULL_TIMEOUT_MS', 15_000, 1),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 10_000, 2),
    admission: admission(env),
    databaseAcquireTimeoutMs: integer(env, 'DATABASE_ACQUIRE_TIMEOUT_MS', 1000, 1),
    graphqlMaxAnswerBytes: integer(env, 'GRAPHQL_MAX_ANSWER_BYTES', MAX_ANSWER_BYTES, 1),
    rateLimit: Object.freeze({ rps: number(env, 'RATE_LIMIT_RPS', 50), burst: integer(env, 'RATE_LIMIT_BURST', 200) }),
    limiterStore: Object.freeze({ redisUrl: redisUrl(env), redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'orderhub:' }),
    metricsToken: metricsToken(env),
    deliveryRetentionDays: number(env, 'DELIVERY_RETENTION_DAYS', 30),
    eventFeedRetentionDays: integer(env, 'EVENT_FEED_RETENTION_DAYS', 7, 7),
    activityRetentionDays: number(env, 'ACTIVITY_RETENTION_DAYS', 365),
    sandboxPosPaceMs: integer(env, 'SANDBOX_POS_PACE_MS', 5000, 1),
    ...signInSettings(env),
    logLevel: env.LOG_LEVEL ?? 'info',
    encryptionKey: encryption.key,
    encryptionKeyIsDevelopmentKey: encryption.development,
    isProduction,
    trustProxy: trustedProxies(env),
    ...liveConnections(env),
    clockOffsetMs: clockOffset(env, isProduction),
    clockMinuteMs: clockMinute(env, isProduction),
    passwordHashCost: passwordHashCost(env, isProduction),
  };
  return Object.freeze(config);
}

/** HUB_ENV, and what production refuses of the port and the URLs: checked first, before any other setting. */
function environment(env: Env) {
  const hubEnv = (env.HUB_ENV ?? 'development') as HubEnv;
  if (!['development', 'staging', 'production'].includes(hubEnv)) {
    throw new ConfigError(`HUB_ENV must be development, staging or production, got "${env.HUB_ENV}"`);
  }
  const isProduction = hubEnv === 'production';
  const port = integer(env, 'PORT', 3000);
  const publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicBaseUrl);
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL is not a URL: "${publicBaseUrl}"`);
  }
  const allowPrivatePartnerUrls = boolean(env, 'ALLOW_PRIVATE_PARTNER_URLS', false);
  if (isProduction) {
    if (allowPrivatePartnerUrls) throw new ConfigError('ALLOW_PRIVATE_PARTNER_URLS is refused in production');
    if (!publicBaseUrl.startsWith('https://')) throw new ConfigError('PUBLIC_BASE_URL must be https in production');
  }
  return { hubEnv, isProduction, port, publicBaseUrl, allowPrivatePartnerUrls };
}

function deliveryWorker(env: Env): DeliveryWorkerConfig {
  return Object.freeze({
    concurrency: integer(env, 'DELIVERY_CONCURRENCY', 1024, 1),
    endpointConcurrency: integer(env, 'DELIVERY_ENDPOINT_CONCURRENCY', 64, 1),
    partnerTimeoutMs: integer(env, 'PARTNER_TIMEOUT_MS', 10_000, 1),
    pollIntervalMs: env.DELIVERY_POLL_INTERVAL_MS ? integer(env, 'DELIVERY_POLL_INTERVAL_MS', 2000, 1) : undefined,
    reclaimIntervalMs: integer(env, 'DELIVERY_RECLAIM_INTERVAL_MS', 5000, 1),
  });
}

/** Failed logins and client authentications, the web UI's session, and token lifetimes. */
function signInSettings(env: Env): Pick<HubConfig, 'login' | 'clientAuth' | 'uiSession' | 'ttl'> {
  return {
    login: Object.freeze({
      maxFailures: integer(env, 'LOGIN_MAX_FAILURES', 10, 0),
      refillSeconds: integer(env, 'LOGIN_FAILURE_REFILL_SECONDS', 60, 1),
      slowdownMs: integer(env, 'LOGIN_SLOWDOWN_MS', 1000, 0),
    }),
    clientAuth: Object.freeze({
      maxFailures: integer(env, 'CLIENT_AUTH_MAX_FAILURES', 20, 0),
      windowSeconds: integer(env, 'CLIENT_AUTH_WINDOW_SECONDS', 60, 1),
    }),
    uiSession: Object.freeze({
      idleSeconds: integer(env, 'UI_SESSION_IDLE_SECONDS', 1800, 1),
      absoluteSeconds: integer(env, 'UI_SESSION_ABSOLUTE_SECONDS', 12 * 3600, 1),
      refreshMarginSeconds: integer(env, 'UI_SESSION_REFRESH_MARGIN_SECONDS', 60, 0),
    }),
    ttl: Object.freeze({
      accessToken: integer(env, 'ACCESS_TOKEN_TTL', 3600, 1),
      refreshToken: integer(env, 'REFRESH_TOKEN_TTL', 30 * 24 * 3600, 1),
      authCode: integer(env, 'AUTH_CODE_TTL', 60, 1),
    }),
  };
}

/** The live listener's connection and the subscription sockets' limits. */
function liveConnections(env: Env): Pick<HubConfig, 'live' | 'subscriptions'> {
  return {
    live: Object.freeze({
      reconnectDelayMs: integer(env, 'LIVE_RECONNECT_DELAY_MS', 100, 1),
      maxReconnectDelayMs: integer(env, 'LIVE_RECONNECT_MAX_DELAY_MS', 5000, 1),
      checkIntervalMs: integer(env, 'LIVE_CHECK_INTERVAL_MS', 10_000, 0),
    }),
    subscriptions: Object.freeze({
      perSocket: integer(env, 'LIVE_SUBSCRIPTIONS_PER_SOCKET', 25, 1),
      perUser: integer(env, 'LIVE_SUBSCRIPTIONS_PER_USER', 100, 1),
    }),
  };
}
