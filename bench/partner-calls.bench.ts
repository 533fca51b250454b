import { fork } from 'node:child_process';
import { createServer, request, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { got } from 'got';
import { PartnerHttp } from '../src/delivery-engine/partner-http.js';

// What one partner call costs this process, the way the delivery worker makes it (PartnerHttp.post: got's
// stream interface, only the options that are set), against got's promise interface (the obvious way to
// call got), and against node:http alone (the delivering baseline's way). The partner is a
// keep-alive server in a child process, so that only the caller's CPU is counted.
// Run: npm run bench:partner-calls. BENCH_CALLS: calls per way and round (default 20000); 8 in flight.

const CALLS = Number(process.env.BENCH_CALLS ?? 20_000);
const IN_FLIGHT = 8;
const ROUNDS = 3;

if (process.argv[2] === 'partner') {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.send?.((server.address() as AddressInfo).port));
} else {
  void main();
}

async function main(): Promise<void> {
  const child = fork(new URL(import.meta.url).pathname, ['partner']);
  const port = await new Promise<number>((resolve) => child.once('message', (message) => resolve(Number(message))));
  const url = `http://127.0.0.1:${port}/webhooks`;
  // A delivery's body and headers, about the size of an ORDER_CREATED.
  const body = JSON.stringify({ eventType: 'ORDER_CREATED', newState: { note: 'x'.repeat(800) } });
  const headers = {
    'webhook-id': 'msg_2Lj9BfZ1mk',
    'webhook-timestamp': '1795596710',
    'webhook-signature': 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  };

  const partnerHttp = new PartnerHttp({ allowPrivateAddresses: true, httpsOnly: false, timeoutMs: 10_000 });
  const agent = new Agent({ keepAlive: true });
  const gotPromise = got.extend({
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'order-hub' },
    followRedirect: false,
    retry: { limit: 0 },
    throwHttpErrors: false,
    agent: { http: agent },
    responseType: 'text',
  });
  const ways: Record<string, () => Promise<unknown>> = {
    'PartnerHttp.post (got stream)': () => partnerHttp.post(url, body, { headers }),
    'got promise interface': async () => {
      const call = gotPromise(url, { body, headers, timeout: { request: 10_000 } });
      call.on('downloadProgress', () => undefined);
      return (await call).body;
    },
    'node:http alone': () =>
      new Promise((resolve, reject) => {
        const call = request(
          url,
          { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve(text));
          },
        );
        call.on('error', reject);
        call.end(body);
      }),
  };

  console.log(
    `Node ${process.version}; ${CALLS} calls per way and round, ${IN_FLIGHT} in flight, ${ROUNDS} rounds interleaved`,
  );
  const results = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, call] of Object.entries(ways)) {
      await run(call, 5000);
      const before = process.cpuUsage();
      await run(call, CALLS);
      const used = process.cpuUsage(before);
      results.set(name, [...(results.get(name) ?? []), (used.user + used.system) / CALLS]);
    }
  }
  for (const [name, perCall] of results)
    console.log(`${name}: ${perCall.map((us) => us.toFixed(0)).join(', ')} µs of CPU per call`);
  child.kill();
}

async function run(call: () => Promise<unknown>, count: number): Promise<void> {
  let left = count;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (left-- > 0) await call();
    }),
  );
}
