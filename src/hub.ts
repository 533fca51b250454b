import 'reflect-metadata';
import type { MikroORM } from '@mikro-orm/postgresql';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import type { Authenticator } from './auth/authenticator.js';
import { bootstrap, type Bootstrapped } from './auth/bootstrap.js';
import { oauthAuthenticator } from './auth/oauth-authenticator.js';
import { LoginAttempts } from './auth/login-attempts.js';
import { createProvider, OAUTH_MOUNT } from './auth/provider.js';
import { UiTokenClient } from './auth/session/token-endpoint.js';
import { ensureUiClient, type UiClientCredentials } from './auth/session/ui-client.js';
import { UiSessions } from './auth/session/ui-sessions.js';
import { configurePasswordHashing, configureSecretBox, type SecretBox } from './common/crypto.js';
import type { HubConfig } from './config/config.js';
import { databaseReadiness, isEmbedded, openDatabase } from './db/database.js';
import { lockDataDir, type DataDirLock } from './db/data-dir-lock.js';
import { embeddedDatabaseAt, startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.js';
import { StartupError } from './common/startup-error.js';
import { DatabaseWatch } from './db/outage.js';
import { directProbe } from './db/direct-probe.js';
import { ormPoolFigures } from './db/pool-figures.js';
import { deliveryQueueReader } from './delivery-engine/queue-figures.js';
import { HubMetrics } from './observability/metrics.js';
import { openLimiterStore } from './http/limiter-store.js';
import { MAINTENANCE_BATCH, startMaintenance } from './maintenance.js';
import { housekeepingTasks } from './housekeeping.js';
import { BUSY_END, PAUSE_END } from './modules/store-status/index.js';
import { UNSNOOZE_TASK, unsnoozeTask } from './modules/catalog/index.js';
import { ACCEPTANCE_DEADLINE_TASK, acceptanceDeadlineTask } from './modules/orders/index.js';
import { hubClock } from './common/clock.js';
import { createServices, type Services } from './services.js';
import { prepareSandbox, SANDBOX_POS_TASK, sandboxKitchenTask } from './modules/sandbox/index.js';
import { webhookSecretFor } from './modules/applications/index.js';
import { PartnerHttp, type SandboxRoute } from './delivery-engine/partner-http.js';
import type { WebhookSecretSource } from './delivery-engine/webhook-secrets.js';
import { cachedSecrets } from './delivery-engine/webhook-secrets.js';
import { DeliveryWorker } from './delivery-engine/worker.js';
import { Scheduler } from './scheduler/scheduler.js';
import { LiveFanout } from './live/live-fanout.js';
import { LiveListener } from './live/live-listener.js';
import { stopHub } from './hub-shutdown.js';
import type { Admission } from './http/admission.js';
import type { ReadinessCheck } from './http/health.js';
import type { LookupFunction } from 'node:net';
import { sqlRows } from './db/raw-sql.js';

export interface RunningHub {
  url: string;
  /** The configuration in force: publicBaseUrl (and so the OAuth issuer) names the bound port when PORT=0. */
  config: HubConfig;
  orm: MikroORM;
  server: Server;
  /** The delivery worker of this process. */
  worker: DeliveryWorker;
  /** This process's listening connection for live signals (src/live). */
  liveListener: LiveListener;
  /** Requests in progress and waiting for admission in this process (src/http/admission.ts). */
  admissionLoad(): { inFlight: number; waiting: number };
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
  if (config.encryptionKeyIsDevelopmentKey)
    log.warn('ENCRYPTION_KEY is not set: using the fixed development key (never in production)');
  const box = configureSecretBox(config.encryptionKey);
  configurePasswordHashing(config.passwordHashCost);
  const { server, dataDirLock, serve } = await claimDataDirAndPort(config);
  const db = await openHubDatabase(config, log);
  const { orm } = db;
  // The worker and the app are made below; the metrics read them at scrape time only.
  const metrics = hubMetrics(
    orm,
    () => worker,
    () => front.admission,
  );
  const base: BootDeps = { config, log, orm, databaseUrl: db.databaseUrl, database: db.database, metrics };
  const bootstrapped = await bootstrap(orm, config);
  const uiClient = await ensureUiClient(orm, box);
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  const effective: HubConfig = config.publicBaseUrlFromPort ? Object.freeze({ ...config, publicBaseUrl: url }) : config;
  // Outside production, the built-in sandbox partners, called on this process's own address (src/modules/sandbox).
  const sandbox = await prepareSandbox(effective, orm, port);
  const partnerHttp = partnerHttpFor(config, sandbox.route, options.partnerLookup);
  const services = createServices(effective, {
    partnerHttp,
    partnerLookup: options.partnerLookup,
    metrics,
    // Called by requests only, once the worker below exists.
    immediate: { reserve: (em, id) => worker.immediate.reserve(em, id), send: (id) => worker.immediate.send(id) },
  });
  const worker = deliveryWorker(base, partnerHttp, sandbox.applicationIds, options.webhookSecrets);
  await worker.start();
  const onPGlite = await isEmbedded(orm);
  const scheduler = hubScheduler({ ...base, services, onPGlite, worker }, sandbox.route);
  // Started beside the rest of the boot (its connections open meanwhile), and awaited before the app is served.
  const schedulerStarted = scheduler.start();
  schedulerStarted.catch(() => undefined);
  const { live, listener } = await startLive(base);
  const signIn = await openSignIn({ ...base, effective, box, onPGlite, port, uiClient }, options.authenticator);
  const front = await createApp({
    ...signIn,
    httpServer: server,
    live,
    config: effective,
    log,
    orm,
    services,
    box,
    database: db.database,
    metrics,
    readiness: readinessChecks(orm, db.database, worker, scheduler),
    validateResponses: options.validateResponses ?? false,
    sandbox: sandbox.route && { orm, log, header: sandbox.route.header, posPaceMs: config.sandboxPosPaceMs },
  });
  await schedulerStarted;
  serve(front.app);
  const maintenance = startHubMaintenance(base, signIn.uiSessions);
  let stopping: Promise<void> | undefined;
  return {
    url,
    config: effective,
    orm,
    server,
    worker,
    liveListener: listener,
    admissionLoad: () => front.admission.load(),
    bootstrapped,
    stop() {
      stopping ??= stopHub({ log, server, dataDirLock, db, worker, scheduler, maintenance, listener, front, signIn });
      return stopping;
    },
  };
}

/** What most steps of the boot are given: the configuration, the log, the database and the metrics. */
interface BootDeps {
  config: HubConfig;
  log: Logger;
  orm: MikroORM;
  databaseUrl: string;
  database: DatabaseWatch;
  metrics: HubMetrics;
}

interface HubDatabase {
  /** The embedded database, when the hub runs on one (no DATABASE_URL). */
  embedded: EmbeddedDatabase | undefined;
  databaseUrl: string;
  orm: MikroORM;
  database: DatabaseWatch;
}

/** The server, bound before the app exists, and how the app is attached to it. */
interface ClaimedPort {
  server: Server;
  /** Held until the hub stops; none when the hub is given a PostgreSQL server. */
  dataDirLock: DataDirLock | undefined;
  /** Hands the server's requests to the app from here on. */
  serve(app: RequestListener): void;
}

/**
 * Checks a user can fix with a setting come before the database is opened: the data directory first (a second
 * `npm start` would otherwise also find the port taken, and be told the wrong fix), then the port.
 */
async function claimDataDirAndPort(config: HubConfig): Promise<ClaimedPort> {
  const dataDirLock = config.databaseUrl ? undefined : lockDataDir(config.dataDir);
  // Bind first: with PORT=0 the port, and so the default {base_url}, is known only once listening.
  // Until the app is attached, requests get an honest 503 rather than hanging without a handler.
  let handler: RequestListener = (_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"status":"starting"}');
  };
  const server = createServer((req, res) => handler(req, res));
  // `Expect: 100-continue` is answered by the app, once the request is admitted (src/http/admission.ts).
  server.on('checkContinue', (req, res) => handler(req, res));
  try {
    await listen(server, config.port);
  } catch (error) {
    dataDirLock?.release();
    throw error;
  }
  return {
    server,
    dataDirLock,
    serve(app) {
      handler = app;
    },
  };
}

