import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { MIGRATIONS_SOURCE_DIR, ormOptions } from './mikro-orm.config.js';
import { runMigrations } from './database.js';

// `npm run migration:create [name]`: generate the next migration as the diff between the entities and a
// scratch database that ran every committed migration. Needs a PostgreSQL server (DATABASE_URL, default the
// local one); the scratch database is dropped afterwards.

const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const scratch = `orderhub_migration_${process.pid}`;
const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`CREATE DATABASE ${scratch}`);
const url = new URL(server);
url.pathname = `/${scratch}`;
try {
  await runMigrations(url.toString());
  const orm = await MikroORM.init(
    ormOptions(url.toString(), {
      migrations: {
        ...ormOptions(url.toString()).migrations,
        path: MIGRATIONS_SOURCE_DIR,
        glob: '!(*.d).ts',
        emit: 'ts',
      },
    }),
  );
  try {
    // The name becomes part of a class name: keep it an identifier.
    const name = process.argv[2]?.replace(/[^A-Za-z0-9_]/g, '_');
    const result = await orm.getMigrator().createMigration(MIGRATIONS_SOURCE_DIR, false, false, name);
    process.stdout.write(result.diff.up.length ? `created ${result.fileName}\n` : 'no changes: nothing created\n');
  } finally {
    await orm.close();
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  await admin.end();
}
