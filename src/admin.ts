import 'reflect-metadata';
import { DomainError } from './common/errors.js';
import { configurePasswordHashing, generateSecret } from './common/crypto.js';
import { StartupError } from './common/startup-error.js';
import { ConfigError, loadConfig } from './config/config.js';
import { openDatabase } from './db/database.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { startEmbeddedDatabase } from './db/embedded.js';
import { resetPassword } from './modules/users/index.js';

// `npm run admin -- <command>`: what an operator does on the hub's machine when the API cannot help
// (a lost admin password). Same settings as `npm start`: DATABASE_URL, or the embedded database in DATA_DIR,
// which must not be in use by a running hub (PGlite is one process only).

const USAGE = 'usage: npm run admin -- reset-password <email>';

async function run(args: string[]): Promise<string> {
  const [command, email, ...rest] = args;
  if (command !== 'reset-password' || !email || rest.length > 0) throw new StartupError(USAGE);
  const config = loadConfig();
  configurePasswordHashing(config.passwordHashCost);
  const lock = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
  const embedded = config.databaseUrl ? undefined : await startEmbeddedDatabase(config.dataDir);
  try {
    const orm = await openDatabase(config.databaseUrl ?? embedded!.url);
    try {
      const password = generateSecret('', 18);
      await resetPassword(orm.em.fork(), email, password);
      return `New password for ${email} (shown once; their sessions and tokens were revoked):\n  password: ${password}\n`;
    } finally {
      await orm.close();
    }
  } finally {
    await embedded?.stop();
    lock?.release();
  }
}

try {
  process.stdout.write(await run(process.argv.slice(2)));
} catch (error) {
  if (!(error instanceof StartupError || error instanceof ConfigError || error instanceof DomainError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
