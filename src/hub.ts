import 'reflect-metadata';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { devAdminKeyAuthenticator } from './auth/dev-admin-key.js';
import type { HubConfig } from './config/config.js';
import { databaseReadiness, openDatabase } from './db/database.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.js';
import { createServices } from './services.js';
import { PartnerHttp } from './delivery/partner-http.js';
import type { WebhookSecretSource } from './delivery/webhook-secrets.js';
import { cachedSecrets } from './delivery/webhook-secrets.js';
import { DeliveryWorker } from './delivery/worker.js';
import type { LookupFunction } from 'node:net';

export interface RunningHub {
  url: string;
  orm: MikroORM;
  server: Server;
  /** The delivery worker of this process. */
  worker: DeliveryWorker;
  /** Graceful: stop accepting, finish in-flight requests, then close the pool and the embedded database. */
  stop(): Promise<void>;
}

export interface HubOptions {
  /** Check every /v1 response against openapi.yaml (tests). */
  validateResponses?: boolean;
  /** Where the worker gets webhook secrets; default: DEV_WEBHOOK_SECRET until the applications module provides them. */
  webhookSecrets?: WebhookSecretSource;
  /** Name resolution for partner calls (tests make a name resolve to a forbidden address). */
  partnerLookup?: LookupFunction;
}

/** Stop-gap until the applications module's webhookSecretFor is wired here. */
function devWebhookSecrets(config: HubConfig): WebhookSecretSource {
  return {
    async secretFor() {
      if (!config.devWebhookSecret) throw new Error('no webhook secret source is configured');
      return config.devWebhookSecret;
    },
  };
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
    secrets: cachedSecrets(options.webhookSecrets ?? devWebhookSecrets(config)),
  });
  await worker.start();
  const services = createServices();
  const { app, stop: stopApp } = await createApp({
    config,
    log,
    orm,
    services,
    authenticator: devAdminKeyAuthenticator(config),
    readiness: {
      database: async () => (await databaseReadiness(orm)).database,
      migrations: async () => (await databaseReadiness(orm)).migrations,
      worker: () => worker.ready(),
    },
    validateResponses: options.validateResponses ?? false,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(config.port, (error?: Error) => (error ? reject(error) : resolve(listening)));
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  let stopping: Promise<void> | undefined;
  return {
    url,
    orm,
    server,
    worker,
    stop() {
      stopping ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // In-flight requests finish; connections idle in keep-alive are closed as soon as they go idle.
        const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
        await closed;
        clearInterval(idleSweep);
        await worker.stop();
        await stopApp();
        await orm.close();
        await embedded?.stop();
      })();
      return stopping;
    },
  };
}
