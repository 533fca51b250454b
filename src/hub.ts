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
import { LoginAttempts } from './auth/login-attempts.js';
import { createProvider } from './auth/provider.js';
import { configureSecretBox } from './common/crypto.js';
import type { HubConfig } from './config/config.js';
import { databaseReadiness, openDatabase } from './db/database.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.js';
import { startMaintenance } from './maintenance.js';
import { IdempotencyService } from './modules/idempotency/idempotency.service.js';
import { RESUME_TASK, resumeTask } from './modules/store-status/store-status-resume.js';
import { createServices } from './services.js';
import { webhookSecretFor } from './modules/applications/application.service.js';
import { PartnerHttp } from './delivery/partner-http.js';
import type { WebhookSecretSource } from './delivery/webhook-secrets.js';
import { cachedSecrets } from './delivery/webhook-secrets.js';
import { DeliveryWorker } from './delivery/worker.js';
import type { LookupFunction } from 'node:net';

export interface RunningHub {
  url: string;
  /** The configuration in force: publicBaseUrl (and so the OAuth issuer) names the bound port when PORT=0. */
  config: HubConfig;
  orm: MikroORM;
  server: Server;
  /** The delivery worker of this process. */
  worker: DeliveryWorker;
  /** Credentials generated on this start (first start without BOOTSTRAP_*), to be shown once. */
  bootstrapped: Bootstrapped;
  /** Graceful: stop accepting, finish in-flight requests, then close the pool and the embedded database. */
  stop(): Promise<void>;
}

export interface HubOptions {
  /** Check every /v1 response against openapi.yaml (tests). */
  validateResponses?: boolean;
  /** Where the worker gets webhook secrets; default: the applications' own (webhookSecretFor). */
  webhookSecrets?: WebhookSecretSource;
  /** Name resolution for partner calls (tests make a name resolve to a forbidden address). */
  partnerLookup?: LookupFunction;
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
  const partnerHttp = new PartnerHttp({
    allowPrivateAddresses: config.allowPrivatePartnerUrls,
    httpsOnly: config.isProduction,
    timeoutMs: config.delivery.partnerTimeoutMs,
    lookup: options.partnerLookup,
  });
  const worker = new DeliveryWorker({
    config,
    log,
    databaseUrl,
    partnerHttp,
    secrets: cachedSecrets(options.webhookSecrets ?? { secretFor: (applicationId) => webhookSecretFor(orm.em.fork(), applicationId) }),
    tasks: { [RESUME_TASK]: resumeTask(orm) },
  });
  await worker.start();
  const services = createServices(effective, { partnerHttp });
  const logins = new LoginAttempts(config.login);
  const provider = createProvider({ config: effective, orm, box, log, logins });
  const { app, stop: stopApp } = await createApp({
    config: effective,
    log,
    orm,
    services,
    provider,
    box,
    logins,
    authenticator: options.authenticator ?? oauthAuthenticator(provider, orm),
    readiness: {
      database: async () => (await databaseReadiness(orm)).database,
      migrations: async () => (await databaseReadiness(orm)).migrations,
      worker: () => worker.ready(),
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
    worker,
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
        // In-flight deliveries finish (up to the partner timeout); what is left is handed back.
        await worker.stop();
        await stopApp();
        await orm.close();
        log.info('database pool closed');
        await embedded?.stop();
      })();
      return stopping;
    },
  };
}
