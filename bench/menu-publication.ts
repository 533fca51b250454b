import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { FakePartner } from '../test/support/fake-partner.js';
import { startTestHub } from '../test/support/test-hub.js';

// Menu publication benchmark: a menu of 5,000 items and 1,000 menu modifiers, published to a
// marketplace on loopback. Measured: from the publish call (POST {loc}/menus/{id}/publications) to the
// marketplace having received the whole body, i.e. building the MenuExportEntity, writing it through the
// outbox in the publication's transaction, the worker claiming, signing and sending it. A hub in this
// process over HTTP, on a scratch database of the local PostgreSQL (DATABASE_URL or TEST_DATABASE_URL).
// Run: npm run build && node dist/bench/menu-publication.js

const SIZES = { products: 5_000, modifiers: 1_000, groups: 250, rounds: 5 };

process.env.TEST_DATABASE_URL ??= process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

function catalog() {
  const modifiers = Array.from({ length: SIZES.modifiers }, (_, i) => ({
    posReference: `mod-${i}`,
    name: `Modifier ${i}`,
    price: 25 + (i % 200),
    taxRateIds: ['vat-9'],
  }));
  const modifierGroups = Array.from({ length: SIZES.groups }, (_, i) => ({
    posReference: `grp-${i}`,
    name: `Group ${i}`,
    maxPermitted: 2,
    modifiers: [0, 1, 2, 3].map((k) => `mod-${i * 4 + k}`),
  }));
  const products = Array.from({ length: SIZES.products }, (_, i) => ({
    posReference: `prod-${i}`,
    name: `Product ${i}`,
    price: 500 + (i % 1000),
    categories: [`cat-${i % 20}`],
    taxRateIds: i % 3 === 0 ? ['vat-21'] : ['vat-9'],
    modifierGroups: [`grp-${i % SIZES.groups}`],
    description: `A fine product number ${i}`,
  }));
  return {
    location: {
      taxRates: [
        { posReference: 'vat-9', name: 'VAT 9%', type: 'PERCENTAGE', rate: 90000 },
        { posReference: 'vat-21', name: 'VAT 21%', type: 'PERCENTAGE', rate: 210000 },
      ],
    },
    categories: Array.from({ length: 20 }, (_, i) => ({ posReference: `cat-${i}`, name: `Category ${i}` })),
    products,
    modifiers,
    modifierGroups,
  };
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

const marketplace = await FakePartner.start();
const t = await startTestHub({ LOG_LEVEL: 'warn' });
try {
  const location = await t.createLocation(undefined, 'Bench kitchen');
  const imported = await t.admin.put(`${location.path}/catalog/import`, catalog());
  if (imported.status !== 200) throw new Error(`import failed: ${imported.text.slice(0, 300)}`);
  const app = await t.createApplication('MARKETPLACE', {
    menuPublicationUrl: marketplace.urlFor('/menus'),
    webhookUrl: marketplace.urlFor('/webhooks'),
  });
  const connectionId = await t.connect(app, location, { storeId: 'bench-store', apiKey: 'bench-api-key' });
  const t0 = performance.now();
  const created = await t.admin.post(`${location.path}/menus`, {
    name: 'Everything',
    productPosReferences: catalog().products.map((p) => p.posReference),
  });
  const createMs = performance.now() - t0;
  if (created.status !== 201) throw new Error(`menu failed: ${created.text.slice(0, 300)}`);
  const menu = created.body.data;
  process.stdout.write(
    `menu: ${menu.items.length} items, ${menu.modifiers.length} modifiers, created in ${ms(createMs)}\n`,
  );

  const totals: number[] = [];
  const answered: number[] = [];
  for (let round = 0; round < SIZES.rounds; round++) {
    const before = marketplace.requestsTo('/menus').length;
    const start = performance.now();
    const res = await t.admin.post(`${location.path}/menus/${menu.id}/publications`, { connectionId });
    const answeredAt = performance.now();
    if (res.status !== 201) throw new Error(`publish failed: ${res.text.slice(0, 300)}`);
    const [request] = (await marketplace.waitForRequests(before + 1, { path: '/menus', timeoutMs: 30_000 })).slice(
      before,
    );
    totals.push(request.receivedAt - start);
    answered.push(answeredAt - start);
    process.stdout.write(
      `round ${round + 1}: 201 after ${ms(answeredAt - start)}, marketplace had the body (${(request.body.length / 1024 / 1024).toFixed(1)} MiB) after ${ms(request.receivedAt - start)}\n`,
    );
  }
  const sorted = [...totals].sort((a, b) => a - b);
  process.stdout.write(
    `publish call → body received: median ${ms(sorted[Math.floor(sorted.length / 2)])}, worst ${ms(sorted[sorted.length - 1])} (target < 1 s)\n`,
  );
} finally {
  await t.stop();
  await marketplace.close();
}
