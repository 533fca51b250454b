import type { MikroORM } from '@mikro-orm/postgresql';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { DataDirLock } from './db/data-dir-lock.js';
import type { EmbeddedDatabase } from './db/embedded.js';
import type { DatabaseWatch } from './db/outage.js';
import type { DeliveryWorker } from './delivery-engine/worker.js';
import type { LimiterStore } from './http/limiter-store.js';
import type { LiveListener } from './live/live-listener.js';
import type { Scheduler } from './scheduler/scheduler.js';

/** What a running hub holds, each part stopped in its turn by stopHub. */
export interface HubParts {
  log: Logger;
  server: Server;
  /** Held until everything using the data directory has stopped; none on a PostgreSQL server. */
  dataDirLock: DataDirLock | undefined;
  db: { orm: MikroORM; database: DatabaseWatch; embedded: EmbeddedDatabase | undefined };
  worker: DeliveryWorker;
  scheduler: Scheduler;
  maintenance: { stop(): Promise<void> };
  listener: LiveListener;
  /** The app: its GraphQL subscriptions' sockets, and what it runs besides its routes (GraphQL's server). */
  front: { closeSockets(): Promise<void>; stop(): Promise<void> };
  signIn: { limiters: LimiterStore };
}

/**
 * Graceful: stop accepting, finish in-flight requests, then close the pool and the embedded database. The order
 * is the point: what serves requests stops before what they use, and nothing under way is cut short.
 */
export async function stopHub(parts: HubParts): Promise<void> {
  const { log, server, worker } = parts;
  // Deliveries under way finish below; none starts from here on (the next process sends what is queued).
  const claimingStopped = worker.stopClaiming();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // Subscriptions end and their sockets close (clients fall back or reconnect to another process).
  await parts.front.closeSockets();
  await parts.listener.stop();
  // In-flight requests finish; connections idle in keep-alive are closed as soon as they go idle.
  const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
  await closed;
  clearInterval(idleSweep);
  log.info('http server closed: in-flight requests finished');
  await parts.maintenance.stop();
  // The job under way finishes; jobs still due wait in the database for the next process.
  await parts.scheduler.stop();
  await claimingStopped;
  // In-flight deliveries finish (up to the partner timeout); what is left is handed back.
  await worker.stop();
  await parts.front.stop();
  await parts.signIn.limiters.close();
  parts.db.database.stop();
  await parts.db.orm.close();
  log.info('database pool closed');
  await parts.db.embedded?.stop();
  parts.dataDirLock?.release();
}
