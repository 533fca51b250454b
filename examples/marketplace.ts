import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { components } from './api.js';
import { accessToken, hubApi, must, type HubApi } from './hub-client.js';
import { readBody, WebhookReceiver, type HubEvent } from './webhook-receiver.js';

// A minimal marketplace for the hub: it takes menus at <url>/menus, store statuses at <url>/store-status and
// every other event at <url>/webhooks, each verified with its webhook secret and acted on once per eventId, places
// orders through the typed client (with an Idempotency-Key and its own externalId) and reads the event feed
// (GET /v1/events) with its cursor, as a marketplace without public URLs would.
//
//   HUB_URL=http://localhost:3000 CLIENT_ID=... CLIENT_SECRET=... WEBHOOK_SECRET=whsec_... PORT=4100 \
//   node dist/examples/marketplace.js

export interface MarketplaceOptions {
  hubUrl: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  port?: number;
}

type PlaceOrder = components['schemas']['PlaceOrder'];
type Order = components['schemas']['Order'];

export interface RunningMarketplace {
  url: string;
  /** Every event acted on, once each, in the order received. */
  events: HubEvent[];
  /** Calls answered 2xx without acting again: an eventId already handled. */
  repeats: number;
  /** Calls refused because their signature did not verify. */
  refused: number;
  place(at: { accountId: string; locationId: string }, order: PlaceOrder): Promise<Order>;
  /** The events of the feed after `cursor` (from the oldest kept when absent), and the cursor to go on from. */
  readFeed(cursor?: string | null): Promise<{ events: HubEvent[]; cursor: string | null }>;
  close(): Promise<void>;
}

const PATHS = new Set(['/webhooks', '/menus', '/store-status']);

export async function startMarketplace(options: MarketplaceOptions): Promise<RunningMarketplace> {
  const receiver = new WebhookReceiver(options.webhookSecret);
  const state = { events: [] as HubEvent[], repeats: 0, refused: 0 };
  const api = async (): Promise<HubApi> =>
    hubApi(
      options.hubUrl,
      await accessToken(options.hubUrl, {
        grant_type: 'client_credentials',
        client_id: options.clientId,
        client_secret: options.clientSecret,
      }),
    );

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method !== 'POST' || !PATHS.has(req.url ?? '')) {
      res.writeHead(404).end();
      return;
    }
    const event = receiver.verify(body, req.headers);
    if (!event) {
      state.refused += 1;
      res.writeHead(401).end();
      return;
    }
    if (receiver.firstTime(event)) state.events.push(event);
    else state.repeats += 1;
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get events() {
      return state.events;
    },
    get repeats() {
      return state.repeats;
    },
    get refused() {
      return state.refused;
    },
    async place(at, order) {
      const placed = await must(
        (await api()).POST('/v1/accounts/{accountId}/locations/{locationId}/orders', {
          params: { path: at, header: { 'Idempotency-Key': `place-${order.externalId}` } },
          body: order,
        }),
      );
      return placed.data;
    },
    async readFeed(cursor) {
      const page = await must((await api()).GET('/v1/events', { params: { query: cursor ? { after: cursor } : {} } }));
      return { events: page.data as HubEvent[], cursor: page.cursor };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = (name: string) =>
    process.env[name] ??
    (() => {
      throw new Error(`set ${name}`);
    })();
  const marketplace = await startMarketplace({
    hubUrl: env('HUB_URL'),
    clientId: env('CLIENT_ID'),
    clientSecret: env('CLIENT_SECRET'),
    webhookSecret: env('WEBHOOK_SECRET'),
    port: Number(process.env.PORT ?? 4100),
  });
  process.stdout.write(
    `Marketplace listening at ${marketplace.url} (webhookUrl ${marketplace.url}/webhooks, menuPublicationUrl ` +
      `${marketplace.url}/menus, storeStatusUrl ${marketplace.url}/store-status)\n`,
  );
}
