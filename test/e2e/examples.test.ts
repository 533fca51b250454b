import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startMarketplace, type RunningMarketplace } from '../../examples/marketplace.js';
import { startPos, type RunningPos, CATALOG } from '../../examples/pos.js';
import { setUpRestaurant } from '../../examples/reseller.js';
import { SANDBOX_POS_ID } from '../../src/modules/sandbox/index.js';
import { FakePartner } from '../support/fake-partner.js';
import { HUB_START_TIMEOUT_MS, startTestHub, type TestHub } from '../support/test-hub.js';
import { until } from '../support/until.js';

// examples/: the typed client (openapi-typescript types + openapi-fetch) as partners would use it. The reseller
// script sets a restaurant up and publishes its menu; the POS serves its catalog, verifies webhook signatures
// and accepts orders; the marketplace places an order, follows it by webhook and by the event feed, and acts once
// per eventId. All run here against a hub, and the generated types must match openapi.yaml.

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
  let market: RunningMarketplace;
  beforeAll(async () => {
    // The sandbox POS (the marketplace example's kitchen) moves orders on quickly.
    [t, marketplace] = await Promise.all([startTestHub({ SANDBOX_POS_PACE_MS: '200' }), FakePartner.start()]);
  }, HUB_START_TIMEOUT_MS);
  afterAll(async () => {
    await pos?.close();
    await market?.close();
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

  it('places an order as the marketplace, hears every step once by webhook and finds the same events in the feed', async () => {
    const port = await freePort();
    const app = await t.createApplication('MARKETPLACE', {
      webhookUrl: `http://127.0.0.1:${port}/webhooks`,
      menuPublicationUrl: `http://127.0.0.1:${port}/menus`,
    });
    market = await startMarketplace({
      hubUrl: t.url,
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      webhookSecret: app.webhookSecret,
      port,
    });
    const loc = await t.createLocation(undefined, 'Example Trattoria');
    const kitchen = await t.connect({ id: SANDBOX_POS_ID }, loc);
    await t.connect(app, loc);
    expect((await t.admin.post(`${loc.path}/connections/${kitchen}/pull`)).status).toBe(200);

    const order = await market.place(
      { accountId: loc.accountId, locationId: loc.locationId },
      {
        externalId: 'example-3001',
        fulfillmentType: 'PICKUP',
        total: 1150,
        items: [{ posReference: 'margherita', name: 'Margherita', quantity: 1, price: 1150 }],
      },
    );
    expect(order.status).toBe('NEW');
    // Placing it again (a lost answer) gives the same order.
    expect(
      (
        await market.place(
          { accountId: loc.accountId, locationId: loc.locationId },
          {
            externalId: 'example-3001',
            fulfillmentType: 'PICKUP',
            total: 1150,
            items: [{ posReference: 'margherita', name: 'Margherita', quantity: 1, price: 1150 }],
          },
        )
      ).id,
    ).toBe(order.id);

    const steps = () =>
      market.events
        .filter((e) => e.eventType === 'ORDER_STATUS_CHANGED' && e.orderId === order.id)
        .map((e) => (e.newState as { status: string }).status);
    await until(
      async () => steps(),
      (seen) => seen.includes('COMPLETED'),
      'status changes heard by webhook',
    );
    expect(steps()).toEqual(['ACCEPTED', 'PREPARING', 'READY', 'COMPLETED']);

    // The feed holds the same events, with the same eventIds, oldest first. An event joins the feed once every
    // transaction running when it was written has ended (any database on the server counts), so it may lag its
    // webhook: the reader polls with its cursor, as a partner does.
    const fed: string[] = [];
    let cursor: string | null = null;
    await until(
      async () => {
        const page = await market.readFeed(cursor);
        fed.push(...page.events.map((e) => e.eventId));
        cursor = page.cursor;
        return fed.length;
      },
      (read) => read >= market.events.length,
      'events read from the feed',
    );
    expect(fed).toEqual(market.events.map((e) => e.eventId));

    // A replay of a delivered event comes with its webhook-id again: answered, not acted on twice.
    const [delivered] = (await t.admin.get(`/v1/applications/${app.id}/deliveries?eventType=ORDER_STATUS_CHANGED`)).body
      .data;
    expect((await t.admin.post(`/v1/deliveries/${delivered.id}/retry`)).status).toBe(200);
    await until(
      async () => market.repeats,
      (repeats) => repeats === 1,
      'replays answered',
    );
    expect(steps()).toHaveLength(4);
    expect(market.refused).toBe(0);
  }, 60_000);
});
