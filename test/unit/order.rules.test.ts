import { ValidationError } from '../../src/common/errors.js';
import { parseOrderInput, parseStatusPatch } from '../../src/modules/orders/order.rules.js';

const minimal = () => ({
  externalId: 'mp-1',
  fulfillmentType: 'PICKUP',
  items: [{ name: 'Burger', quantity: 1, price: 950 }],
});

function problems(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return ((error as ValidationError).errors ?? []).map((e) => `${e.path} ${e.message}`);
  }
  throw new Error('expected a ValidationError');
}

describe('parseOrderInput', () => {
  it('accepts every field existing marketplace clients send, and carries amounts as sent', () => {
    const body = {
      ...minimal(),
      orderNumber: '42',
      friendlyId: 7,
      currency: 'EUR',
      placedOn: '2026-11-23T06:00:00Z',
      isPaid: true,
      isScheduledOrder: false,
      estimatedPickupTime: '2026-11-23T06:30:00.000Z',
      estimatedDeliveryTime: null,
      notes: 'ring twice',
      tableName: 'T4',
      customer: { firstName: 'Ada', lastName: 'L', phone: '+3312', email: 'a@example.com' },
      delivery: { instructions: 'door', deliveryType: 'COURIER', address: { street: 'Main 1', any: { nested: true } } },
      items: [
        {
          posReference: 'p1',
          productId: 'x',
          partnerId: 'pp',
          parentPosReference: 'pr',
          menuCategoryId: 'mc',
          name: 'Burger',
          quantity: 2,
          price: 950,
          taxRateIds: ['vat'],
          customerNotes: 'no onions',
          options: [
            {
              posReference: 'm1',
              modifierId: 'y',
              name: 'Cheese',
              price: 100,
              taxRateIds: [],
              menuModifierGroupId: 'g',
              modifierGroupName: 'Extras',
            },
          ],
        },
      ],
      discounts: [{ name: 'promo', displayName: 'Promo', type: 'FIXED', amount: -100 }],
      charges: [{ name: 'bag', amount: 10 }],
      tax: [{ name: 'VAT', amount: 190 }],
      payments: [{ name: 'card', amount: 2010 }],
      subTotal: 2000,
      totalTax: 190,
      total: 350.0,
    };
    const parsed = parseOrderInput(body);
    expect(parsed.total).toBe(350);
    expect(parsed.items[0].options[0].quantity).toBe(1);
    expect(parsed.delivery).toEqual(body.delivery);
    expect(parsed.estimatedDeliveryTime).toBeNull();
  });

  it('refuses a fractional amount, quantity 0, an unknown fulfillmentType, no items and unknown fields, naming each', () => {
    const found = problems(() =>
      parseOrderInput({
        externalId: 'mp-1',
        fulfillmentType: 'DRONE',
        items: [
          { name: 'Burger', quantity: 0, price: 9.5, colour: 'red', options: [{ name: 'x', price: 1, quantity: 0 }] },
        ],
        totl: 3,
      }),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/fulfillmentType /),
        expect.stringMatching(/^\/items\/0\/quantity /),
        expect.stringMatching(/^\/items\/0\/price /),
        expect.stringMatching(/^\/items\/0\/colour /),
        expect.stringMatching(/^\/items\/0\/options\/0\/quantity /),
        expect.stringMatching(/^\/totl /),
      ]),
    );
    expect(problems(() => parseOrderInput({ ...minimal(), items: [] }))).toEqual([
      expect.stringMatching(/^\/items must hold at least 1/),
    ]);
    expect(problems(() => parseOrderInput({ fulfillmentType: 'PICKUP', items: minimal().items }))).toEqual([
      expect.stringMatching(/^\/externalId /),
    ]);
  });
});

describe('parseStatusPatch', () => {
  it('accepts any case and the whole order echoed back, ignoring what is not a status field', () => {
    const patch = parseStatusPatch({
      ...minimal(),
      id: 'o',
      status: 'accepted',
      statusHistory: [],
      location: {},
      createdAt: 'x',
      estimatedPickupTime: '2026-11-23T07:00:00Z',
    });
    expect(patch).toEqual({
      status: 'ACCEPTED',
      cancellationReason: null,
      estimatedPickupTime: '2026-11-23T07:00:00Z',
    });
  });

  it('refuses an unknown status, an unknown reason, a reason without cancelling, and unknown fields', () => {
    expect(problems(() => parseStatusPatch({ status: 'DONE' }))).toEqual([expect.stringMatching(/^\/status /)]);
    expect(problems(() => parseStatusPatch({ status: 'CANCELLED', cancellationReason: 'BORED' }))).toEqual([
      expect.stringMatching(/^\/cancellationReason /),
    ]);
    expect(problems(() => parseStatusPatch({ status: 'ACCEPTED', cancellationReason: 'TOO_BUSY' }))).toEqual([
      expect.stringMatching(/^\/cancellationReason /),
    ]);
    expect(problems(() => parseStatusPatch({ status: 'ACCEPTED', stauts: 'x' }))).toEqual([
      expect.stringMatching(/^\/stauts /),
    ]);
  });
});
