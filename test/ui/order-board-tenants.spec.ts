import type { WebSocket } from '@playwright/test';
import { expect, signIn, test } from './fixtures.js';

// Tenant isolation on the live board, as a merchant's browser sees it: its board shows its own
// orders and never another account's, even while both arrive at once, and nothing of the other account comes
// down its socket; the board of a location outside its reach is a not-found page, and the hub refuses that
// page's subscription (a graphql-ws error with code not_found), as it refuses the query.

const order = (externalId: string) => ({
  externalId,
  fulfillmentType: 'PICKUP',
  total: 650,
  items: [{ name: 'Soup', quantity: 1, price: 650 }],
});

/** The error codes the hub answered subscriptions with: an `error` message, or a `next` carrying errors. */
function refusals(frames: string[]): string[] {
  const messages = frames.map((f) => JSON.parse(f) as { type: string; payload?: any });
  const errors = messages.flatMap((m) =>
    m.type === 'error' ? m.payload : m.type === 'next' ? (m.payload?.errors ?? []) : [],
  );
  return errors.map((e: { extensions?: { code?: string } }) => e.extensions?.code ?? 'none');
}

test('a merchant’s board never shows another account’s orders, and a subscription outside its reach is refused', async ({
  page,
  hub,
  capture,
}) => {
  const market = await hub.createApplication('MARKETPLACE');
  const mine = await hub.createLocation(undefined, 'Merchant Kitchen');
  const theirs = await hub.createLocation(undefined, 'Rival Kitchen');
  await hub.connect(market, mine);
  await hub.connect(market, theirs);
  const marketClient = await hub.applicationClient(market);
  const merchant = await hub.createUser('merchant', [mine.accountId]);

  // Everything the hub sends the page over its sockets.
  const received: string[] = [];
  page.on('websocket', (ws: WebSocket) => ws.on('framereceived', (frame) => received.push(String(frame.payload))));

  await signIn(page, merchant);
  await page.goto(`/ui/accounts/${mine.accountId}/locations/${mine.locationId}/orders`);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();

  // The rival's order is placed first, then the merchant's: once the merchant's is on screen, the rival's
  // had every chance to arrive before it.
  expect((await marketClient.post(`${theirs.path}/orders`, order('rival-1'))).status).toBe(201);
  const placed = await marketClient.post(`${mine.path}/orders`, order('mine-1'));
  expect(placed.status).toBe(201);
  await expect(page.getByRole('button', { name: 'mine-1' })).toBeVisible({ timeout: 2000 });
  await expect(page.getByRole('tab', { name: 'NEW (1)' })).toBeVisible();
  await expect(page.getByText('rival-1')).toHaveCount(0);
  expect(refusals(received)).toEqual([]);
  expect(received.some((frame) => frame.includes('mine-1') || frame.includes(placed.body.data.id))).toBe(true);
  expect(received.filter((frame) => frame.includes('rival-1') || frame.includes(theirs.locationId))).toEqual([]);
  await capture('order-board-merchant');

  // The rival's board by URL: not found, and its subscription refused by the hub.
  await page.goto(`/ui/accounts/${theirs.accountId}/locations/${theirs.locationId}/orders`);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page.getByText('Rival Kitchen')).toHaveCount(0);
  await expect.poll(() => refusals(received)).toContain('not_found');
  expect(received.filter((frame) => frame.includes('rival-1'))).toEqual([]);
});
