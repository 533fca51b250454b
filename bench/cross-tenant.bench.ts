import 'reflect-metadata';
import { fork } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { adminApi, applicationToken, type Json } from './hub-api.js';
import { scratchHub } from './support.js';
import { openLoopVictim, victimFigures, type VictimRun } from './victim.js';

// Cross-tenant load: while an attacker's application sends the heaviest GraphQL requests the cost
// budget allows (a whole catalog of a 2,000-product location per request, as fast as it can, from several
// connections) and anonymous clients send 32 MiB bodies to catalog/import, another tenant's marketplace places
// orders at a steady rate; its latencies and failures are the figures. First the victim alone, then under
// attack. A hub in this process on a scratch database of the local PostgreSQL, with the default rate limit.
// Run: npm run bench:cross-tenant. BENCH_SECONDS: the attack's length (default 30); BENCH_RATE: the victim's
// orders per second (default 20); BENCH_ATTACKERS / BENCH_ANONYMOUS: concurrent GraphQL / anonymous clients
// (default 8 / 6). DATABASE_URL names the server (default the local one).

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const ATTACKERS = Number(process.env.BENCH_ATTACKERS ?? 8);
const ANONYMOUS = Number(process.env.BENCH_ANONYMOUS ?? 6);
const BIG_BODY = Buffer.alloc(32 * 1024 * 1024, 0x20);

let counter = 0;
const orderBody = () => ({
  externalId: `victim-${process.pid}-${counter++}`,
  fulfillmentType: 'PICKUP',
  items: [{ posReference: 'v-1', name: 'Soup', quantity: 1, price: 650, options: [{ name: 'Bread', price: 100 }] }],
  total: 750,
});

// The heaviest request the budget accepts: one whole catalog (two are over MAX_QUERY_COST).
const catalogQuery = `query($a: ID!, $l: ID!) {
  catalog(accountId: $a, locationId: $l) { products { id posReference name price taxRateIds categories } categories { id name } modifiers { id name } modifierGroups { id name } }
}`;

/** Victim: `rate` orders per second for `seconds`; failures are anything but 201. */
const victim = (url: string, token: string, rate: number, seconds: number) =>
  openLoopVictim(
    () =>
      fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(orderBody()),
      }),
    201,
    rate,
    seconds,
  );
const figures = (name: string, run: VictimRun) => victimFigures(name, 'orders', run);

