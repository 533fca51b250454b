import { readFileSync } from 'node:fs';

// Reads a `node --cpu-prof` profile and sums each sample's time under the nearest frame that belongs to an npm
// package or a file of src/ (walking up the stack from the leaf), so a profile reads as "which layer spends
// the time". Usage: node dist/bench/profile-owners.js PROFILE.cpuprofile [FROM_US TO_US] [REQUESTS]
// FROM_US/TO_US bound the samples (the profile's clock, CLOCK_MONOTONIC in microseconds, which bench/orders
// prints per phase with BENCH_MARKS=1); REQUESTS turns the busy time into milliseconds per request.

interface Node {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const byLayer = process.argv.includes('--layers');
const [file, fromArg, toArg, requestsArg] = process.argv.slice(2).filter((a) => a !== '--layers');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const from = fromArg ? Number(fromArg) : -Infinity;
const to = toArg ? Number(toArg) : Infinity;
const requests = requestsArg ? Number(requestsArg) : 0;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

function ownerOf(url: string, functionName: string): string | undefined {
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collector';
    if (functionName === '(idle)' || functionName === '(program)') return functionName;
    return undefined;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1];
  const src = /\/dist\/(src\/.+|bench\/.+)\.js$/.exec(url);
  if (src) return src[1];
  if (url.startsWith('node:')) return undefined;
  return undefined;
}

const cache = new Map<number, string>();
function ownerOfNode(id: number): string {
  const known = cache.get(id);
  if (known) return known;
  let at: number | undefined = id;
  let owner: string | undefined;
  const leaf = byId.get(id)!;
  while (at !== undefined && !owner) {
    const n = byId.get(at)!;
    owner = ownerOf(n.callFrame.url, n.callFrame.functionName);
    at = parent.get(at);
  }
  owner ??= leaf.callFrame.url.startsWith('node:')
    ? `node core (${leaf.callFrame.url})`
    : `(${leaf.callFrame.functionName || 'anonymous'})`;
  cache.set(id, owner);
  return owner;
}

// --layers: owners grouped into the layers a request goes through (the first pattern that matches wins).
const LAYERS: [string, RegExp][] = [
  [
    'load generator (fetch client, bench, fake POS)',
    /^(bench\/|node core \(node:internal\/(deps\/undici|webstreams|worker\/js_transferable|abort_controller))/,
  ],
  [
    'pg driver (statements: build, socket write, parse)',
    /^(pg|pg-protocol|pg-pool|pg-types|postgres-[a-z]+|\(writev\)|\(writeBuffer\))$/,
  ],
  ['MikroORM, knex, tarn', /^(@mikro-orm\/.*|knex|tarn|src\/db\/.*)$/],
  [
    'express and router',
    /^(express|router|path-to-regexp|parseurl|finalhandler|send|etag|fresh|qs|on-finished|depd|content-type|type-is|accepts|negotiator|mime.*)$/,
  ],
  ['body parsing', /^(body-parser|raw-body|iconv-lite|src\/rest\/body)$/],
  ['OpenAPI validation', /^(ajv.*|src\/shapes\/.*|src\/rest\/(operations|request-validation))$/],
  ['bearer validation (oidc-provider, src/auth)', /^(oidc-provider|koa.*|jose|src\/auth\/.*)$/],
  ['rate limiting', /^src\/http\/(rate-limit|limiter-store)$/],
  ['admission control', /^(src\/http\/admission|p-queue|eventemitter3|p-timeout)$/],
  ['request id, scope, logging (pino)', /^(pino.*|src\/http\/request-id|src\/common\/(request-scope|logger))$/],
  ['services and rules (src/modules)', /^src\/modules\//],
  [
    'delivery worker (src/delivery-engine, graphile-worker)',
    /^(src\/delivery-engine\/.*|graphile-worker|@graphile\/.*)$/,
  ],
  [
    'got',
    /^(got|@szmarczak\/.*|cacheable-.*|responselike|lowercase-keys|decompress-response|form-data-encoder|http2-wrapper|p-cancelable|@sindresorhus\/.*)$/,
  ],
  ['garbage collector', /^garbage collector$/],
];
const layerOf = (owner: string) =>
  LAYERS.find(([, pattern]) => pattern.test(owner))?.[0] ??
  'other (node core http/streams/events, microtasks, rest of src)';

const totals = new Map<string, number>();
let t = profile.startTime;
let busy = 0;
let all = 0;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  if (t < from || t > to) continue;
  const delta = profile.timeDeltas[i + 1] ?? 0;
  const owner =
    byLayer && ownerOfNode(profile.samples[i]) !== '(idle)'
      ? layerOf(ownerOfNode(profile.samples[i]))
      : ownerOfNode(profile.samples[i]);
  totals.set(owner, (totals.get(owner) ?? 0) + delta);
  all += delta;
  if (owner !== '(idle)') busy += delta;
}
const rows = [...totals].filter(([o]) => o !== '(idle)').sort((a, b) => b[1] - a[1]);
process.stdout.write(`busy ${(busy / 1000).toFixed(0)} ms of ${(all / 1000).toFixed(0)} ms sampled\n`);
process.stdout.write(
  `| owner | share of busy | ms total |${requests ? ' ms per request |' : ''}\n|---|---:|---:|${requests ? '---:|' : ''}\n`,
);
for (const [owner, us] of rows.slice(0, 40)) {
  process.stdout.write(
    `| ${owner} | ${((100 * us) / busy).toFixed(1)}% | ${(us / 1000).toFixed(0)} |${requests ? ` ${(us / 1000 / requests).toFixed(3)} |` : ''}\n`,
  );
}
