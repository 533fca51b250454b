import { availabilityWarnings } from '../../src/modules/orders/order-availability.js';
import type { CatalogMatch } from '../../src/modules/orders/order-tax.js';

const now = new Date('2027-03-27T19:00:00.000Z');
const open = { state: 'OPEN' as const, until: null, reason: null };
const match = (
  kind: CatalogMatch['kind'],
  via: CatalogMatch['via'],
  posReference: string,
  snoozedUntil: string | null,
): CatalogMatch => ({
  kind,
  via,
  id: `${kind}-${posReference}`,
  pos_reference: posReference,
  name: posReference,
  tax_rate_ids: [],
  snoozed_until: snoozedUntil,
});
const line = (posReference: string | null, name: string, options: { posReference?: string; name: string }[] = []) => ({
  posReference,
  name,
  quantity: 1,
  price: 100,
  options: options.map((o) => ({ ...o, quantity: 1, price: 10 })),
});

describe('availability warnings of an order', () => {
  it('says nothing for an order in time', () => {
    expect(availabilityWarnings(open, [line('a', 'A')], [match('product', 'ref', 'a', null)], now)).toEqual([]);
  });

  it('names the store rule, and each line and option that maps to a snoozed record', () => {
    const matches = [
      match('product', 'ref', 'burrata', '2027-03-27T21:00:00+00:00'),
      match('product', 'name', 'Tiramisu', '2027-03-27T20:00:00+00:00'),
      match('modifier', 'ref', 'extra', '2027-03-27T22:00:00+00:00'),
      // Its snooze ended a minute ago: the job that clears it has not run yet, and it is for sale.
      match('modifier', 'ref', 'olives', '2027-03-27T18:59:00+00:00'),
    ];
    const closed = { state: 'PAUSED' as const, until: '2027-03-27T19:30:00.000Z', reason: 'TOO_BUSY' };
    expect(
      availabilityWarnings(
        closed,
        [
          line('burrata', 'Burrata'),
          line(null, 'Tiramisu', [
            { posReference: 'olives', name: 'Olives' },
            { posReference: 'extra', name: 'Extra' },
          ]),
        ],
        matches,
        now,
      ),
    ).toEqual([
      { rule: 'STORE_PAUSED', until: '2027-03-27T19:30:00.000Z', reason: 'TOO_BUSY' },
      { rule: 'ITEM_SNOOZED', until: '2027-03-27T21:00:00.000Z', item: 0, kind: 'PRODUCT', posReference: 'burrata' },
      { rule: 'ITEM_SNOOZED', until: '2027-03-27T20:00:00.000Z', item: 1, kind: 'PRODUCT', posReference: 'Tiramisu' },
      {
        rule: 'ITEM_SNOOZED',
        until: '2027-03-27T22:00:00.000Z',
        item: 1,
        option: 1,
        kind: 'MODIFIER',
        posReference: 'extra',
      },
    ]);
  });
});
