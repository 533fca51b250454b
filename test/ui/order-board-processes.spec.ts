import { startChildHub } from '../support/child-hub.js';
import { adminTokenAt, testEnv } from '../support/test-hub.js';
import { expect, signIn, test } from './fixtures.js';

// Live updates when several hub processes serve one database: the board is open in the browser on
// process A (this worker's hub), the order is placed through process B (`node dist/src/main.js`, a process of
// its own on the same PostgreSQL database); what B commits reaches A through PostgreSQL NOTIFY and is pushed
// to the board within 2 s. Then a status change made through B moves the order between A's tabs.

test('an order placed through another hub process appears on the open board within 2 s', async ({
  page,
  hub,
  capture,
}) => {
  test.skip(!hub.db.real, 'needs a PostgreSQL server (TEST_DATABASE_URL): the embedded PGlite serves one process');
  const b = await startChildHub(testEnv(hub.db.url));
  try {
    const market = await hub.createApplication('MARKETPLACE');
    const loc = await hub.createLocation(undefined, 'Two Process Kitchen');
    await hub.connect(market, loc);
    const tokenAtB = await fetch(`${b.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: market.clientId,
        client_secret: market.clientSecret,
      }),
    });
    expect(tokenAtB.status).toBe(200);
    const marketAtB = b.client(((await tokenAtB.json()) as { access_token: string }).access_token);
    const adminAtB = b.client(await adminTokenAt(b.url));

    await signIn(page);
    await page.goto(`/ui/accounts/${loc.accountId}/locations/${loc.locationId}/orders`);
    expect(new URL(page.url()).origin).toBe(new URL(hub.url).origin);
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'NEW (0)' })).toBeVisible();

    const placedAt = Date.now();
    const placed = await marketAtB.post(`${loc.path}/orders`, {
      externalId: 'via-b-1',
      fulfillmentType: 'PICKUP',
      total: 650,
      items: [{ name: 'Soup', quantity: 1, price: 650 }],
    });
    expect(placed.status).toBe(201);
    await expect(page.getByRole('button', { name: 'via-b-1' })).toBeVisible({ timeout: 2000 });
    expect(Date.now() - placedAt).toBeLessThan(2000);
    await expect(page.getByRole('tab', { name: 'NEW (1)' })).toBeVisible();
    await capture('order-board-two-processes');

    expect((await adminAtB.patch(`${loc.path}/orders/${placed.body.data.id}`, { status: 'accepted' })).status).toBe(
      200,
    );
    await expect(page.getByRole('tab', { name: 'ACCEPTED (1)' })).toBeVisible({ timeout: 2000 });
    await expect(page.getByRole('tab', { name: 'NEW (0)' })).toBeVisible();
  } finally {
    b.process.kill('SIGTERM');
    await b.exited;
  }
});
