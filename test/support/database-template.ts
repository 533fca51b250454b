import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, existsSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runMigrations } from '../../src/db/database.js';
import { startEmbeddedDatabase } from '../../src/db/embedded.js';
import { MIGRATIONS_DIR } from '../../src/db/mikro-orm.config.js';

// A test database starts migrated, copied from a template made once per set of migrations: running the ~25
// migrations (and graphile-worker's) took 1-2 s a database, and a fresh in-memory PGlite 4-8 s before that
// (its initdb), which on a busy 2-core machine pushed test hubs past their 30 s beforeAll. On a server the
// template is a database (`CREATE DATABASE … TEMPLATE`, a file copy); on the embedded database it is a dump
// of PGlite's data directory, loaded instead of running initdb. Both are named by a fingerprint of the
// compiled migrations and of the database software, so a change of either makes a new template and worktrees
// with different migrations never share one.

const require = createRequire(import.meta.url);

/** What decides the template's content: the migrations' code, graphile-worker's and PGlite's versions. */
function fingerprint(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_DIR)
    .filter((n) => n.endsWith('.js'))
    .sort()) {
    hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
  }
  for (const pkg of ['graphile-worker', '@electric-sql/pglite']) hash.update(packageVersion(pkg));
  return hash.digest('hex').slice(0, 16);
}

function packageVersion(name: string): string {
  // Their package.json is not exported: read it beside the resolved entry point's package root.
  const entry = require.resolve(name);
  const root = entry.slice(0, entry.lastIndexOf(`node_modules/${name}`) + `node_modules/${name}`.length);
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

let fingerprintOnce: string | undefined;
const templateFingerprint = () => (fingerprintOnce ??= fingerprint());

/** Held while one jest worker makes a server's template, so the others wait for it instead of racing. */
const TEMPLATE_LOCK = 7_240_090;

/**
 * The name of a migrated template database on `serverUrl`, made if missing. Nobody connects to it but its
 * maker (PostgreSQL refuses to copy a database others are connected to).
 */
export async function serverTemplate(serverUrl: string): Promise<string> {
  const name = `orderhub_template_${templateFingerprint()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1 and datistemplate', [name]);
    if (!rowCount) {
      // Made under another name and marked a template only once complete: a maker killed midway leaves no
      // half-migrated template behind, only a database the next maker drops.
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      await runMigrations(url.toString());
      await admin.query(`alter database ${building} rename to ${name}`);
      await admin.query(`alter database ${name} with is_template true allow_connections false`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
}

/**
 * PGlite's data directory, migrated, as the tarball PGlite loads (`loadDataDir`). Kept in the system's
 * temporary directory by fingerprint; written to a file of its own and renamed into place, so jest workers
 * making it at once each find a whole one.
 */
export async function embeddedTemplate(): Promise<Blob> {
  const dir = join(tmpdir(), 'orderhub-test-templates');
  const file = join(dir, `pglite-${templateFingerprint()}.tar`);
  if (!existsSync(file)) {
    const embedded = await startEmbeddedDatabase(undefined);
    try {
      await runMigrations(embedded.url);
      const dump = await embedded.dumpDataDir();
      mkdirSync(dir, { recursive: true });
      const partial = `${file}.${process.pid}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await embedded.stop();
    }
  }
  return new Blob([readFileSync(file)]);
}
