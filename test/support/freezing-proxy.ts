import net from 'node:net';
import type { AddressInfo } from 'node:net';

// A TCP proxy in front of a PostgreSQL server that can go silent as a network partition does: connections
// stay open, nothing comes back, new connections are accepted and hear nothing. What was sent meanwhile is
// kept and delivered when it thaws, as TCP would once the network is back.

export interface FreezingProxy {
  /** The server's URL with the proxy's address in it. */
  url: string;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

export async function startFreezingProxy(databaseUrl: string): Promise<FreezingProxy> {
  const target = new URL(databaseUrl);
  let frozen = false;
  const pending: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (frozen) pending.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const proxy = net.createServer((client) => {
    const server = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    forward(client, server);
    forward(server, client);
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  return {
    url: url.toString(),
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const send of pending.splice(0)) send();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
