import { loadConfig } from '../src/config/config.js';
import { createLogger } from '../src/common/logger.js';
import type { Principal, Reach } from '../src/common/principal.js';
import { startHub } from '../src/hub.js';
import { HttpClient } from '../test/support/http.js';
import { startTestHub, testEnv } from '../test/support/test-hub.js';
import { load, median, row, TABLE_HEAD, type Figures } from './support.js';

// What bearer validation adds to a /v1 read: GET {location} with an application's real access token (token
// lookup in PostgreSQL, then its connections for the reach) against the same route on a hub over the same
// database whose authenticator returns that same principal without looking anything up. Both measured hubs
// run as in production (no response validation); the load comes from this same process.
// Run: npm run build && node dist/bench/bearer.bench.js   (DATABASE_URL: a PostgreSQL server; else PGlite)

const COUNT = Number(process.env.BENCH_COUNT ?? 1000);
const ROUNDS = 5;

// One issuer for every hub here, so a token issued by one is valid at the others.
const PUBLIC_BASE_URL = 'http://localhost:1';
const t = await startTestHub({ PUBLIC_BASE_URL });
const app = await t.createApplication('POS');
const location = await t.createLocation();
await t.connect(app, location);
const token = (await t.applicationToken(app)).access_token;

const principal: Principal = {
  type: 'application',
  applicationId: app.id,
  kind: 'POS',
  clientId: app.clientId,
  scopes: new Set(['locations.read']),
};
const reach: Reach = {
  all: false,
  accountIds: new Set([location.accountId]),
  locationIds: new Set([location.locationId]),
};
const config = loadConfig(testEnv(t.db.url, { PUBLIC_BASE_URL }));
const plain = await startHub(config, createLogger('silent'));
const fixed = await startHub(config, createLogger('silent'), {
  authenticator: { authenticate: async () => ({ principal, reach }) },
});

try {
  const real = new HttpClient(plain.url, token);
  const stub = new HttpClient(fixed.url, 'fixed');
  const read = (client: HttpClient) => async () => {
    const res = await client.get(location.path);
    if (res.status !== 200) throw new Error(`GET answered ${res.status}`);
  };
  await load(300, 4, read(real));
  await load(300, 4, read(stub));
  const lines = [TABLE_HEAD];
  for (const concurrency of [1, 16]) {
    // Interleaved rounds, median of each figure: the machine is shared, and one quiet or busy second should
    // not decide the comparison.
    const tokenRounds: Figures[] = [];
    const fixedRounds: Figures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      tokenRounds.push(await load(COUNT, concurrency, read(real)));
      fixedRounds.push(await load(COUNT, concurrency, read(stub)));
    }
    const withToken = median(tokenRounds);
    const withFixed = median(fixedRounds);
    lines.push(row(`GET {location}, bearer token, ${concurrency} in flight`, withToken));
    lines.push(row(`GET {location}, fixed principal, ${concurrency} in flight`, withFixed));
    lines.push(
      `| validation adds, ${concurrency} in flight | | | ${(withToken.p50 - withFixed.p50).toFixed(2)} | ${(withToken.p99 - withFixed.p99).toFixed(2)} |`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await fixed.stop();
  await plain.stop();
  await t.stop();
}
