import { nextKitchenStep } from '../../src/modules/sandbox/sandbox-pos.js';
import { composeTestOrder, TEST_DELIVERY_FEE, type Orderable } from '../../src/modules/sandbox/test-order.rules.js';

// What the sandbox marketplace orders (src/modules/sandbox/test-order.rules.ts) and the sandbox kitchen's path.

const ORDERABLE: Orderable[] = [
  {
    posReference: 'margherita',
    productId: 'p-1',
    name: 'Margherita',
    price: 1150,
    optionGroups: [
      {
        name: 'Extras',
        maxPermitted: 3,
        options: [{ posReference: 'olives', modifierId: 'm-1', name: 'Olives', price: 100 }],
      },
    ],
  },
  { posReference: 'cola', name: 'Cola', price: 300, optionGroups: [] },
  { posReference: 'tiramisu', name: 'Tiramisù', price: 695, optionGroups: [] },
  { posReference: 'water', name: 'Water', price: 250, optionGroups: [] },
];

/** A fixed sequence in place of Math.random, repeated. */
const sequence = (...values: number[]) => {
  let at = 0;
  return () => values[at++ % values.length];
};

describe('composeTestOrder', () => {
  it('orders nothing when nothing is orderable', () => {
    expect(composeTestOrder([], Math.random, 'x')).toBeNull();
  });

  it('adds up lines, options and the delivery fee as a marketplace does, and pays the total', () => {
    // Three lines (0.99), each picked from what is left; margherita twice with its option, a delivery.
    const order = composeTestOrder(ORDERABLE, sequence(0.99, 0, 0.9, 0.1, 0, 0.5, 0, 0.5, 0.2, 0.3), 'ref-1')!;
    expect(order.items.map((i) => [i.posReference, i.quantity, i.options.map((o) => o.posReference)])).toEqual([
      ['margherita', 2, ['olives']],
      ['tiramisu', 1, []],
      ['water', 1, []],
    ]);
    expect(order.items[0]).toMatchObject({ productId: 'p-1', options: [{ modifierId: 'm-1', quantity: 1 }] });
    expect(order.subTotal).toBe(2 * (1150 + 100) + 695 + 250);
    expect(order.fulfillmentType).toBe('DELIVERY');
    expect(order.charges).toEqual([{ name: 'delivery', displayName: 'Delivery fee', amount: TEST_DELIVERY_FEE }]);
    expect(order.total).toBe(order.subTotal + TEST_DELIVERY_FEE);
    expect(order.payments).toEqual([{ name: 'card', amount: order.total }]);
    expect(order.externalId).toBe('sandbox-ref-1');
  });

  it('never orders a line twice, nor more lines than there are, and sends no charge for a pickup', () => {
    for (let run = 0; run < 200; run++) {
      const order = composeTestOrder(ORDERABLE.slice(1, 3), Math.random, String(run))!;
      const refs = order.items.map((i) => i.posReference);
      expect(new Set(refs).size).toBe(refs.length);
      expect(refs.length).toBeLessThanOrEqual(2);
      if (order.fulfillmentType !== 'DELIVERY') expect(order.charges).toEqual([]);
      expect(order.total).toBe(order.subTotal + order.charges.reduce((s, c) => s + c.amount, 0));
    }
  });
});

describe('the sandbox kitchen', () => {
  it('goes NEW → ACCEPTED → PREPARING → READY → COMPLETED, and no further', () => {
    expect(nextKitchenStep('NEW')).toBe('ACCEPTED');
    expect(nextKitchenStep('ACCEPTED')).toBe('PREPARING');
    expect(nextKitchenStep('PREPARING')).toBe('READY');
    expect(nextKitchenStep('READY')).toBe('COMPLETED');
    for (const done of ['COMPLETED', 'CANCELLED', 'REJECTED'] as const) expect(nextKitchenStep(done)).toBeNull();
  });
});
