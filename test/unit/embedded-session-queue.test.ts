import type { PGlite } from '@electric-sql/pglite';
import { endsExchange, NotificationScanner, SessionQueue } from '../../src/db/embedded-session-queue.js';

// The order in which the embedded database's one session serves its connections' protocol messages.

const msg = (type: string) => new Uint8Array([type.charCodeAt(0), 0, 0, 0, 4]);

/** A stand-in PGlite that records which connection's message it ran, and knows BEGIN/COMMIT by the type 'Q'. */
function fakeSession() {
  const ran: string[] = [];
  let inTransaction = false;
  const db = {
    isInTransaction: () => inTransaction,
    runExclusive: <T>(work: () => Promise<T>) => work(),
    exec: async () => undefined,
    async execProtocolRawStream(message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }) {
      options.onRawData(new Uint8Array([1]));
    },
  };
  return { db: db as unknown as PGlite, ran, setTransaction: (open: boolean) => (inTransaction = open) };
}

it('tells the messages that end an exchange', () => {
  expect(['S', 'Q', 'F', 'X'].map((t) => endsExchange(msg(t)))).toEqual([true, true, true, true]);
  expect(['P', 'B', 'D', 'E', 'H', 'C'].map((t) => endsExchange(msg(t)))).toEqual([
    false,
    false,
    false,
    false,
    false,
    false,
  ]);
  expect(endsExchange(new Uint8Array([0, 0, 0, 8, 4, 210, 22, 47]))).toBe(true); // the startup packet
});

it("keeps a connection's exchange together: another connection's message waits for its Sync", async () => {
  const session = fakeSession();
  const queue = new SessionQueue(session.db);
  const order: string[] = [];
  const send = (handler: number, type: string) =>
    queue.enqueue(handler, msg(type), () => undefined).then(() => order.push(`${handler}${type}`));
  // Connection 1 has sent Parse; connection 2's query arrives before connection 1's Bind, Execute and Sync.
  const sent = [send(1, 'P'), send(2, 'Q')];
  await sent[0];
  sent.push(send(1, 'B'), send(1, 'E'), send(1, 'S'));
  await Promise.all(sent);
  expect(order).toEqual(['1P', '1B', '1E', '1S', '2Q']);
});

it('keeps an open transaction to its connection across exchanges, and gives the session back when it goes', async () => {
  const session = fakeSession();
  const queue = new SessionQueue(session.db);
  const order: string[] = [];
  const send = (handler: number, type: string) =>
    queue.enqueue(handler, msg(type), () => undefined).then(() => order.push(`${handler}${type}`));
  session.setTransaction(true); // connection 1's BEGIN
  await send(1, 'Q');
  const waiting = send(2, 'Q');
  await send(1, 'Q');
  expect(order).toEqual(['1Q', '1Q']);
  // Connection 1 disconnects mid-transaction: rolled back, and connection 2 goes on.
  session.setTransaction(false);
  await queue.clearTransactionIfNeeded(1);
  await waiting;
  expect(order).toEqual(['1Q', '1Q', '2Q']);
});

describe('notifications read from the embedded database’s output', () => {
  const message = (type: string, body: Buffer) => {
    const header = Buffer.alloc(5);
    header.write(type, 0);
    header.writeInt32BE(body.length + 4, 1);
    return Buffer.concat([header, body]);
  };
  const notification = (channel: string, payload: string) =>
    message('A', Buffer.concat([Buffer.from([0, 0, 0, 7]), Buffer.from(`${channel}\0${payload}\0`)]));

  it('finds NotificationResponse messages among others, also when cut between chunks', () => {
    const seen: [string, string][] = [];
    const scanner = new NotificationScanner((channel, payload) => seen.push([channel, payload]));
    const stream = Buffer.concat([
      message('C', Buffer.from('COMMIT\0')),
      notification('order_hub_live', '{"a":1}'),
      message('Z', Buffer.from('I')),
    ]);
    scanner.scan(stream.subarray(0, 15));
    scanner.scan(stream.subarray(15));
    expect(seen).toEqual([['order_hub_live', '{"a":1}']]);
  });
});
