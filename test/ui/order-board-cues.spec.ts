import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.js';

// The order board's cues and refusals: an optional audible cue for a new order (off by
// default, remembered in the browser, a WebAudio beep), and a status change the hub refuses with 409 because
// the order changed meanwhile, explained in words.

const soup = (externalId: string) => ({
  externalId,
  fulfillmentType: 'PICKUP',
  total: 650,
  items: [{ name: 'Soup', quantity: 1, price: 650 }],
});

/**
 * Counts every WebAudio source started in the page (the beep's oscillators), installed before any script of the
 * page runs. A string: this file compiles without the DOM's types.
 */
const COUNT_SOUNDS = `
  window.soundsStarted = 0;
  const start = AudioScheduledSourceNode.prototype.start;
  AudioScheduledSourceNode.prototype.start = function (...args) {
    window.soundsStarted++;
    return start.apply(this, args);
  };
`;
const soundsStarted = (page: Page) => page.evaluate<number>('window.soundsStarted');

test('the sound cue is off by default; once on, a new order beeps, and the choice is remembered', async ({
  page,
  hub,
  capture,
}) => {
  const market = await hub.createApplication('MARKETPLACE');
  const loc = await hub.createLocation(undefined, 'Cue Kitchen');
  await hub.connect(market, loc);
  const marketClient = await hub.applicationClient(market);
  await page.addInitScript(COUNT_SOUNDS);
  await signIn(page);
  await page.goto(`/ui/accounts/${loc.accountId}/locations/${loc.locationId}/orders`);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'Sound for new orders' });
  await expect(toggle).not.toBeChecked();

  expect((await marketClient.post(`${loc.path}/orders`, soup('quiet-1'))).status).toBe(201);
  await expect(page.getByRole('button', { name: 'quiet-1' })).toBeVisible({ timeout: 2000 });
  expect(await soundsStarted(page)).toBe(0);

  await toggle.click();
  await expect(toggle).toBeChecked();
  expect((await marketClient.post(`${loc.path}/orders`, soup('loud-1'))).status).toBe(201);
  await expect(page.getByRole('button', { name: 'loud-1' })).toBeVisible({ timeout: 2000 });
  // Two short tones.
  await expect.poll(() => soundsStarted(page)).toBe(2);
  await capture('order-board-sound-on');

  // A status change is no new order: no sound.
  const placed = (await hub.admin.get(`${loc.path}/orders?limit=10`)).body.data.find(
    (o: { externalId: string }) => o.externalId === 'quiet-1',
  );
  expect((await hub.admin.patch(`${loc.path}/orders/${placed.id}`, { status: 'accepted' })).status).toBe(200);
  await expect(page.getByRole('tab', { name: 'ACCEPTED (1)' })).toBeVisible();
  expect(await soundsStarted(page)).toBe(2);

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Sound for new orders' })).toBeChecked();
  expect(await page.evaluate<string | null>("localStorage.getItem('orderHub.board.soundCue')")).toBe('on');
});

test('a status change refused because the POS changed the order meanwhile is explained in words', async ({
  page,
  hub,
  capture,
}) => {
  const market = await hub.createApplication('MARKETPLACE');
  const pos = await hub.createApplication('POS', { name: 'Kitchen POS' });
  const loc = await hub.createLocation(undefined, 'Refusal Kitchen');
  await hub.connect(market, loc);
  await hub.connect(pos, loc);
  const marketClient = await hub.applicationClient(market);
  const posClient = await hub.applicationClient(pos);

  // The hub's live messages to the page pass through here, so the test can hold them back: the screen then
  // still shows what it last knew, as it would if the POS's change and the click crossed on the wire.
  let holding = false;
  const held: (() => void)[] = [];
  await page.routeWebSocket(/\/graphql$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => (holding ? held.push(() => ws.send(message)) : ws.send(message)));
  });

  await signIn(page);
  await page.goto(`/ui/accounts/${loc.accountId}/locations/${loc.locationId}/orders`);
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  const placed = await marketClient.post(`${loc.path}/orders`, soup('crossed-1'));
  expect(placed.status).toBe(201);
  await page.getByRole('button', { name: 'crossed-1' }).click();
  const detail = page.getByRole('region', { name: 'Order crossed-1' });
  await expect(detail.getByRole('button', { name: 'Accept' })).toBeVisible();

  holding = true;
  const cancelled = await posClient.patch(`${loc.path}/orders/${placed.body.data.id}`, {
    status: 'cancelled',
    cancellationReason: 'OUT_OF_STOCK',
  });
  expect(cancelled.status).toBe(200);
  await detail.getByRole('button', { name: 'Accept' }).click();

  const refused = detail.getByRole('alert').filter({ hasText: 'Accept was refused' });
  await expect(refused).toContainText(
    'The order was changed in the meantime: it is now CANCELLED, set by Kitchen POS (POS) at',
  );
  await expect(refused).toContainText('No further change is possible.');
  await expect(refused).toContainText('The hub said: An order in status CANCELLED is final');
  await expect(detail.getByText('Status: CANCELLED')).toBeVisible();
  await expect(detail.getByText('No further status change is possible.')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  // The refusal told the screen the order had moved: the board's tabs are read again without waiting for
  // the live message, which is still held.
  await expect(page.getByRole('tab', { name: 'CANCELLED (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'NEW (0)' })).toBeVisible();
  expect(held.length).toBeGreaterThan(0);
  await capture('order-refused');

  holding = false;
  for (const send of held.splice(0)) send();
  await expect(page.getByRole('tab', { name: 'CANCELLED (1)' })).toBeVisible();
});
