import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { components } from './api.js';
import { accessToken, hubApi, must } from './hub-client.js';
import { readBody, WebhookReceiver } from './webhook-receiver.js';

// A minimal POS for the hub: it serves its catalog when the hub pulls it (the application's catalogPullUrl is
// <url>/catalog), takes the hub's webhooks at <url>/webhooks, checks their Standard Webhooks signature with
// its webhook secret, and accepts every new order through the typed client.
//
//   HUB_URL=http://localhost:3000 CLIENT_ID=... CLIENT_SECRET=... WEBHOOK_SECRET=whsec_... PORT=4000 \
//   node dist/examples/pos.js

export interface PosOptions {
  hubUrl: string;
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  port?: number;
}

export interface RunningPos {
  url: string;
  /** Ids of the orders this POS accepted. */
  accepted: string[];
  /** Resolves when every acceptance under way has had the hub's answer (the hub may tell the marketplace first). */
  settled(): Promise<void>;
  /** Webhooks refused because their signature did not verify. */
  refused: number;
  close(): Promise<void>;
}

/** What the POS answers a catalog pull with: the import's shape (CatalogImport of openapi.yaml). */
export const CATALOG: components['schemas']['CatalogImport'] = {
  categories: [{ posReference: 'pizza', name: 'Pizza' }],
  modifierGroups: [],
  modifiers: [],
  products: [
    { posReference: 'margherita', name: 'Margherita', price: 1150, categories: ['pizza'], taxRateIds: ['vat-9'] },
    { posReference: 'diavola', name: 'Diavola', price: 1350, categories: ['pizza'], taxRateIds: ['vat-9'] },
  ],
};

interface OrderEvent {
  eventType: string;
  accountId: string;
  locationId: string;
  orderId: string;
}

export async function startPos(options: PosOptions): Promise<RunningPos> {
  const receiver = new WebhookReceiver(options.webhookSecret);
  const state = { accepted: [] as string[], refused: 0 };
  const underWay = new Set<Promise<void>>();

  async function accept(event: OrderEvent): Promise<void> {
    const token = await accessToken(options.hubUrl, {
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
    });
    await must(
      hubApi(options.hubUrl, token).PATCH('/v1/accounts/{accountId}/locations/{locationId}/orders/{orderId}', {
        params: { path: { accountId: event.accountId, locationId: event.locationId, orderId: event.orderId } },
        body: { status: 'ACCEPTED' },
      }),
    );
    state.accepted.push(event.orderId);
  }

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method === 'POST' && req.url?.startsWith('/catalog')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(CATALOG));
      return;
    }
    if (req.method === 'POST' && req.url === '/webhooks') {
      const verified = receiver.verify(body, req.headers);
      if (!verified) {
        state.refused += 1;
        res.writeHead(401).end();
        return;
      }
      res.writeHead(204).end();
      // Answered first: the hub's delivery is done, whatever the kitchen does next. A repeat is not accepted twice.
      const event = verified as unknown as OrderEvent;
      if (event.eventType === 'ORDER_CREATED' && receiver.firstTime(verified)) {
        const acceptance = accept(event).catch((error) => {
          process.stderr.write(`accepting ${event.orderId} failed: ${error}\n`);
        });
        underWay.add(acceptance);
        void acceptance.finally(() => underWay.delete(acceptance));
      }
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get accepted() {
      return state.accepted;
    },
    get refused() {
      return state.refused;
    },
    settled: async () => {
      await Promise.all([...underWay]);
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
  const pos = await startPos({
    hubUrl: env('HUB_URL'),
    clientId: env('CLIENT_ID'),
    clientSecret: env('CLIENT_SECRET'),
    webhookSecret: env('WEBHOOK_SECRET'),
    port: Number(process.env.PORT ?? 4000),
  });
  process.stdout.write(
    `POS listening at ${pos.url} (catalogPullUrl ${pos.url}/catalog, webhookUrl ${pos.url}/webhooks)\n`,
  );
}
