import 'reflect-metadata';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { adminApi, userToken } from './hub-api.js';
import { percentile, scratchHub } from './support.js';
import { openLoopVictim, victimFigures, type VictimRun } from './victim.js';

// Cross-tenant load through subscription sockets: while an attacker (a merchant) opens sockets, asks each for as
// many storeStatusChanged subscriptions of its own location as it likes, and changes its store status in a loop
// as fast as it can (every change is an event for every one of its subscriptions), a merchant of another tenant
// reads its orders at a steady rate; its latencies and failures are the figures. First the victim alone, then
// under attack. A hub in this process on a scratch database of the local PostgreSQL, with the default rate limit
// and subscription limits. Run: npm run bench:cross-tenant-sockets. BENCH_SECONDS: the attack's length (default
// 30); BENCH_RATE: the victim's reads per second (default 20); BENCH_SOCKETS / BENCH_SUBSCRIPTIONS: the attacker's
// sockets and the subscriptions it asks for on each (default 8 / 200). DATABASE_URL names the server.

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 8);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 200);

const STORE_STATUS = `subscription ($accountId: ID!, $locationId: ID!) {
  storeStatusChanged(accountId: $accountId, locationId: $locationId) { kind storeStatus { storeStatus } } }`;

/** Victim: `rate` reads of its order list per second for `seconds`; failures are anything but 200. */
const victim = (url: string, token: string, rate: number, seconds: number) =>
  openLoopVictim(() => fetch(url, { headers: { authorization: `Bearer ${token}` } }), 200, rate, seconds);
const figures = (name: string, run: VictimRun) => victimFigures(name, 'reads', run);

async function main(): Promise<void> {
  const { hub, stop } = await scratchHub('cross_tenant_sockets');
  try {
    const { call } = await adminApi(hub.url);
    /** A tenant: an account with one location, and a merchant of it (its token). */
    const tenant = async (name: string) => {
      const account = await call('POST', '/v1/accounts', { name });
      const loc = await call('POST', `/v1/accounts/${account.id}/locations`, { name });
      const email = `${name.toLowerCase()}-${process.pid}@bench.example`;
      const password = 'bench-merchant-password-0123';
      await call('POST', '/v1/users', { email, password, role: 'merchant', accountIds: [account.id] });
      return {
        accountId: account.id as string,
        locationId: loc.id as string,
        path: `/v1/accounts/${account.id}/locations/${loc.id}`,
        token: await userToken(hub.url, email, password),
      };
    };
    const victimTenant = await tenant('Victim');
    const attacker = await tenant('Attacker');
    const ordersUrl = `${hub.url}${victimTenant.path}/orders?limit=20`;
    console.log(figures(`victim alone (${RATE}/s for 10 s)`, await victim(ordersUrl, victimTenant.token, RATE, 10)));

    // The attacker runs in a process of its own, so its sockets' work does not share the event loop that times
    // the victim's reads.
    const plan: AttackPlan = { hubUrl: hub.url, attacker, seconds: SECONDS };
    const child = fork(fileURLToPath(import.meta.url), ['attack', JSON.stringify(plan)], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const report = new Promise<AttackReport>((resolve, reject) => {
      child.on('message', (message) => (typeof message === 'object' ? resolve(message as AttackReport) : undefined));
      child.once('exit', (code) =>
        code === 0 ? undefined : reject(new Error(`the attack process exited with ${code}`)),
      );
    });
    await new Promise((resolve) => child.once('message', resolve)); // "started": subscriptions in place
    const underAttack = await victim(ordersUrl, victimTenant.token, RATE, SECONDS);
    const attack = await report;
    console.log(figures(`victim under attack (${RATE}/s for ${SECONDS} s)`, underAttack));
    console.log(
      `attacker: ${SOCKETS} sockets x ${SUBSCRIPTIONS} subscribes; in place ${attack.live}, refused ${JSON.stringify(attack.refused)}; ` +
        `store status changes ${JSON.stringify(attack.changes)}; events received ${attack.events}`,
    );
    const p99 = percentile(
      [...underAttack.latencies].sort((a, b) => a - b),
      99,
    );
    console.log(p99 < 200 && underAttack.failures === 0 ? 'goal met: victim p99 < 200 ms' : 'goal MISSED');
  } finally {
    await stop();
  }
}

interface AttackPlan {
  hubUrl: string;
  attacker: { accountId: string; locationId: string; path: string; token: string };
  seconds: number;
}

interface AttackReport {
  live: number;
  refused: Record<string, number>;
  changes: Record<string, number>;
  events: number;
}

/** The attack process: sockets full of subscriptions, then store status changes until the end, then the counts. */
async function attackProcess(plan: AttackPlan): Promise<void> {
  const { attacker } = plan;
  const refused: Record<string, number> = {};
  let live = 0;
  let events = 0;
  const clients = Array.from({ length: SOCKETS }, () =>
    createClient({
      url: `${plan.hubUrl.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${attacker.token}` },
      retryAttempts: 0,
      lazy: true,
    }),
  );
  // Every subscribe at once on every socket; each settles on its first event (in place) or its refusal.
  await Promise.all(
    clients.flatMap((client) =>
      Array.from(
        { length: SUBSCRIPTIONS },
        () =>
          new Promise<void>((settle) => {
            let first = true;
            client.subscribe(
              { query: STORE_STATUS, variables: { accountId: attacker.accountId, locationId: attacker.locationId } },
              {
                next: () => {
                  events += 1;
                  if (first) live += 1;
                  first = false;
                  settle();
                },
                error: (error) => {
                  const code = Array.isArray(error)
                    ? String((error[0] as { extensions?: { code?: string } }).extensions?.code)
                    : `closed ${(error as { code?: number }).code}`;
                  refused[code] = (refused[code] ?? 0) + 1;
                  settle();
                },
                complete: () => settle(),
              },
            );
          }),
      ),
    ),
  );
  process.send!('started');
  const changes: Record<string, number> = {};
  const until = performance.now() + plan.seconds * 1000;
  for (let i = 0; performance.now() < until; i++) {
    const res = await fetch(`${plan.hubUrl}${attacker.path}/store-status`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${attacker.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ storeStatus: i % 2 === 0 ? 'OFFLINE' : 'ONLINE' }),
    });
    await res.arrayBuffer();
    changes[res.status] = (changes[res.status] ?? 0) + 1;
    if (res.status === 429) {
      // A client that honours Retry-After, as bench:cross-tenant's attacker does.
      const retry = Number(res.headers.get('retry-after') ?? 1);
      await new Promise((resolve) => setTimeout(resolve, Math.min(retry, 2) * 1000));
    }
  }
  await Promise.all(clients.map((client) => client.dispose()));
  process.send!({ live, refused, changes, events } satisfies AttackReport, () => process.exit(0));
}

(process.argv[2] === 'attack' ? attackProcess(JSON.parse(process.argv[3]) as AttackPlan) : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
