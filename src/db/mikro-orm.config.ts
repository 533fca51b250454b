import { ReflectMetadataProvider } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { fileURLToPath } from 'node:url';
import { ENTITIES } from './entities.js';

/** Compiled migrations, beside this file in dist/. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
/** Their TypeScript sources: where `npm run migration:create` writes. */
export const MIGRATIONS_SOURCE_DIR = fileURLToPath(new URL('../../../src/db/migrations', import.meta.url));

/** The pool of one hub process. */
export const POOL_SIZE = { min: 0, max: 10 };

export function ormOptions(clientUrl: string, overrides: Partial<Options> = {}): Options {
  return defineConfig({
    clientUrl,
    entities: ENTITIES,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    // The schema is made only by committed migrations (never schema update); snapshots are off so a new
    // migration is always the diff against a database that ran every committed one.
    migrations: {
      path: MIGRATIONS_DIR,
      glob: '!(*.d).js',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      silent: true,
    },
    // graphile-worker's schema (scheduled tasks) is installed and migrated by graphile-worker itself;
    // rate_limiter's table belongs to rate-limiter-flexible (src/http/limiter-store.ts); order_reports holds
    // rollups that triggers keep (its migration, src/modules/reports).
    schemaGenerator: { ignoreSchema: ['graphile_worker', 'rate_limiter', 'order_reports'] },
    pool: POOL_SIZE,
    // knex prints a "Connection Error" line for every pooled connection a database outage cuts; the hub's
    // database watch (src/db/outage.ts) reports the outage once instead.
    driverOptions: {
      log: { warn: (message: string) => (message.startsWith('Connection Error') ? undefined : console.warn(message)) },
    },
    // Entities are validated at the edge and in services; MikroORM's own discovery warnings are noise here.
    discovery: { warnWhenNoEntities: false },
    allowGlobalContext: false,
    forceUtcTimezone: true,
    ...overrides,
  });
}
