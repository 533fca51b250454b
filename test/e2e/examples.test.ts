import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startPos, type RunningPos, CATALOG } from '../../examples/pos.js';
import { setUpRestaurant } from '../../examples/reseller.js';
import { FakePartner } from '../support/fake-partner.js';
import { startTestHub, type TestHub } from '../support/test-hub.js';

// examples/: the typed client (openapi-typescript types + openapi-fetch) as partners would use it. The reseller
// script sets a restaurant up and publishes its menu; the POS serves its catalog, verifies webhook signatures
// and accepts orders. Both run here against a hub, and the generated types must match openapi.yaml.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

it('has types generated from the current openapi.yaml (else: npm run examples:types)', async () => {
  const script = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')).scripts['examples:types'] as string;
  const [command, ...args] = script.split(' ');
  expect(command).toBe('openapi-typescript');
  const check = await run(process.execPath, [`${ROOT}node_modules/openapi-typescript/bin/cli.js`, ...args, '--check']);
  expect(check.output).not.toContain('not up-to-date');
  expect(check.code).toBe(0);
}, 60_000);

describe('against a hub', () => {
  let t: TestHub;
  let marketplace: FakePartner;
  let pos: RunningPos;
  beforeAll(async () => {
    [t, marketplace] = await Promise.all([startTestHub(), FakePartner.start()]);
  });
  afterAll(async () => {
    await pos?.close();
    await marketplace?.close();
    await t?.stop();
  });

  it('sets a restaurant up as a reseller, and the POS accepts the order the marketplace places', async () => {
    const port = await freePort();
    const posApp = await t.createApplication('POS', {
      webhookUrl: `http://127.0.0.1:${port}/webhooks`,
      catalogPullUrl: `http://127.0.0.1:${port}/catalog`,
    });
    const marketApp = await t.createApplication('MARKETPLACE', {
      webhookUrl: marketplace.urlFor('/webhooks'),
      menuPublicationUrl: marketplace.urlFor('/menus'),
    });
    pos = await startPos({
      hubUrl: t.url,
      clientId: posApp.clientId,
      clientSecret: posApp.clientSecret,
      webhookSecret: posApp.webhookSecret,
      port,
    });

    const reseller = await t.createUser('reseller');
    const token = (await t.passwordToken(reseller.email, reseller.password)).access_token;
    const restaurant = await setUpRestaurant({
      hubUrl: t.url,
      token,
      posApplicationId: posApp.id,
      marketplaceApplicationId: marketApp.id,
    });

    // The menu of the pulled catalog reached the marketplace.
    const [published] = await marketplace.waitForRequests(1, { path: '/menus' });
    expect(JSON.stringify(JSON.parse(published.body))).toContain('Diavola');
    const path = `/v1/accounts/${restaurant.accountId}/locations/${restaurant.locationId}`;
    expect((await t.admin.get(`${path}/catalog/products`)).body.data.map((p: any) => p.posReference).sort()).toEqual(
      CATALOG.products!.map((p) => p.posReference).sort(),
    );

    const market = await t.applicationClient(marketApp);
    const placed = await market.post(`${path}/orders`, {
      externalId: 'fn-2001',
      fulfillmentType: 'PICKUP',
      items: [{ posReference: 'diavola', name: 'Diavola', quantity: 1, price: 1350 }],
      total: 1350,
    });
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.id;
    // The POS verified ORDER_CREATED and accepted: the marketplace hears it.
    const [changed] = await marketplace.waitForRequests(1, { path: '/webhooks' });
    expect(JSON.parse(changed.body)).toMatchObject({
      eventType: 'ORDER_STATUS_CHANGED',
      orderId,
      newState: { status: 'ACCEPTED' },
    });
    // The hub may tell the marketplace before the POS has read the hub's answer to its PATCH.
    await pos.settled();
    expect(pos.accepted).toEqual([orderId]);

    // A webhook that is not signed with the POS's secret is refused.
    const forged = await fetch(`${pos.url}/webhooks`, {
      method: 'POST',
      headers: {
        'webhook-id': 'x',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,AAAA',
      },
      body: '{}',
    });
    expect(forged.status).toBe(401);
    expect(pos.refused).toBe(1);
  }, 60_000);
});
