import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { MAX_SOCKET_MESSAGE_BYTES } from '../../src/graphql/socket-limits.js';
import { describeOnServer } from '../support/on-server.js';
import { liveClient, type LiveClient } from '../support/subscriber.js';
import { startTestHub, type TestHub, type TestLocation } from '../support/test-hub.js';

// A subscription socket is as bounded as a request (src/graphql/socket-limits.ts): its messages are no larger
// than a request before sign-in, refused from the frame header unread; the subscriptions one socket and one
// caller hold are capped; each subscribe takes a point of the caller's rate limit; and an event fanned out to
// many subscriptions of one socket authenticates its caller once. A hub in this process on PostgreSQL.

const STORE_STATUS = `subscription ($accountId: ID!, $locationId: ID!) {
  storeStatusChanged(accountId: $accountId, locationId: $locationId) { kind storeStatus { storeStatus } } }`;

/** The WebSocket handshake of graphql-ws by hand, so that a test can send a frame's header without its payload. */
async function rawSocket(hubUrl: string): Promise<Socket> {
  const { hostname, port } = new URL(hubUrl);
  const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
  await once(socket, 'connect');
  socket.write(
    [
      'GET /graphql HTTP/1.1',
      `Host: ${hostname}:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Protocol: graphql-transport-ws',
      '',
      '',
    ].join('\r\n'),
  );
  const [head] = (await once(socket, 'data')) as [Buffer];
  expect(head.toString('latin1')).toMatch(/^HTTP\/1\.1 101 /);
  return socket;
}

/** The close code of the first close frame the server sends (server frames are not masked). */
async function closeCodeOf(socket: Socket): Promise<number> {
  let received = Buffer.alloc(0);
  for await (const chunk of socket) {
    received = Buffer.concat([received, chunk as Buffer]);
    if (received.length >= 4 && (received[0] & 0x0f) === 0x8) return received.readUInt16BE(2);
  }
  throw new Error(`the socket ended without a close frame (${received.toString('hex')})`);
}

describeOnServer('subscription socket limits', () => {
  let t: TestHub;
  let location: TestLocation;
  let token: string;
  const clients: LiveClient[] = [];
  const open = (bearer: string | null) => {
    const client = liveClient(t.url, bearer);
    clients.push(client);
    return client;
  };
  const variables = () => ({ accountId: location.accountId, locationId: location.locationId });

  beforeAll(async () => {
    t = await startTestHub({ LIVE_SUBSCRIPTIONS_PER_SOCKET: '3', LIVE_SUBSCRIPTIONS_PER_USER: '5' });
    location = await t.createLocation();
    token = t.admin.token!;
  }, 60_000);

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await t?.stop();
  });

  it('closes a socket with 1009 from the header of a 64 MiB frame, before the frame is read or anyone signed in', async () => {
    const socket = await rawSocket(t.url);
    try {
      // A masked text frame announcing 64 MiB (a 64-bit length), then nothing of its payload.
      const header = Buffer.alloc(14);
      header[0] = 0x81;
      header[1] = 0x80 | 127;
      header.writeBigUInt64BE(64n * 1024n * 1024n, 2);
      socket.write(header);
      expect(await closeCodeOf(socket)).toBe(1009);
    } finally {
      socket.destroy();
    }
  });

  it('refuses a connection_init larger than a request before sign-in (64 KiB) with 1009', async () => {
    expect(MAX_SOCKET_MESSAGE_BYTES).toBe(64 * 1024);
    const oversized = open('a'.repeat(MAX_SOCKET_MESSAGE_BYTES));
    await expect(oversized.connected).rejects.toMatchObject({ code: 1009 });
    const fitting = open(token);
    await fitting.connected;
  });

  it('holds at most LIVE_SUBSCRIPTIONS_PER_SOCKET on a socket and LIVE_SUBSCRIPTIONS_PER_USER per caller', async () => {
    const first = open(token);
    const held = [1, 2, 3].map(() => first.subscribe(STORE_STATUS, variables()));
    for (const subscription of held) await subscription.waitFor((d) => d.storeStatusChanged.kind === 'RESYNC');
    const fourth = first.subscribe(STORE_STATUS, variables());
    await fourth.settled();
    expect(fourth.errors[0]).toMatchObject({ extensions: { code: 'rate_limited', limit: 3 } });
    expect(fourth.errors[0].message).toMatch(/socket holds 3 live subscriptions/);

    // Another socket of the same caller: two more make five, the sixth is over the caller's limit.
    const second = open(token);
    const more = [1, 2].map(() => second.subscribe(STORE_STATUS, variables()));
    for (const subscription of more) await subscription.waitFor((d) => d.storeStatusChanged.kind === 'RESYNC');
    const sixth = second.subscribe(STORE_STATUS, variables());
    await sixth.settled();
    expect(sixth.errors[0]).toMatchObject({ extensions: { code: 'rate_limited', limit: 5 } });

    // Another caller has limits of its own.
    const merchant = await t.createUser('merchant', [location.accountId]);
    const other = open((await t.passwordToken(merchant.email, merchant.password)).access_token);
    const theirs = other.subscribe(STORE_STATUS, variables());
    await theirs.waitFor((d) => d.storeStatusChanged.kind === 'RESYNC');

    // A subscription that ends makes room (the socket's messages are handled in order); so does a socket that closes.
    held[0].dispose();
    const again = first.subscribe(STORE_STATUS, variables());
    await again.waitFor((d) => d.storeStatusChanged.kind === 'RESYNC', 5000, 'room after one ended');
    const closed = new Promise((resolve) => first.client.on('closed', resolve));
    await first.close();
    await closed;
    const afterClose = [1, 2].map(() => open(token).subscribe(STORE_STATUS, variables()));
    for (const subscription of afterClose)
      await subscription.waitFor((d) => d.storeStatusChanged.kind === 'RESYNC', 5000, 'room after the socket closed');
  });

  it('authenticates a socket’s caller once for an event, and reads it once for the subscriptions that watch the same', async () => {
    // Statements counted on the client, by text: the hub runs in this process.
    process.env.BENCH_STATEMENTS = '1';
    const { countStatements, statementsByText } = await import('../../bench/statement-count.js');
    countStatements();
    // A location of its own: no other socket watches it.
    const own = await t.createLocation();
    const merchant = await t.createUser('merchant', [own.accountId]);
    const live = open((await t.passwordToken(merchant.email, merchant.password)).access_token);
    const ids = { accountId: own.accountId, locationId: own.locationId };
    const watching = [1, 2, 3].map(() => live.subscribe(STORE_STATUS, ids));
    for (const subscription of watching) await subscription.waitFor((d) => d.storeStatusChanged.kind === 'RESYNC');
    statementsByText();
    const closed = await t.admin.put(`${own.path}/store-status`, { storeStatus: 'OFFLINE' });
    expect(closed.status).toBe(200);
    for (const subscription of watching)
      await subscription.waitFor((d) => d.storeStatusChanged.storeStatus?.storeStatus === 'OFFLINE', 5000, 'OFFLINE');
    const sent = statementsByText();
    const count = (start: string) => sent.filter(([text]) => text.startsWith(start)).reduce((sum, [, n]) => sum + n, 0);
    // A user token's caller is its user's row: one read for the PUT's own caller, one for the socket's.
    expect(count('select u.role, a.id as application_id, a.kind from users u')).toBe(2);
    // The location: one read for the PUT, one for the three subscriptions that watch the same.
    expect(count('select "l0".* from "locations"')).toBe(2);
  });
});

describeOnServer('subscription sockets and the rate limit', () => {
  let t: TestHub;
  afterAll(() => t?.stop());

  it('takes a point of the caller’s rate limit for every subscribe message', async () => {
    t = await startTestHub({ RATE_LIMIT_RPS: '0.01', RATE_LIMIT_BURST: '3' });
    const live = liveClient(t.url, t.admin.token!);
    try {
      const nowhere = { accountId: randomUUID(), locationId: randomUUID() };
      // A location that is not there is refused after the subscribe was charged.
      for (let i = 0; i < 3; i++) {
        const refused = live.subscribe(STORE_STATUS, nowhere);
        await refused.settled();
        expect(refused.errors[0].extensions?.code).toBe('not_found');
      }
      const over = live.subscribe(STORE_STATUS, nowhere);
      await over.settled();
      expect(over.errors[0].extensions?.code).toBe('rate_limited');
      expect(over.errors[0].extensions?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      // The same budget as HTTP: the caller's next request is refused too.
      expect((await t.admin.get('/v1/accounts')).status).toBe(429);
    } finally {
      await live.close();
    }
  });
});
