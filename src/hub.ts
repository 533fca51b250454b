import 'reflect-metadata';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { deleteExpiredPayloads } from './auth/adapter.js';
import type { Authenticator } from './auth/authenticator.js';
import { bootstrap, type Bootstrapped } from './auth/bootstrap.js';
import { oauthAuthenticator } from './auth/oauth-authenticator.js';
import { createProvider } from './auth/provider.js';
import { configureSecretBox } from './common/crypto.js';
import { withBoundPort, type HubConfig } from './config/config.js';
import { databaseReadiness, openDatabase } from './db/database.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.js';
import { createServices } from './services.js';

export interface RunningHub {
  url: string;
  /** The configuration in force (publicBaseUrl names the bound port when PORT=0). */
  config: HubConfig;
  orm: MikroORM;
  server: Server;
  /** Credentials generated on this start (first start without BOOTSTRAP_*), to be shown once. */
  bootstrapped: Bootstrapped;
  /** Graceful: stop accepting, finish in-flight requests, then close the pool and the embedded database. */
  stop(): Promise<void>;
}

export interface HubOptions {
  /** Check every /v1 response against openapi.yaml (tests). */
  validateResponses?: boolean;
  /** Replaces the OAuth bearer authenticator; bench/ uses a fixed principal to measure what validation costs. */
  authenticator?: Authenticator;
}

/** How often expired OAuth rows (codes, tokens, sessions) are deleted. */
const OAUTH_SWEEP_MS = 10 * 60 * 1000;

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Boot: database (embedded unless DATABASE_URL) → migrations → bootstrap users → services → app → listen. */
export async function startHub(initialConfig: HubConfig, log: Logger, options: HubOptions = {}): Promise<RunningHub> {
  let config = initialConfig;
  if (config.encryptionKeyIsDevelopmentKey) log.warn('ENCRYPTION_KEY is not set: using the fixed development key (never in production)');
  const box = configureSecretBox(config.encryptionKey);
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedDatabase(config.dataDir);
    databaseUrl = embedded.url;
    log.info({ dataDir: config.dataDir }, 'using the embedded database (set DATABASE_URL for a PostgreSQL server)');
  }
  const orm = await openDatabase(databaseUrl, log);
  const bootstrapped = await bootstrap(orm, config);

  // With PORT=0 the issuer must name the port actually bound, so listen first and build the app after; the
  // server answers nothing until the app is attached, a few milliseconds later.
  const server = createServer();
  const boundPort = await listen(server, config.port);
  config = withBoundPort(config, boundPort);

  const services = createServices(config);
  const provider = createProvider({ config, orm, box, log });
  const { app, stop: stopApp } = await createApp({
    config,
    log,
    orm,
    services,
    provider,
    box,
    authenticator: options.authenticator ?? oauthAuthenticator(provider, orm),
    readiness: {
      database: async () => (await databaseReadiness(orm)).database,
      migrations: async () => (await databaseReadiness(orm)).migrations,
    },
    validateResponses: options.validateResponses ?? false,
  });
  server.on('request', app);

  const sweep = () => deleteExpiredPayloads(orm).catch((err) => log.warn({ err }, 'could not delete expired OAuth rows'));
  void sweep();
  const sweeper = setInterval(sweep, OAUTH_SWEEP_MS);
  sweeper.unref();

  const url = `http://localhost:${boundPort}`;
  let stopping: Promise<void> | undefined;
  return {
    url,
    config,
    orm,
    server,
    bootstrapped,
    stop() {
      stopping ??= (async () => {
        clearInterval(sweeper);
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // In-flight requests finish; connections idle in keep-alive are closed as soon as they go idle.
        const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
        await closed;
        clearInterval(idleSweep);
        await stopApp();
        await orm.close();
        await embedded?.stop();
      })();
      return stopping;
    },
  };
}
