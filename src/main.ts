import { ConfigError, loadConfig } from './config/config.js';
import { createLogger } from './common/logger.js';
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
const hub = await startHub(config, log);
log.info({ url: hub.url, env: config.hubEnv }, 'order hub listening');
process.stdout.write(`\nOrder Hub is running at ${hub.url}\n  API docs: ${hub.url}/docs/index.html\n  GraphQL:  ${hub.url}/graphql\n\n`);

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
