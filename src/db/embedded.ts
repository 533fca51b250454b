import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { SessionQueue, type NotificationListener } from './embedded-session-queue.js';

// Zero-setup database for `npm start` without DATABASE_URL: PGlite (PostgreSQL compiled to WASM) served over
// the PostgreSQL wire protocol on loopback, so the ordinary driver connects to it. PGlite runs one
// transaction at a time: it is the default for trying the hub, not for production or CI.

export interface EmbeddedDatabase {
  url: string;
  /**
   * NOTIFYs committed on any connection (PGlite hands them to the committing one, not to listeners): what
   * LISTEN would hear on PostgreSQL. Returns the call that stops listening.
   */
  onNotification(listener: NotificationListener): () => void;
  /** The data directory as a tarball that `loadDataDir` starts another embedded database from (tests' template). */
  dumpDataDir(): Promise<Blob>;
  stop(): Promise<void>;
}

/**
 * How often a process looks for due work that no NOTIFY woke it for (retries of another process, jobs due
 * later): 2 s, as NOTIFY wakes it at once through LISTEN on PostgreSQL or through the process that serves the
 * embedded database; 100 ms on an embedded database another process serves, where nothing else wakes it.
 */
export function fallbackPollMs(embedded: boolean, served: EmbeddedDatabase | undefined): number {
  return embedded && !served ? 100 : 2000;
}

/** Embedded databases served by this process, by URL: the hub may be given one's URL (tests do). */
const servedHere = new Map<string, EmbeddedDatabase>();

/** The embedded database this process serves at `url`, if it is one. */
export function embeddedDatabaseAt(url: string): EmbeddedDatabase | undefined {
  return servedHere.get(url);
}

/**
 * dataDir undefined keeps everything in memory (tests on a machine without PostgreSQL); such a database may
 * start from a dump (`loadDataDir`) instead of an empty cluster.
 */
export async function startEmbeddedDatabase(
  dataDir: string | undefined,
  maxConnections = 20,
  loadDataDir?: Blob,
): Promise<EmbeddedDatabase> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  // pglite-socket's own queue lets connections' extended-protocol messages interleave (see SessionQueue).
  // Its handlers take the server's queue when a connection opens, so replacing it before start() is enough;
  // the check fails loudly if an upgrade of pglite-socket renames it.
  const internals = server as unknown as { queryQueue?: unknown };
  if (!internals.queryQueue)
    throw new Error('pglite-socket no longer has the queryQueue the embedded database replaces');
  const queue = new SessionQueue(db);
  internals.queryQueue = queue;
  // Several readers (live signals, the delivery worker, the scheduler); the queue scans replies only once one
  // is set.
  const listeners = new Set<NotificationListener>();
  const notify: NotificationListener = (channel, payload) => {
    for (const listener of listeners) listener(channel, payload);
  };
  await server.start();
  const address = server.getServerConn(); // "127.0.0.1:PORT"
  const url = `postgresql://postgres:postgres@${address}/postgres`;
  const embedded: EmbeddedDatabase = {
    url,
    onNotification(listener) {
      listeners.add(listener);
      queue.onNotification = notify;
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) queue.onNotification = undefined;
      };
    },
    async dumpDataDir() {
      return (await db.dumpDataDir('none')) as Blob;
    },
    async stop() {
      servedHere.delete(url);
      await server.stop();
      await db.close();
    },
  };
  servedHere.set(url, embedded);
  return embedded;
}
