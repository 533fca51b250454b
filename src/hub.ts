import 'reflect-metadata';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { deleteExpiredPayloads } from './auth/adapter.js';
import type { Authenticator } from './auth/authenticator.js';
import { bootstrap, type Bootstrapped } from './auth/bootstrap.js';
import { oauthAuthenticator } from './auth/oauth-authenticator.js';
import { createProvider } from './auth/provider.js';
import { configureSecretBox } from './common/crypto.js';
import type { HubConfig } from './config/config.js';
import { databaseReadiness, openDatabase } from './db/database.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.js';
import { startMaintenance } from './maintenance.js';
import { IdempotencyService } from './modules/idempotency/idempotency.service.js';
import { createServices } from './services.js';

export interface RunningHub {
  url: string;
  /** The configuration in force: publicBaseUrl (and so the OAuth issuer) names the bound port when PORT=0. */
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

/** Boot: database (embedded unless DATABASE_URL) → migrations → first admin and client → listen → app. */
export async function startHub(config: HubConfig, log: Logger, options: HubOptions = {}): Promise<RunningHub> {
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
  // Bind first: with PORT=0 the port, and so the default {base_url}, is known only once listening.
  // Until the app is attached, requests get an honest 503 rather than hanging without a handler.
  let handler: RequestListener = (_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"status":"starting"}');
  };
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  const effective: HubConfig = config.publicBaseUrlFromPort ? Object.freeze({ ...config, publicBaseUrl: url }) : config;
  const services = createServices(effective);
  const provider = createProvider({ config: effective, orm, box, log });
  const { app, stop: stopApp } = await createApp({
    config: effective,
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
  handler = app;
  const idempotency = new IdempotencyService();
  const maintenance = startMaintenance(orm, log, {
    'expired idempotency keys': (db) => idempotency.purgeExpired(db.em.fork()),
    'expired OAuth codes, tokens and sessions': (db) => deleteExpiredPayloads(db),
  });
  let stopping: Promise<void> | undefined;
  return {
    url,
    config: effective,
    orm,
    server,
    bootstrapped,
    stop() {
      stopping ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // In-flight requests finish; connections idle in keep-alive are closed as soon as they go idle.
        const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
        await closed;
        clearInterval(idleSweep);
        log.info('http server closed: in-flight requests finished');
        await maintenance.stop();
        await stopApp();
        await orm.close();
        log.info('database pool closed');
        await embedded?.stop();
      })();
      return stopping;
    },
  };
}
