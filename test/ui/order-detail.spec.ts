import type { Locator } from '@playwright/test';
import { FakePartner } from '../support/fake-partner.js';
import { openBoard } from './board-flow.js';
import { expect, signIn, test } from './fixtures.js';
import { openKitchen } from './kitchen.js';

// An order opened on the board tells the kitchen what to make and how it leaves: the fulfilment, the time,
// the customer and address, whether it is paid, the notes, each line with its options, the line's own note
// and its tax rates by name; what the partners were sent about it. A change someone else makes shows in the
// open order's history at once, and the history keeps its words whole.

const inAnHour = () => new Date(Date.now() + 60 * 60_000).toISOString();

const deliveryOrder = () => ({
  externalId: 'web-1017',
  friendlyId: 'A-17',
  fulfillmentType: 'DELIVERY',
  isPaid: false,
  isScheduledOrder: true,
  estimatedDeliveryTime: inAnHour(),
  notes: 'Allergic to peanuts',
  customer: { firstName: 'Ann', lastName: 'de Vries', phone: '+31 6 1234 5678' },
  delivery: {
    instructions: 'Ring twice',
    address: { street: 'Damrak', houseNumber: '1A', postalCode: '1012 LG', city: 'Amsterdam' },
  },
  total: 1400,
  items: [
    {
      posReference: 'burger',
      name: 'Burger',
      quantity: 1,
      price: 850,
      customerNotes: 'No onions',
      options: [{ name: 'Extra cheese', price: 50 }],
    },
    { posReference: 'cola', name: 'Cola', quantity: 2, price: 250 },
  ],
});

/** The words of the element's text drawn over more than one line (a word broken mid-way). */
function brokenWords(cell: Locator): Promise<string[]> {
  return cell.evaluate((element: any) => {
    const broken: string[] = [];
    const walker = element.ownerDocument.createTreeWalker(element, 4 /* text nodes */);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.textContent.matchAll(/\S+/g)) {
        const range = element.ownerDocument.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map((rect: any) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

test('an order opened on the board shows how it leaves, for whom, its notes and its lines; a POS cancellation shows in its history', async ({
  page,
  hub,
  capture,
}) => {
  const partner = await FakePartner.start();
  try {
    const kitchen = await openKitchen(hub, partner, 'Detail Kitchen');
    // The POS is down: the order's ORDER_CREATED runs out of retries (a few quick ones in the test hub), and
    // the detail says so as it happens.
    partner.always('/pos', { status: 503, body: { error: 'POS down for maintenance' } });
    const pos = await hub.createApplication('POS', { name: 'Kitchen POS', webhookUrl: partner.urlFor('/pos') });
    await hub.connect(pos, kitchen.loc);
    const marketClient = await hub.applicationClient(kitchen.market);
    const posClient = await hub.applicationClient(pos);

    await signIn(page);
    await openBoard(page, kitchen.loc);
    const placed = await marketClient.post(`${kitchen.loc.path}/orders`, deliveryOrder());
    expect(placed.status).toBe(201);
    await page.getByRole('button', { name: 'web-1017' }).click();
    const detail = page.getByRole('region', { name: 'Order web-1017' });

    const facts = detail.getByRole('table', { name: 'Order facts' });
    await expect(facts.getByRole('row', { name: 'Order number A-17' })).toBeVisible();
    await expect(facts.getByRole('row', { name: 'Fulfilment Delivery' })).toBeVisible();
    await expect(facts.getByRole('row', { name: 'Delivery time' })).toContainText('(scheduled)');
    await expect(facts.getByRole('row', { name: 'Customer' }).getByRole('cell')).toHaveText(
      'Ann de Vries · +31 6 1234 5678',
    );
    await expect(facts.getByRole('row', { name: 'Address' }).getByRole('cell')).toHaveText(
      'Damrak 1A, 1012 LG, Amsterdam',
    );
    await expect(facts.getByRole('row', { name: 'Delivery instructions Ring twice' })).toBeVisible();
    await expect(facts.getByRole('row', { name: 'Paid No, collect payment' })).toBeVisible();
    await expect(detail.getByRole('note', { name: 'Notes' })).toContainText('Allergic to peanuts');

    // Tax rates as the location names them: the burger's from its catalog product, the cola's likewise.
    const lines = detail.getByRole('table', { name: 'Lines' });
    const burger = lines.getByRole('row', { name: /Burger/ });
    await expect(burger).toContainText('+ Extra cheese (€0.50)');
    await expect(burger).toContainText('“No onions”');
    await expect(burger.getByRole('cell').last()).toHaveText('VAT 9%');
    await expect(lines.getByRole('row', { name: /Cola/ }).getByRole('cell').last()).toHaveText('VAT 21%');

    // The POS cancels while the operator looks at the order: the board's live event re-reads it, history too.
    const cancelled = await posClient.patch(`${kitchen.loc.path}/orders/${placed.body.data.id}`, {
      status: 'cancelled',
      cancellationReason: 'OUT_OF_STOCK',
    });
    expect(cancelled.status).toBe(200);
    const history = detail.getByRole('table', { name: 'Status history' });
    const cancellation = history.getByRole('row', { name: /CANCELLED OUT_OF_STOCK/ });
    await expect(cancellation.getByRole('cell').last()).toHaveText(/^Kitchen POS\s*POS$/);
    await expect(detail.getByText('No further status change is possible.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'CANCELLED (1)' })).toBeVisible();

    // What the partners were sent about this order, each to whom and how it went, without a reload.
    const sent = detail.getByRole('table', { name: 'Sent to partners' });
    const created = sent.getByRole('row', { name: /Order created/ });
    await expect(created).toContainText('Kitchen POS');
    await expect(created).toContainText('FAILED · no retry left');
    await expect(created).toContainText('3 attempts · HTTP 503');
    const statusChanged = sent.getByRole('row', { name: /Order status changed/ });
    await expect(statusChanged).toContainText('Detail Kitchen Marketplace');
    await expect(statusChanged).toContainText('DELIVERED');
    await expect(sent.getByRole('row')).toHaveCount(3);

    expect(await brokenWords(history)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await brokenWords(history)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await capture('order-detail-delivery');

    // Its event opens that delivery in the location's delivery log, with every attempt.
    await created.getByRole('link', { name: 'Order created' }).click();
    const opened = page.getByRole('dialog', { name: 'Order created delivery' });
    await expect(opened).toContainText('POS down for maintenance');
  } finally {
    await partner.close();
  }
});
