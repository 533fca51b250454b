import { startTestHub } from '../test/support/test-hub.js';
import { load, row, TABLE_HEAD } from './support.js';

// The token endpoint: client_credentials grants per second (each one client lookup, one Grant, one access
// token and one refresh token written to PostgreSQL), one request in flight and several.
// Run: npm run build && node dist/bench/token.bench.js   (DATABASE_URL: a PostgreSQL server; else PGlite)

const COUNT = Number(process.env.BENCH_COUNT ?? 2000);

const t = await startTestHub();
try {
  const app = await t.createApplication('POS');
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: app.clientId,
    client_secret: app.clientSecret,
  }).toString();
  const grant = async () => {
    const res = await fetch(`${t.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    if (res.status !== 200) throw new Error(`token endpoint answered ${res.status}`);
    await res.arrayBuffer();
  };
  await load(200, 4, grant); // warm-up
  const lines = [TABLE_HEAD];
  for (const concurrency of [1, 8, 32])
    lines.push(row(`client_credentials, ${concurrency} in flight`, await load(COUNT, concurrency, grant)));
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await t.stop();
}
