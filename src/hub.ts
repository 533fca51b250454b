import 'reflect-metadata';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { devAdminKeyAuthenticator } from './auth/dev-admin-key.js';
import type { HubConfig } from './config/config.js';
import { databaseReadiness, openDatabase } from './db/database.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.js';
import { startMaintenance } from './maintenance.js';
import { IdempotencyService } from './modules/idempotency/idempotency.service.js';
import { createServices } from './services.js';

export interface RunningHub {
  url: string;
  orm: MikroORM;
  server: Server;
  /** Graceful: stop accepting, finish in-flight requests, then close the pool and the embedded database. */
  stop(): Promise<void>;
}

export interface HubOptions {
  /** Check every /v1 response against openapi.yaml (tests). */
  validateResponses?: boolean;
}

/** Boot: database (embedded unless DATABASE_URL) → migrations → services → app → listen. */
export async function startHub(config: HubConfig, log: Logger, options: HubOptions = {}): Promise<RunningHub> {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedDatabase(config.dataDir);
    databaseUrl = embedded.url;
    log.info({ dataDir: config.dataDir }, 'using the embedded database (set DATABASE_URL for a PostgreSQL server)');
  }
  const orm = await openDatabase(databaseUrl, log);
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
  const services = createServices();
  const { app, stop: stopApp } = await createApp({
    config: effective,
    log,
    orm,
    services,
    authenticator: devAdminKeyAuthenticator(config),
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
  });
  let stopping: Promise<void> | undefined;
  return {
    url,
    orm,
    server,
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
