import type { PGlite } from '@electric-sql/pglite';

// PGlite is one PostgreSQL session; pglite-socket serves many client connections from it by queueing their
// protocol messages and running them one at a time. Its own queue keeps a connection's messages together only
// while that connection has a transaction open. Between two messages of one extended-protocol exchange
// (Parse, Bind, Describe, Execute ... up to Sync) it lets other connections' messages in: another connection's
// Parse then replaces the unnamed statement the first one is about to Bind, and after an error the session
// discards every message up to the next Sync, the other connection's included, whose client then waits for
// answers that never come. That is how the embedded hub stalled with the delivery worker polling while
// requests ran.
//
// This queue keeps a connection's messages together for the whole exchange as well: after a message that does
// not end one (anything but Sync, a simple Query, a function call, Terminate or the startup packet), the
// session stays with that connection, as it does for an open transaction. The pg driver sends a whole
// exchange in one write, so the rest of it is already on its way.

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

/** Frontend message types after which the backend sends ReadyForQuery: the end of an exchange. */
const EXCHANGE_ENDS = new Set(['S', 'Q', 'F', 'X'].map((c) => c.charCodeAt(0)));

/** True when the message ends an exchange; the startup packet (no type byte: it opens with its length) does. */
export function endsExchange(message: Uint8Array): boolean {
  return message.length === 0 || message[0] === 0 || EXCHANGE_ENDS.has(message[0]);
}

/** A NOTIFY that PGlite reported: PostgreSQL's NotificationResponse, read from the session's output. */
export type NotificationListener = (channel: string, payload: string) => void;

const NOTIFICATION = 'A'.charCodeAt(0);

/**
 * Finds NotificationResponse messages ('A', length, pid, channel\0, payload\0) in the backend output of one
 * exchange, which may arrive in several chunks; a message cut between two chunks is completed by the next.
 */
export class NotificationScanner {
  private carry: Buffer = Buffer.alloc(0);

  constructor(private readonly listener: NotificationListener) {}

  scan(chunk: Uint8Array): void {
    const data = this.carry.length
      ? Buffer.concat([this.carry, chunk])
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let offset = 0;
    while (data.length - offset >= 5) {
      const length = data.readInt32BE(offset + 1);
      if (data.length - offset < 1 + length) break;
      if (data[offset] === NOTIFICATION) {
        const body = data.subarray(offset + 9, offset + 1 + length);
        const end = body.indexOf(0);
        this.listener(body.subarray(0, end).toString('utf8'), body.subarray(end + 1, body.length - 1).toString('utf8'));
      }
      offset += 1 + length;
    }
    this.carry = offset < data.length ? Buffer.from(data.subarray(offset)) : Buffer.alloc(0);
  }
}

/** The interface pglite-socket 0.2's server and handlers use of their query queue. */
export class SessionQueue {
  private readonly queue: QueuedMessage[] = [];
  private processing = false;
  /** The connection the session belongs to until its exchange or transaction ends; null: anyone's turn. */
  private owner: number | null = null;
  /**
   * PGlite sends a NOTIFY to whichever connection's exchange commits it, not to the connections that
   * LISTEN (it is one session): the hub reads notifications here instead, from every exchange.
   */
  onNotification: NotificationListener | undefined;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  getQueueLength(): number {
    return this.queue.length;
  }

  clearQueueForHandler(handlerId: number): void {
    for (let i = this.queue.length - 1; i >= 0; i -= 1) {
      if (this.queue[i].handlerId !== handlerId) continue;
      this.queue.splice(i, 1)[0].reject(new Error('Handler disconnected'));
    }
  }

  /** A connection that went away mid-transaction or mid-exchange: roll back and give the session to the others. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    this.owner = null;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    await this.process();
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (;;) {
        const index = this.owner === null ? 0 : this.queue.findIndex((m) => m.handlerId === this.owner);
        // The owner's next message has not arrived yet: the next enqueue resumes.
        if (index === -1 || this.queue.length === 0) return;
        const next = this.queue.splice(index, 1)[0];
        let bytes = 0;
        const listener = this.onNotification;
        const scanner = listener ? new NotificationScanner(listener) : undefined;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(next.message, {
              onRawData: (data) => {
                bytes += data.length;
                scanner?.scan(data);
                next.onData(data);
              },
            }),
          );
        } catch (error) {
          // The session is in no state to go on for this connection; the others may.
          this.owner = null;
          next.reject(error);
          continue;
        }
        this.owner = endsExchange(next.message) && !this.db.isInTransaction() ? null : next.handlerId;
        next.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }
}
