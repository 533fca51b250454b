import type { EmbeddedDatabase } from '../db/embedded.js';
import type { DatabaseWatch } from '../db/outage.js';
import pg from 'pg';
import type { Logger } from 'pino';
import type { LiveFanout } from './live-fanout.js';
import { decodeSignal, LIVE_CHANNEL } from './live-signal.js';

// One dedicated connection per hub process LISTENs on the live channel and hands what arrives to the
// in-process fan-out. It is not a pool connection: LISTEN belongs to one session, and a pool would hand
// that session to other work. When the connection is lost (the database restarts or fails over, the
// network drops), the listener says so, connects again with a growing delay, LISTENs again and then tells
// every subscriber to read again, since whatever was sent while it was away is gone (NOTIFY is not stored).
// A dead TCP connection that no error reports (a failover without a reset) is found by a periodic check.

export interface LiveListenerOptions {
  databaseUrl: string;
  fanout: LiveFanout;
  log: Logger;
  /** First delay before connecting again; doubled per failure up to maxReconnectDelayMs. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  /** How often the connection is checked with a query; 0 turns the check off. */
  checkIntervalMs?: number;
  /** Told when the connection is lost to a database outage, which it then reports once for the whole hub. */
  database?: DatabaseWatch;
}

export type ListenerState = 'connecting' | 'listening' | 'reconnecting' | 'stopped';

export class LiveListener {
  private client: pg.Client | undefined;
  private state: ListenerState = 'connecting';
  private retryTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  private stopHearing: (() => void) | undefined;
  private failures = 0;
  /** Resolved when the next (re)connection is listening; tests and the failover check wait on it. */
  private listeningWaiters: (() => void)[] = [];
  private readonly reconnectDelayMs: number;
  private readonly maxReconnectDelayMs: number;
  private readonly checkIntervalMs: number;

  constructor(private readonly options: LiveListenerOptions) {
    this.reconnectDelayMs = options.reconnectDelayMs ?? 100;
    this.maxReconnectDelayMs = options.maxReconnectDelayMs ?? 5000;
    this.checkIntervalMs = options.checkIntervalMs ?? 10_000;
  }

  /** Connects and LISTENs; a failure here fails the boot, as the database was just reachable. */
  async start(): Promise<void> {
    await this.connect();
  }

  get status(): ListenerState {
    return this.state;
  }

  /** Resolves once the listener is listening (at once if it is). */
  whenListening(): Promise<void> {
    if (this.state === 'listening') return Promise.resolve();
    return new Promise((resolve) => this.listeningWaiters.push(resolve));
  }

  /**
   * Reads the signals an embedded database this process serves reports (it hands every NOTIFY to the connection
   * that committed it, not to this listener's), until stop().
   */
  hear(embedded: EmbeddedDatabase): void {
    this.stopHearing = embedded.onNotification((channel, payload) => this.receive({ channel, payload, processId: 0 }));
  }

  /** A notification received on any connection of this process (see the embedded database). */
  receive(message: pg.Notification): void {
    if (message.channel !== LIVE_CHANNEL) return;
    const signal = decodeSignal(message.payload);
    if (signal) this.options.fanout.publish(signal);
    else
      this.options.log.warn(
        { payload: message.payload?.slice(0, 200) },
        'live: ignored a notification that is not a signal',
      );
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    this.stopHearing?.();
    clearTimeout(this.retryTimer);
    clearInterval(this.checkTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl, keepAlive: true, query_timeout: 5000 });
    client.on('notification', (message) => this.receive(message));
    // Errors after connecting end in 'end'; both lead to one reconnection.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${LIVE_CHANNEL}`);
    if (this.state === 'stopped') {
      await client.end().catch(() => undefined);
      return;
    }
    const wasReconnecting = this.state === 'reconnecting';
    this.client = client;
    this.state = 'listening';
    this.failures = 0;
    if (this.checkIntervalMs > 0) {
      clearInterval(this.checkTimer);
      this.checkTimer = setInterval(() => this.check(client), this.checkIntervalMs);
      this.checkTimer.unref();
    }
    if (wasReconnecting) {
      this.options.log.info('live: listening again after the database connection came back');
      this.options.fanout.resyncAll('reconnected');
    }
    for (const wake of this.listeningWaiters.splice(0)) wake();
  }

  private check(client: pg.Client): void {
    client.query('select 1').catch((error: Error) => this.lost(client, error));
  }

  private lost(client: pg.Client, error?: Error): void {
    if (client !== this.client || this.state === 'stopped') return;
    this.client = undefined;
    this.state = 'reconnecting';
    clearInterval(this.checkTimer);
    // A database outage is the database watch's to report (one warning for the hub); anything else is ours.
    if (this.options.database?.report(error))
      this.options.log.info({ err: error?.message }, 'live: the listening connection was lost; connecting again');
    else this.options.log.warn({ err: error?.message }, 'live: the listening connection was lost; connecting again');
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = Math.min(this.maxReconnectDelayMs, this.reconnectDelayMs * 2 ** this.failures);
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.connect().catch((error: Error) => {
        if (this.state === 'stopped') return;
        // During a database outage, the database watch reports it once for the hub.
        if (this.options.database?.report(error))
          this.options.log.debug(
            { err: error.message, attempt: this.failures },
            'live: connecting the listener failed; trying again',
          );
        else
          this.options.log.warn(
            { err: error.message, attempt: this.failures },
            'live: connecting the listener failed; trying again',
          );
        this.scheduleReconnect();
      });
    }, delay);
    this.retryTimer.unref();
  }
}
