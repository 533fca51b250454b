import type { Page } from '@playwright/test';
import type { FakePartner } from '../support/fake-partner.js';
import type { HttpClient } from '../support/http.js';
import type { TestLocation } from '../support/test-hub.js';
import { expect } from './fixtures.js';

// The order board's part of the end-to-end flow (end-to-end.spec), shared by order-board.spec (the board alone) and
// end-to-end.spec (after a menu is built and published): an order placed through REST appears on the open
// board within 2 s, the operator moves it accept, preparing, ready, complete, the counts follow, and the
// marketplace receives ORDER_STATUS_CHANGED for each, in order.

/** Opens the location's board and waits until it is live with no new order. */
export async function openBoard(page: Page, loc: TestLocation): Promise<void> {
  await page.goto(`/ui/accounts/${loc.accountId}/locations/${loc.locationId}/orders`);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(page.getByText('Live')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'NEW (0)' })).toBeVisible();
}

/** The marketplace places an order through REST; it shows on the open board within 2 s, counted in NEW. */
export async function placeOrderOnBoard(
  page: Page,
  marketClient: HttpClient,
  loc: TestLocation,
  externalId: string,
): Promise<void> {
  const placedAt = Date.now();
  const placed = await marketClient.post(`${loc.path}/orders`, {
    externalId,
    fulfillmentType: 'PICKUP',
    total: 650,
    items: [{ name: 'Soup', quantity: 1, price: 650 }],
  });
  expect(placed.status).toBe(201);
  await expect(page.getByRole('button', { name: externalId })).toBeVisible({ timeout: 2000 });
  expect(Date.now() - placedAt).toBeLessThan(2000);
  await expect(page.getByRole('row', { name: externalId })).toContainText('Pickup');
  await expect(page.getByRole('tab', { name: 'NEW (1)' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`A new order arrived: ${externalId}.`);
}

/** Accept, preparing, ready, complete from the order's detail; the counts follow; the marketplace hears each. */
export async function completeFromBoard(
  page: Page,
  externalId: string,
  partner: FakePartner,
  hooksPath: string,
  capture?: (name: string) => Promise<void>,
): Promise<void> {
  await page.getByRole('button', { name: externalId }).click();
  const detail = page.getByRole('region', { name: `Order ${externalId}` });
  await expect(detail.getByRole('button', { name: 'Accept' })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Mark ready' })).toHaveCount(0);
  if (capture) await capture('order-detail');
  for (const [action, status] of [
    ['Accept', 'ACCEPTED'],
    ['Start preparing', 'PREPARING'],
    ['Mark ready', 'READY'],
    ['Complete', 'COMPLETED'],
  ] as const) {
    await detail.getByRole('button', { name: action }).click();
    await expect(detail.getByText(`Status: ${status}`)).toBeVisible();
    await expect(page.getByRole('tab', { name: `${status} (1)` })).toBeVisible();
  }
  await expect(detail.getByText('No further status change is possible.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'COMPLETED (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'NEW (0)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'ACCEPTED (0)' })).toBeVisible();
  // Each change by the operator who made it, and the role under the name.
  const accepted = detail.getByRole('table', { name: 'Status history' }).getByRole('row', { name: /^ACCEPTED/ });
  await expect(accepted.getByRole('cell').last()).toHaveText(/^admin@test\.example\s*OPERATOR$/);

  const events = await partner.waitForRequests(4, { path: hooksPath });
  expect(events.map((r) => JSON.parse(r.body)).map((e) => `${e.eventType}:${e.newState.status}`)).toEqual([
    'ORDER_STATUS_CHANGED:ACCEPTED',
    'ORDER_STATUS_CHANGED:PREPARING',
    'ORDER_STATUS_CHANGED:READY',
    'ORDER_STATUS_CHANGED:COMPLETED',
  ]);
}