/** The embedded database unless DATABASE_URL names a server; its pool, migrated; the watch over its outages. */
async function openHubDatabase(config: HubConfig, log: Logger): Promise<HubDatabase> {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedDatabase(config.dataDir);
    databaseUrl = embedded.url;
    log.info({ dataDir: config.dataDir }, 'using the embedded database (set DATABASE_URL for a PostgreSQL server)');
  }
  const orm = await openDatabase(databaseUrl, log, { acquireTimeoutMs: config.databaseAcquireTimeoutMs });
  const poolProbe = () => sqlRows(orm.em.fork(), 'select 1');
  // The embedded database serves few socket connections: it is asked through the pool (it cannot be partitioned away anyway).
  const database = new DatabaseWatch(poolProbe, log, undefined, embedded ? poolProbe : directProbe(databaseUrl));
  return { embedded, databaseUrl, orm, database };
}

/** This process's metrics; the worker and the admission control they read are asked for at scrape time. */
function hubMetrics(orm: MikroORM, worker: () => DeliveryWorker, admission: () => Admission): HubMetrics {
  return new HubMetrics({
    queue: deliveryQueueReader(orm),
    pools: {
      orm: ormPoolFigures(orm),
      worker: {
        inUse: (): number => worker().poolFigures.inUse(),
        waiting: (): number => worker().poolFigures.waiting(),
      },
    },
    admission: () => admission().load(),
  });
}

function partnerHttpFor(config: HubConfig, sandbox: SandboxRoute | undefined, lookup?: LookupFunction): PartnerHttp {
  return new PartnerHttp({
    allowPrivateAddresses: config.allowPrivatePartnerUrls,
    httpsOnly: config.isProduction,
    timeoutMs: config.delivery.partnerTimeoutMs,
    lookup,
    sandbox,
  });
}

