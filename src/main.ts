import { ConfigError, loadConfig } from './config/config.js';
import { createLogger } from './common/logger.js';
import { missingNodeOptions } from './config/runtime-options.js';
import { StartupError } from './common/startup-error.js';
import { startHub } from './hub.js';

// `npm start`: config → database → app → listen; SIGTERM/SIGINT shut down gracefully.

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`configuration error: ${error.message}\n`);
    process.exit(78);
  }
  throw error;
}
const log = createLogger(config.logLevel);
// `npm start` passes what the running Node needs (src/config/runtime-options.ts); whoever starts
// dist/src/main.js another way should know what it costs them.
const missingOptions = missingNodeOptions(process.version, process.execArgv, process.env.NODE_OPTIONS);
if (missingOptions.length > 0) {
  log.warn(
    { node: process.version, missing: missingOptions },
    `started without ${missingOptions.join(' ')}: each request costs more CPU on this Node (start with npm start, or set NODE_OPTIONS=${missingOptions.join(' ')})`,
  );
}
const hub = await startHub(config, log).catch((error: unknown) => {
  if (!(error instanceof StartupError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
log.info({ url: hub.url, env: config.hubEnv }, 'order hub listening');
process.stdout.write(
  `\nOrder Hub is running at ${hub.url}\n  API docs: ${hub.url}/docs/index.html\n  GraphQL:  ${hub.url}/graphql\n  OAuth:    ${hub.config.publicBaseUrl}/oauth2/token\n\n`,
);
// Generated on the first start without BOOTSTRAP_*: shown this once, stored only as hashes.
const { admin, client } = hub.bootstrapped;
if (admin)
  process.stdout.write(
    `Created the first admin (shown once):\n  e-mail:   ${admin.email}\n  password: ${admin.password}\n\n`,
  );
if (client) {
  process.stdout.write(
    `Created the first-party client for the password grant (shown once):\n  client_id:     ${client.clientId}\n  client_secret: ${client.clientSecret}\n\n`,
  );
}
// The README's tour starts from these variables: one line to paste, so nobody copies a secret by hand.
if (admin && client) {
  process.stdout.write(
    `For the README's tour, paste this line into your shell:\n  export HUB=${hub.url} ADMIN_EMAIL=${admin.email} ADMIN_PASSWORD=${admin.password} CLIENT_ID=${client.clientId} CLIENT_SECRET=${client.clientSecret}\n\n`,
  );
}

let shuttingDown = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.error('shutdown took longer than 25 s; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    hub.stop().then(
      () => process.exit(0),
      (error) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
