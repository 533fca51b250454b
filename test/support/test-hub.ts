import { loadConfig } from '../../src/config/config.js';
import { createLogger } from '../../src/common/logger.js';
import { startHub, type HubOptions, type RunningHub } from '../../src/hub.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { HttpClient } from './http.js';

export const TEST_ADMIN_KEY = 'test-admin-key-0123456789';

export interface TestHub {
  hub: RunningHub;
  db: TestDatabase;
  url: string;
  /** A client carrying an admin's token. */
  admin: HttpClient;
  /** A client with no token. */
  anonymous: HttpClient;
  stop(): Promise<void>;
}

/** The environment a test hub runs with; tests add or override settings. */
export function testEnv(databaseUrl: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    HUB_ENV: 'development',
    PORT: '0',
    DATABASE_URL: databaseUrl,
    DEV_ADMIN_KEY: TEST_ADMIN_KEY,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ALLOW_PRIVATE_PARTNER_URLS: 'true',
    DELIVERY_RETRY_SCHEDULE: '0.05,0.1',
    RATE_LIMIT_RPS: '0',
    ...overrides,
  };
}

/** A hub in this process on a free port, over HTTP, on its own database; responses checked against OpenAPI. */
export async function startTestHub(overrides: Record<string, string> = {}, options: HubOptions = {}): Promise<TestHub> {
  const db = await createTestDatabase();
  const config = loadConfig(testEnv(db.url, overrides));
  const hub = await startHub(config, createLogger(config.logLevel), { validateResponses: true, ...options });
  return {
    hub,
    db,
    url: hub.url,
    admin: new HttpClient(hub.url, TEST_ADMIN_KEY),
    anonymous: new HttpClient(hub.url, null),
    async stop() {
      await hub.stop();
      await db.drop();
    },
  };
}
