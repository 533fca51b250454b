import 'reflect-metadata';
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { createLogger } from '../src/common/logger.js';
import { uuidv7 } from '../src/common/ids.js';
import { loadConfig } from '../src/config/config.js';
import { startHub } from '../src/hub.js';
import { adminTokenAt, testEnv } from '../test/support/test-hub.js';
import { applicationToken, hubApi } from './hub-api.js';

// Catalog import benchmark: 10,000 products, 2,000 modifiers, 500 modifier groups, 50 categories,
// through HTTP against a hub in this process on a scratch database of the local PostgreSQL, as a POS
// application with its own client_credentials token (as in production, responses are not validated against
// OpenAPI; requests are): first import,
// unchanged re-import, 10% of products changed. The reference is a plain multi-row INSERT ... ON CONFLICT
// of the same rows through `pg` in this script. Run: npm run build && node dist/bench/catalog-import.js
// (DATABASE_URL names the server; default the local one).

/** BENCH_SCALE multiplies every count (10 comes close to the 32 MiB body limit). */
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SIZES = {
  products: 10_000 * SCALE,
  modifiers: 2_000 * SCALE,
  modifierGroups: 500 * SCALE,
  categories: 50 * SCALE,
};
const server = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

type Json = Record<string, unknown>;

function buildCatalog(version: number, changedShare = 0): Json {
  const categories = Array.from({ length: SIZES.categories }, (_, i) => ({
    posReference: `cat-${i}`,
    name: `Category ${i}`,
  }));
  const modifiers = Array.from({ length: SIZES.modifiers }, (_, i) => ({
    posReference: `mod-${i}`,
    name: `Modifier ${i}`,
    price: 25 + (i % 200),
    taxRateIds: ['vat-9'],
  }));
  const modifierGroups = Array.from({ length: SIZES.modifierGroups }, (_, i) => ({
    posReference: `grp-${i}`,
    name: `Group ${i}`,
    minPermitted: 0,
    maxPermitted: 2,
    modifiers: [0, 1, 2, 3].map((k) => `mod-${(i * 4 + k) % SIZES.modifiers}`),
  }));
  const changedEvery = changedShare > 0 ? Math.round(1 / changedShare) : 0;
  const products = Array.from({ length: SIZES.products }, (_, i) => ({
    posReference: `prod-${i}`,
    name: `Product ${i}`,
    price: 500 + (i % 1000) + (changedEvery && i % changedEvery === 0 ? version : 0),
    categories: [`cat-${i % SIZES.categories}`],
    taxRateIds: i % 3 === 0 ? ['vat-21'] : ['vat-9'],
    show_online: true,
    modifierGroups: [`grp-${i % SIZES.modifierGroups}`, `grp-${(i + 1) % SIZES.modifierGroups}`],
    description: `A fine product number ${i}`,
    type: 'ITEM',
    containsAlcohol: false,
  }));
  return {
    location: {
      taxRates: [
        { posReference: 'vat-9', name: 'VAT 9%', type: 'PERCENTAGE', rate: 90000 },
        { posReference: 'vat-21', name: 'VAT 21%', type: 'PERCENTAGE', rate: 210000 },
      ],
    },
    categories,
    products,
    modifiers,
    modifierGroups,
  };
}

/** Peak RSS while `work` runs, sampled every 10 ms (both the client and the hub live in this process). */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; rssGrowthMb: number }> {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { result, ms, rssGrowthMb: (peak - start) / 1024 / 1024 };
}

// The reference: plain multi-row upserts of the same rows with pg, batched under PostgreSQL's 65,535 bind
// parameters, in one transaction, plus the delete of what is left out, as the hub does.
async function plainUpsert(client: pg.Client, locationId: string, catalog: Json): Promise<void> {
  const now = new Date();
  const table = async (name: string, columns: string[], rows: unknown[][]) => {
    const all = ['id', 'created_at', 'updated_at', 'location_id', ...columns];
    const perBatch = Math.floor(60_000 / all.length);
    for (let start = 0; start < rows.length; start += perBatch) {
      const batch = rows.slice(start, start + perBatch);
      const params: unknown[] = [];
      const values = batch.map((row) => {
        const values = [uuidv7(), now, now, locationId, ...row];
        const placeholders = values.map((v) => {
          params.push(v);
          return `$${params.length}`;
        });
        return `(${placeholders.join(', ')})`;
      });
      await client.query(
        `INSERT INTO "${name}" (${all.map((c) => `"${c}"`).join(', ')}) VALUES ${values.join(', ')}
         ON CONFLICT (location_id, pos_reference) DO UPDATE SET ${columns.map((c) => `"${c}" = excluded."${c}"`).join(', ')}, updated_at = excluded.updated_at`,
        params,
      );
    }
    await client.query(`DELETE FROM "${name}" WHERE location_id = $1 AND NOT (pos_reference = ANY($2::text[]))`, [
      locationId,
      rows.map((r) => r[0]),
    ]);
  };
  const j = (v: unknown) => JSON.stringify(v);
  await client.query('BEGIN');
  await table(
    'categories',
    ['pos_reference', 'name', 'position', 'show_online'],
    (catalog.categories as Json[]).map((c, i) => [c.posReference, c.name, i, true]),
  );
  await table(
    'modifier_groups',
    ['pos_reference', 'name', 'min_permitted', 'max_permitted', 'modifiers', 'position'],
    (catalog.modifierGroups as Json[]).map((g, i) => [
      g.posReference,
      g.name,
      g.minPermitted,
      g.maxPermitted,
      j(g.modifiers),
      i,
    ]),
  );
  await table(
    'modifiers',
    ['pos_reference', 'name', 'price', 'tax_rate_ids', 'show_online', 'position', 'pass_through'],
    (catalog.modifiers as Json[]).map((m, i) => [m.posReference, m.name, m.price, j(m.taxRateIds), true, i, '{}']),
  );
  await table(
    'products',
    [
      'pos_reference',
      'name',
      'price',
      'categories',
      'tax_rate_ids',
      'show_online',
      'modifier_groups',
      'position',
      'pass_through',
    ],
    (catalog.products as Json[]).map((p, i) => [
      p.posReference,
      p.name,
      p.price,
      j(p.categories),
      j(p.taxRateIds),
      true,
      j(p.modifierGroups),
      i,
      j({ description: p.description, type: p.type, containsAlcohol: p.containsAlcohol }),
    ]),
  );
  await client.query('COMMIT');
}