/** The attacker's application: the heaviest accepted GraphQL request, again and again, until `until`. */
async function graphqlAttacker(
  hubUrl: string,
  token: string,
  variables: Json,
  until: number,
  counts: Record<string, number>,
): Promise<void> {
  while (performance.now() < until) {
    const res = await fetch(`${hubUrl}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: catalogQuery, variables }),
    });
    const text = await res.text();
    const key = res.status === 200 && !text.includes('"errors"') ? 'answered' : `${res.status}`;
    counts[key] = (counts[key] ?? 0) + 1;
    if (res.status === 429) {
      // A client that honours Retry-After; one that does not is answered 429 at once, which costs less.
      const retry = Number(res.headers.get('retry-after') ?? 1);
      await new Promise((resolve) => setTimeout(resolve, Math.min(retry, 2) * 1000));
    }
  }
}

/** An anonymous client: PUTs a 32 MiB body to catalog/import, again and again, until `until`. */
async function anonymousUploader(
  hubUrl: string,
  path: string,
  until: number,
  counts: Record<string, number>,
): Promise<void> {
  const { hostname, port } = new URL(hubUrl);
  while (performance.now() < until) {
    const status = await new Promise<number>((resolve) => {
      const req = httpRequest(
        {
          host: hostname === 'localhost' ? '127.0.0.1' : hostname,
          port,
          method: 'PUT',
          path,
          headers: { 'content-type': 'application/json', 'content-length': BIG_BODY.length },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(-1));
      req.end(BIG_BODY);
    });
    counts[status] = (counts[status] ?? 0) + 1;
  }
}

async function main(): Promise<void> {
  const { hub, stop } = await scratchHub('cross_tenant');
  try {
    const { call } = await adminApi(hub.url);
    const location = async (name: string) => {
      const account = await call('POST', '/v1/accounts', { name });
      const loc = await call('POST', `/v1/accounts/${account.id}/locations`, { name });
      return {
        accountId: account.id as string,
        locationId: loc.id as string,
        path: `/v1/accounts/${account.id}/locations/${loc.id}`,
      };
    };
    const app = async (kind: 'POS' | 'MARKETPLACE', name: string, at: { path: string }) => {
      const created = await call('POST', '/v1/applications', {
        kind,
        name,
        webhookUrl: 'http://127.0.0.1:9/webhooks',
        ...(kind === 'POS' ? { catalogPullUrl: 'http://127.0.0.1:9/pull' } : {}),
      });
      await call('POST', `${at.path}/connections`, { applicationId: created.id });
      return applicationToken(hub.url, created);
    };

    const victimLoc = await location('Victim');
    await call('PUT', `${victimLoc.path}/catalog/import`, {
      categories: [],
      modifiers: [],
      modifierGroups: [],
      products: [{ posReference: 'v-1', name: 'Soup', price: 650 }],
    });
    const victimToken = await app('MARKETPLACE', 'Victim marketplace', victimLoc);

    const attackerLoc = await location('Attacker');
    await call('PUT', `${attackerLoc.path}/catalog/import`, {
      categories: Array.from({ length: 50 }, (_, i) => ({ posReference: `c-${i}`, name: `Category ${i}` })),
      modifiers: Array.from({ length: 500 }, (_, i) => ({ posReference: `m-${i}`, name: `Modifier ${i}`, price: 10 })),
      modifierGroups: Array.from({ length: 50 }, (_, i) => ({
        posReference: `g-${i}`,
        name: `Group ${i}`,
        modifiers: [`m-${i}`],
      })),
      products: Array.from({ length: 2000 }, (_, i) => ({
        posReference: `p-${i}`,
        name: `Product ${i} ${'x'.repeat(40)}`,
        price: 100 + i,
        categories: [`c-${i % 50}`],
        taxRateIds: ['vat'],
      })),
    });
    const attackerToken = await app('POS', 'Attacker POS', attackerLoc);
    const variables = { a: attackerLoc.accountId, l: attackerLoc.locationId };
    const probeStarted = performance.now();
    const probe = await fetch(`${hub.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${attackerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: catalogQuery, variables }),
    });
    const probeText = await probe.text();
    const probeMs = performance.now() - probeStarted;
    if (probe.status !== 200 || probeText.includes('"errors"'))
      throw new Error(`the attacker's request is not accepted: ${probe.status} ${probeText.slice(0, 300)}`);

    const ordersUrl = `${hub.url}${victimLoc.path}/orders`;
    const lines: string[] = [];
    lines.push(
      `one heavy attacker request alone: ${probeMs.toFixed(0)} ms, ${(probeText.length / 1024 / 1024).toFixed(1)} MiB answered`,
    );
    lines.push(figures(`victim alone (${RATE}/s for 10 s)`, await victim(ordersUrl, victimToken, RATE, 10)));

    // The attackers run in a process of their own, so their work (32 MiB writes, multi-MiB answers) does not
    // share the event loop that times the victim's orders.
    const attack: AttackPlan = {
      hubUrl: hub.url,
      token: attackerToken,
      variables,
      uploadPath: `${victimLoc.path}/catalog/import`,
      seconds: SECONDS,
    };
    const child = fork(fileURLToPath(import.meta.url), ['attack', JSON.stringify(attack)], {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    const counts = new Promise<{ graphql: Record<string, number>; anonymous: Record<string, number> }>(
      (resolve, reject) => {
        child.on('message', (message) => (message === 'started' ? undefined : resolve(message as never)));
        child.once('exit', (code) =>
          code === 0 ? undefined : reject(new Error(`the attack process exited with ${code}`)),
        );
      },
    );
    await new Promise((resolve) => child.once('message', resolve)); // "started"
    const underAttack = await victim(ordersUrl, victimToken, RATE, SECONDS);
    const { graphql: graphqlCounts, anonymous: anonymousCounts } = await counts;
    lines.push(figures(`victim under attack (${RATE}/s for ${SECONDS} s)`, underAttack));
    lines.push(
      `attacker GraphQL (${ATTACKERS} clients, one whole catalog of 2,000 products per request): ${JSON.stringify(graphqlCounts)}`,
    );
    lines.push(`anonymous 32 MiB catalog imports (${ANONYMOUS} clients): ${JSON.stringify(anonymousCounts)}`);
    for (const line of lines) console.log(line);
  } finally {
    await stop();
  }
}

interface AttackPlan {
  hubUrl: string;
  token: string;
  variables: Json;
  uploadPath: string;
  seconds: number;
}

/** The attack process: every attacker for `seconds`, then the counts of what the hub answered, to the parent. */
async function attackProcess(plan: AttackPlan): Promise<void> {
  const until = performance.now() + plan.seconds * 1000;
  const graphql: Record<string, number> = {};
  const anonymous: Record<string, number> = {};
  process.send!('started');
  await Promise.all([
    ...Array.from({ length: ATTACKERS }, () =>
      graphqlAttacker(plan.hubUrl, plan.token, plan.variables, until, graphql),
    ),
    ...Array.from({ length: ANONYMOUS }, () => anonymousUploader(plan.hubUrl, plan.uploadPath, until, anonymous)),
  ]);
  process.send!({ graphql, anonymous }, () => process.exit(0));
}

(process.argv[2] === 'attack' ? attackProcess(JSON.parse(process.argv[3]) as AttackPlan) : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