/** The delivery worker, not yet started; webhook secrets are the applications' own unless the tests give theirs. */
function deliveryWorker(
  { config, log, orm, databaseUrl, database, metrics }: BootDeps,
  partnerHttp: PartnerHttp,
  sandboxApplications: ReadonlySet<string>,
  webhookSecrets: WebhookSecretSource | undefined,
): DeliveryWorker {
  return new DeliveryWorker({
    config,
    log,
    databaseUrl,
    partnerHttp,
    secrets: cachedSecrets(
      webhookSecrets ?? { secretFor: (applicationId) => webhookSecretFor(orm.em.fork(), applicationId) },
    ),
    database,
    metrics,
    sandboxApplications,
  });
}

/** The timed work (src/scheduler): every task a change may schedule, by name. */
function hubScheduler(
  deps: BootDeps & { services: Services; onPGlite: boolean; worker: DeliveryWorker },
  sandbox: SandboxRoute | undefined,
): Scheduler {
  const { config, log, orm, worker } = deps;
  const clock = hubClock(config);
  return new Scheduler({
    databaseUrl: deps.databaseUrl,
    embedded: deps.onPGlite,
    log,
    tasks: {
      [PAUSE_END.task]: PAUSE_END.handler(orm, clock),
      [BUSY_END.task]: BUSY_END.handler(orm, clock),
      [UNSNOOZE_TASK]: unsnoozeTask(orm, clock),
      [ACCEPTANCE_DEADLINE_TASK]: acceptanceDeadlineTask(orm),
      [SANDBOX_POS_TASK]: sandboxKitchenTask({
        orm,
        orders: deps.services.orders,
        paceMs: config.sandboxPosPaceMs,
        log,
        open: sandbox !== undefined,
      }),
    },
    // The same poll interval as the delivery worker's (DELIVERY_POLL_INTERVAL_MS).
    pollIntervalMs: config.delivery.pollIntervalMs,
    database: deps.database,
    onWorkerIds: (ids) => worker.registerTaskWorkers(ids),
  });
}

/** Live signals (src/live): one listening connection for this process, fanned out to its subscribers. */
async function startLive({ config, log, databaseUrl, database }: BootDeps) {
  const live = new LiveFanout();
  const listener = new LiveListener({ databaseUrl, fanout: live, log, database, ...config.live });
  // The embedded database reports every NOTIFY to the connection that committed it: read them there.
  const embedded = embeddedDatabaseAt(databaseUrl);
  if (embedded) listener.hear(embedded);
  await listener.start();
  return { live, listener };
}

/**
 * Who may call: the OAuth provider, the failed logins and rate limits it shares with the app, the bearer
 * authenticator (unless bench/ gives its own) and the web UI's sessions.
 */
async function openSignIn(
  deps: BootDeps & {
    effective: HubConfig;
    box: SecretBox;
    onPGlite: boolean;
    port: number;
    uiClient: UiClientCredentials;
  },
  givenAuthenticator: Authenticator | undefined,
) {
  const { config, log, orm, box, database } = deps;
  const limiters = await openLimiterStore({
    databaseUrl: deps.databaseUrl,
    embedded: deps.onPGlite,
    log,
    ...config.limiterStore,
  });
  const logins = new LoginAttempts(config.login, limiters);
  const metrics = deps.metrics;
  const provider = createProvider({ config: deps.effective, orm, box, log, logins, limiters, metrics, database });
  const authenticator = givenAuthenticator ?? oauthAuthenticator(provider, orm);
  // The UI's session gets its tokens from this very process, on its local address (PUBLIC_BASE_URL may be a
  // proxy's name that is not reachable from here).
  const uiSessions = new UiSessions(
    orm,
    box,
    new UiTokenClient(`http://127.0.0.1:${deps.port}${OAUTH_MOUNT}`, deps.uiClient),
    authenticator,
    config.uiSession,
  );
  return { limiters, logins, provider, authenticator, uiSessions };
}

/** What GET /readyz asks before it answers ready. */
function readinessChecks(
  orm: MikroORM,
  database: DatabaseWatch,
  worker: DeliveryWorker,
  scheduler: Scheduler,
): Record<string, ReadinessCheck> {
  return {
    database: async () => (await databaseReadiness(orm, database)).database,
    migrations: async () => (await databaseReadiness(orm, database)).migrations,
    worker: () => worker.ready(),
    scheduler: () => scheduler.ready(),
  };
}

/** Housekeeping (src/housekeeping.ts) and the web UI's expired sessions: a pass now, then one on a timer. */
function startHubMaintenance({ config, orm, databaseUrl, log, database }: BootDeps, uiSessions: UiSessions) {
  return startMaintenance({
    orm,
    databaseUrl,
    log,
    database,
    tasks: {
      ...housekeepingTasks(config),
      'web UI sessions expired': (_orm, now) => uiSessions.deleteExpired(now, MAINTENANCE_BATCH),
    },
  });
}

/** Listens on port, or says in one line that it is taken (rather than a stack trace from deep in the boot). */
function listen(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') reject(new StartupError(`port ${port} is in use; set PORT`));
      else if (error.code === 'EACCES')
        reject(new StartupError(`port ${port} needs privileges this process lacks; set PORT`));
      else reject(error);
    });
    server.listen(port, () => resolve());
  });
}
