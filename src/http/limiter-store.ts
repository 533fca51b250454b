import { Redis } from 'ioredis';
import type { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { Logger } from 'pino';
import { deleteInBatches } from '../db/batch-delete.js';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

// The one place that makes rate-limiter-flexible limiters, so that every limit of the hub (the API rate limit,
// login throttling, ...) holds across all hub processes: on PostgreSQL by default (one table, keys prefixed
// per limiter), on Redis when REDIS_URL is set. The embedded database is one process by design, so there the
// limiters live in memory.
//
// Usage:
//   const limiter = store.limiter({ name: 'login', points: 10, durationSeconds: 600 });
//   await limiter.consume(key)   // resolves RateLimiterRes, or rejects with a RateLimiterRes when over the limit
//   await limiter.get(key)       // current state without consuming (null: nothing consumed)
//   await limiter.delete(key)    // start the key again
// A rejection that is not a RateLimiterRes cannot happen from these limiters: when the store fails, each falls
// back to an in-memory limiter with the same limits (per process for the time of the outage), so a store
// outage never turns into failed requests.

/** The schema and table the PostgreSQL limiters share (created by migration Migration20261123210000_rate_limits). */
const LIMITER_SCHEMA = 'rate_limiter';
const LIMITER_TABLE = 'limits';

interface LimiterSpec {
  /** Keeps this limiter's keys apart from every other limiter's: 'api', 'login', ... (letters, digits, '-'). */
  name: string;
  /** Points that may be consumed per window. */
  points: number;
  /** Window length in seconds, counted from the first point consumed. */
  durationSeconds: number;
}

type LimiterStoreKind = 'postgres' | 'redis' | 'memory';

export interface LimiterStore {
  readonly kind: LimiterStoreKind;
  /** A limiter on this store; each name may be used once. */
  limiter(spec: LimiterSpec): RateLimiterAbstract;
  /** Closes the store's connections (the hub's stop). */
  close(): Promise<void>;
}

export interface LimiterStoreOptions {
  /** The hub's PostgreSQL; the store opens a small pool of its own on it. */
  databaseUrl: string;
  /** True on the embedded database (one process): limiters in memory. */
  embedded: boolean;
  /** REDIS_URL: limiters on Redis instead of PostgreSQL. */
  redisUrl?: string;
  /** REDIS_KEY_PREFIX: put before every Redis key, so hubs (or tests) sharing a Redis stay apart. */
  redisKeyPrefix: string;
  log: Logger;
}

const NAME = /^[a-z0-9-]{1,40}$/;

/** Opens the store named by the settings; a Redis that cannot be reached at start stops the hub. */
export async function openLimiterStore(options: LimiterStoreOptions): Promise<LimiterStore> {
  if (options.redisUrl) return redisStore(options.redisUrl, options.redisKeyPrefix, options.log);
  if (options.embedded)
    return storeOf(
      'memory',
      (spec) => new RateLimiterMemory(limits(spec)),
      async () => undefined,
    );
  return postgresStore(options.databaseUrl);
}

function limits(spec: LimiterSpec) {
  if (!NAME.test(spec.name)) throw new Error(`limiter name "${spec.name}" must match ${NAME}`);
  return { keyPrefix: spec.name, points: spec.points, duration: spec.durationSeconds };
}

function storeOf(
  kind: LimiterStoreKind,
  make: (spec: LimiterSpec) => RateLimiterAbstract,
  close: () => Promise<void>,
): LimiterStore {
  const names = new Set<string>();
  return {
    kind,
    limiter(spec) {
      if (names.has(spec.name)) throw new Error(`a limiter named "${spec.name}" exists already`);
      names.add(spec.name);
      return make(spec);
    },
    close,
  };
}

/** Logs the first store failure of an outage and the recovery, not every failed call. */
function outageLog(log: Logger, store: string) {
  let down = false;
  return {
    failed(error: unknown) {
      if (down) return;
      down = true;
      log.warn(
        { err: error instanceof Error ? error.message : String(error), store },
        'rate limiter store unreachable: limits are per process until it is back',
      );
    },
    ok() {
      if (!down) return;
      down = false;
      log.info({ store }, 'rate limiter store reachable again');
    },
  };
}

function postgresStore(databaseUrl: string): LimiterStore {
  // A few connections of its own: a limiter call is one short upsert. Rate limit counts are not worth a WAL
  // flush (a crash forgets at most the last moments of a window), and a database that does not answer a
  // connection within 2 s sends the call to the in-memory insurance limiter rather than holding the request.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 4,
    connectionTimeoutMillis: 2000,
    options: '-c synchronous_commit=off',
  });
  // An idle connection dropped by the server (an outage, a failover) is replaced on the next call; the
  // hub's own database watch (src/db/outage.ts) reports the outage once.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return storeOf(
    'postgres',
    (spec) => {
      const base = limits(spec);
      return new RateLimiterPostgres({
        ...base,
        storeClient: pool,
        storeType: 'pool',
        schemaName: LIMITER_SCHEMA,
        tableName: LIMITER_TABLE,
        tableCreated: true,
        // Expired rows are deleted in batches by housekeeping (src/maintenance.ts), not by a timer per limiter.
        clearExpiredByTimeout: false,
        insuranceLimiter: new RateLimiterMemory(base),
      });
    },
    () => pool.end(),
  );
}

async function redisStore(redisUrl: string, keyPrefix: string, log: Logger): Promise<LimiterStore> {
  // No offline queue and no retries per call: while Redis is away a call fails at once and the insurance
  // limiter decides, instead of requests waiting for a reconnect.
  const redis = new Redis(redisUrl, {
    keyPrefix,
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
  });
  const outage = outageLog(log, 'redis');
  redis.on('error', (error) => outage.failed(error));
  redis.on('ready', () => outage.ok());
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot connect to Redis (${error instanceof Error ? error.message : String(error)})`, {
      cause: error,
    });
  }
  return storeOf(
    'redis',
    (spec) => {
      const base = limits(spec);
      return new RateLimiterRedis({
        ...base,
        storeClient: redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(base),
      });
    },
    async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  );
}

/** Housekeeping: counts whose window ended more than an hour before `now` (rate-limiter-flexible's own rule), in batches. */
export function deleteExpiredLimits(orm: MikroORM, now: Date, batch: number): Promise<number> {
  return deleteInBatches(orm.em, `${LIMITER_SCHEMA}.${LIMITER_TABLE}`, 'expire < ?', [now.getTime() - 3600_000], batch);
}
