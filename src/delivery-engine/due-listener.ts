import pg from 'pg';
import { DUE_CHANNEL } from './queue.js';

// The LISTEN side of the queue's wake-ups (queue.ts): a connection of its own that hears DUE_CHANNEL and
// wakes the claiming loop. When the connection drops (a restart, a failover) it connects again as soon as the
// database answers, and wakes the loop once then, for whatever was notified while it was away; the poll
// covers the gap meanwhile.

export class DueListener {
  private client: pg.Client | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly onDue: () => void,
    /** A lost or failed connection (reported to the database watch by the worker). */
    private readonly onError: (error: unknown) => void,
    private readonly retryIntervalMs: number,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', () => this.onDue());
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the LISTEN connection ended')));
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${DUE_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      throw error;
    }
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.onError(error);
    this.retrySoon();
  }

  private retrySoon(): void {
    if (this.stopped || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.start().then(
        () => this.onDue(),
        () => undefined, // lost() has scheduled the next try
      );
    }, this.retryIntervalMs);
    this.retryTimer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
