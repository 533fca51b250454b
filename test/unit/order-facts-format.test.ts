import {
  addressLine,
  customerLine,
  fulfilment,
  orderName,
  orderFacts,
  taxRateNames,
} from '../../src/ui/screens/orders/order-facts-format.js';

// The order facts the board's detail shows a kitchen: only what the order has, in words, whatever shape the
// marketplace sent its customer and address in.

const when = (iso: string) => `at ${iso}`;

test('a delivery order with everything reads in the order a kitchen needs it', () => {
  const facts = orderFacts(
    {
      fulfillmentType: 'DELIVERY',
      friendlyId: 'A-17',
      orderNumber: 1017,
      isScheduledOrder: true,
      estimatedDeliveryTime: '2026-11-25T19:30:00Z',
      isPaid: true,
      customer: { firstName: 'Ann', lastName: 'de Vries', phone: '+31 6 1234 5678', email: null },
      delivery: {
        instructions: 'Ring twice',
        address: { city: 'Amsterdam', street: 'Damrak', houseNumber: '1A', postalCode: '1012 LG', lat: 52.37 },
      },
    },
    when,
  );
  expect(facts).toEqual([
    { label: 'Order number', value: 'A-17' },
    { label: 'Fulfilment', value: 'Delivery' },
    { label: 'Delivery time', value: 'at 2026-11-25T19:30:00Z (scheduled)' },
    { label: 'Customer', value: 'Ann de Vries · +31 6 1234 5678' },
    { label: 'Address', value: 'Damrak 1A, 1012 LG, Amsterdam' },
    { label: 'Delivery instructions', value: 'Ring twice' },
    { label: 'Paid', value: 'Yes' },
  ]);
});

test('a bare pickup order has only its fulfilment; an unpaid one says so', () => {
  expect(orderFacts({ fulfillmentType: 'PICKUP' }, when)).toEqual([{ label: 'Fulfilment', value: 'Pickup' }]);
  expect(
    orderFacts(
      { fulfillmentType: 'PICKUP', isPaid: false, orderNumber: 42, customer: {}, delivery: { address: {} } },
      when,
    ),
  ).toEqual([
    { label: 'Order number', value: '42' },
    { label: 'Fulfilment', value: 'Pickup' },
    { label: 'Paid', value: 'No, collect payment' },
  ]);
});

test('fulfilment names the table of a dine-in order and passes an unknown type through', () => {
  expect(fulfilment('DINE_IN', '12')).toBe('Dine in, table 12');
  expect(fulfilment('CURBSIDE')).toBe('CURBSIDE');
});

test('a customer shows by whichever of name, phone and email it has', () => {
  expect(customerLine({ email: 'ann@example.com' })).toBe('ann@example.com');
  expect(customerLine({ firstName: ' ', lastName: 'Jansen' })).toBe('Jansen');
  expect(customerLine({ firstName: null })).toBeNull();
  expect(customerLine(null)).toBeNull();
});

test('an address keeps the fields nobody listed, drops coordinates, and takes a plain string as it is', () => {
  expect(
    addressLine({ street: 'Damrak', number: 1, floor: '3rd', country: 'NL', latitude: 52.37, longitude: 4.89 }),
  ).toBe('Damrak 1, NL, 3rd');
  expect(addressLine('Damrak 1, Amsterdam')).toBe('Damrak 1, Amsterdam');
  expect(addressLine({ nested: { street: 'x' } })).toBeNull();
  expect(addressLine(['Damrak'])).toBeNull();
  expect(addressLine(undefined)).toBeNull();
});

test("a line's tax rates read by the location's names; a reference to nothing stays as sent", () => {
  const rates = [
    { posReference: 'vat-9', name: 'VAT 9%' },
    { posReference: 'vat-21', name: 'VAT 21%' },
  ];
  expect(taxRateNames(['vat-21', 'gone'], rates)).toBe('VAT 21%, gone');
  expect(taxRateNames([], rates)).toBe('');
});

it('calls an order by the number its customer was given, its reference and customer under it', () => {
  expect(orderName({ externalId: 'web-1', orderNumber: 'A-17', customerName: 'Ann de Vries' })).toEqual({
    title: 'A-17',
    subline: 'web-1 · Ann de Vries',
  });
  expect(orderName({ externalId: 'web-1', orderNumber: 1017, friendlyId: 'A-17' })).toEqual({
    title: 'A-17',
    subline: 'web-1',
  });
  expect(orderName({ externalId: 'web-1', orderNumber: 1017, customerName: null }).title).toBe('1017');
  expect(orderName({ externalId: 'web-1', customerName: 'Jansen' })).toEqual({ title: 'web-1', subline: 'Jansen' });
  expect(orderName({ externalId: 'web-1', orderNumber: ' ' })).toEqual({ title: 'web-1', subline: null });
});

it('names the customer as the server does: first and last name, trimmed, whichever was sent', async () => {
  const { customerName } = await import('../../src/modules/orders/customer-name.js');
  expect(customerName({ firstName: ' Ann ', lastName: 'de Vries', phone: '+31 6' })).toBe('Ann de Vries');
  expect(customerName({ lastName: 'Jansen' })).toBe('Jansen');
  expect(customerName({ firstName: ' ', email: 'a@b.example' })).toBeNull();
  expect(customerName('Ann')).toBeNull();
  expect(customerName(null)).toBeNull();
});
