import { Agent, request } from 'node:http';

// The load generator's HTTP client for the measured requests of bench/orders: node:http on keep-alive
// connections, reading each answer as one string.
//
// Why not fetch: the load generator shares the hub's process, so its garbage is collected in the same pauses as
// the hub's. Node's fetch (undici) registers every response with a FinalizationRegistry and builds web streams
// around each body; the young-generation collector keeps those alive until a full collection, so each request
// left 12-14 KB in the old generation (a bare node:http server driven by fetch at 200 requests/s: 14.5 KB
// promoted per request, scavenges up to 17 ms; by this client: 0.3 KB, under 1 ms). At 200 orders/s that was
// most of what pushed the process into long scavenges and full collections, and it showed as the hub's
// latency. BENCH_CLIENT=fetch uses fetch instead, to compare with figures taken that way.

interface Answer {
  status: number;
  text: string;
}

export type Send = (
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<Answer>;

const agent = new Agent({ keepAlive: true });

// A keep-alive socket the server closes for idleness (node's keepAliveTimeout, 5 s) just as a request is written
// on it answers ECONNRESET before the server has read anything: the request is sent again once, as node's
// documentation of request.reusedSocket advises, on a connection of its own (agent: false), since the other idle
// sockets of the pool may be closing too. The open loop, whose rate leaves many sockets idle between bursts, met
// it on a loaded machine and ended the bench.
const viaNodeHttp: Send = (url, init) =>
  once(url, init, agent).catch((error: NodeJS.ErrnoException & { reusedSocket?: boolean }) => {
    if (error.code === 'ECONNRESET' && error.reusedSocket) return once(url, init, false);
    throw error;
  });

function once(url: string, { method = 'GET', headers = {}, body }: Parameters<Send>[1], via: Agent | false) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent: via,
        headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.setEncoding('utf8');
        let text = '';
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.on('error', (error) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
    req.end(body);
  });
}

const viaFetch: Send = async (url, init) => {
  const res = await fetch(url, init);
  return { status: res.status, text: await res.text() };
};

export const send: Send = process.env.BENCH_CLIENT === 'fetch' ? viaFetch : viaNodeHttp;

/** Closes the idle keep-alive connections, so the process can end. */
export function closeLoopbackClient(): void {
  agent.destroy();
}
