import { FakePartner } from '../support/fake-partner.js';
import { completeFromBoard, openBoard, placeOrderOnBoard } from './board-flow.js';
import { signIn, test } from './fixtures.js';

// The live order board (issue 13): an order a marketplace places over REST appears on the open board within
// 2 s without a reload, with its tab count; the operator moves it through its statuses with the actions the
// server offers, and the marketplace receives ORDER_STATUS_CHANGED for each, in order (board-flow.ts;
// end-to-end.spec runs the same after publishing a menu).

test.describe('live order board', () => {
  test('a new order appears within 2 s, and accept, preparing, ready, complete reach the marketplace in order', async ({ page, hub, capture }) => {
    const partner = await FakePartner.start();
    try {
      const market = await hub.createApplication('MARKETPLACE', { webhookUrl: partner.urlFor('/hooks') });
      const loc = await hub.createLocation(undefined, 'Board Kitchen');
      await hub.connect(market, loc);
      const marketClient = await hub.applicationClient(market);

      await signIn(page);
      await openBoard(page, loc);
      await placeOrderOnBoard(page, marketClient, loc, 'board-1');
      await capture('order-board');
      await completeFromBoard(page, 'board-1', partner, '/hooks', capture);
    } finally {
      await partner.close();
    }
  });
});