async function main(): Promise<void> {
  const scratch = `orderhub_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${scratch}`);
  const url = new URL(server);
  url.pathname = `/${scratch}`;
  const config = loadConfig(testEnv(url.toString(), { LOG_LEVEL: 'error' }));
  const hub = await startHub(config, createLogger(config.logLevel));
  const { call } = hubApi(hub.url, await adminTokenAt(hub.url));
  const pgClient = new pg.Client({ connectionString: url.toString() });
  await pgClient.connect();
  const lines: string[] = [];
  try {
    const account = await call('POST', '/v1/accounts', { name: 'Bench' });
    const location = await call('POST', `/v1/accounts/${account.id}/locations`, { name: 'Bench kitchen' });
    const reference = await call('POST', `/v1/accounts/${account.id}/locations`, { name: 'Reference kitchen' });
    const pos = await call('POST', '/v1/applications', {
      kind: 'POS',
      name: 'Bench POS',
      redirectUris: ['http://127.0.0.1:9/callback'],
      webhookUrl: 'http://127.0.0.1:9/webhooks',
      catalogPullUrl: 'http://127.0.0.1:9/catalog',
    });
    await call('POST', `/v1/accounts/${account.id}/locations/${location.id}/connections`, { applicationId: pos.id });
    // The import and the read are the POS's own, as in production.
    const asPos = hubApi(hub.url, await applicationToken(hub.url, pos));
    const path = `/v1/accounts/${account.id}/locations/${location.id}/catalog/import`;
    const first = JSON.stringify(buildCatalog(0));
    const changed = JSON.stringify(buildCatalog(7, 0.1));
    lines.push(`body: ${(first.length / 1024 / 1024).toFixed(1)} MiB`);

    const runs: [string, string, string][] = [
      ['first import', first, 'products.created'],
      ['unchanged re-import', first, 'products.unchanged'],
      ['10% of products changed', changed, 'products.updated'],
    ];
    const hubMs: number[] = [];
    const rssBefore = process.memoryUsage().rss;
    for (const [label, body, counter] of runs) {
      const { result, ms, rssGrowthMb } = await measured(() => asPos.call('PUT', path, body));
      const [kind, field] = counter.split('.');
      const count = ((result.changes as Json)[kind] as Json)[field];
      hubMs.push(ms);
      lines.push(
        `hub  ${label.padEnd(26)} ${ms.toFixed(0).padStart(6)} ms   peak RSS growth ${rssGrowthMb.toFixed(0).padStart(4)} MB   (${counter} = ${count})`,
      );
    }
    const read = await measured(() => asPos.call('GET', `/v1/accounts/${account.id}/locations/${location.id}/catalog`));
    lines.push(
      `hub  GET catalog (whole)       ${read.ms.toFixed(0).padStart(6)} ms   peak RSS growth ${read.rssGrowthMb.toFixed(0).padStart(4)} MB   (${(read.result.products as unknown[]).length} products)`,
    );
    lines.push(
      `hub  RSS after the three imports and the read: ${((process.memoryUsage().rss - rssBefore) / 1024 / 1024).toFixed(0)} MB above the start`,
    );
    const plainMs: number[] = [];
    for (const [label, body] of runs) {
      const catalog = JSON.parse(body) as Json;
      const { ms } = await measured(() => plainUpsert(pgClient, reference.id as string, catalog));
      plainMs.push(ms);
      lines.push(`pg   ${label.padEnd(26)} ${ms.toFixed(0).padStart(6)} ms`);
    }
    runs.forEach(([label], i) => lines.push(`ratio hub / plain pg, ${label}: ${(hubMs[i] / plainMs[i]).toFixed(2)}`));
  } finally {
    await pgClient.end();
    await hub.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
    await admin.end();
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
