import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { startEmbeddedDatabase } from '../../src/db/embedded.js';
import { embeddedTemplate, serverTemplate } from './database-template.js';

/**
 * A database of its own for one test file: a fresh database on the PostgreSQL server named by
 * TEST_DATABASE_URL or DATABASE_URL (dropped afterwards), or, on a machine without one or when asked for, an
 * in-memory PGlite. Either starts migrated, from a template (database-template.ts).
 */
export interface TestDatabase {
  url: string;
  /** True on a real PostgreSQL server. */
  real: boolean;
  drop(): Promise<void>;
}

export function serverUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

export async function createTestDatabase(options: { embedded?: boolean } = {}): Promise<TestDatabase> {
  const server = options.embedded ? undefined : serverUrl();
  if (!server) {
    const embedded = await startEmbeddedDatabase(undefined, undefined, await embeddedTemplate());
    return { url: embedded.url, real: false, drop: () => embedded.stop() };
  }
  const name = `orderhub_test_${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  const template = await serverTemplate(server);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    real: true,
    async drop() {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Plain SQL against a test database, for assertions on what is stored. */
export async function query<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
