// A test order as the sandbox marketplace composes one: a few lines of what the location sells (its published
// menu, or its catalog), some with an option, a customer, a way to leave, and the amounts a marketplace adds up
// itself (the hub carries amounts, it never computes them). Pure: the randomness is given, so tests can fix it.

/** Something the location sells, with the options it offers, as a marketplace's storefront shows it. */
export interface Orderable {
  posReference: string;
  /** The catalog product (a menu item's product), so the placement resolves its tax rates by id. */
  productId?: string;
  name: string;
  price: number;
  optionGroups: OrderableGroup[];
}

interface OrderableGroup {
  name: string;
  /** 0: no limit. */
  maxPermitted: number;
  options: OrderableOption[];
}

export interface OrderableOption {
  posReference: string;
  modifierId?: string;
  name: string;
  price: number;
}

/** A number in [0, 1), as Math.random gives. */
export type Random = () => number;

const CUSTOMERS = [
  { firstName: 'Sofia', lastName: 'Bianchi', phone: '+31 6 1234 5678' },
  { firstName: 'Daan', lastName: 'de Vries', phone: '+31 6 2345 6789' },
  { firstName: 'Amira', lastName: 'Haddad', phone: '+31 6 3456 7890' },
  { firstName: 'Lucas', lastName: 'Martin', phone: '+33 6 12 34 56 78' },
  { firstName: 'Emma', lastName: 'Jansen', phone: '+31 6 4567 8901' },
];
const ADDRESSES = [
  { street: 'Prinsengracht 263', postalCode: '1016 GV', city: 'Amsterdam', country: 'NL' },
  { street: 'Oudegracht 158', postalCode: '3511 AZ', city: 'Utrecht', country: 'NL' },
];
const NOTES = [null, null, 'No onions, please', 'Ring the bell twice'];
/** The sandbox marketplace's delivery fee, in the smallest currency unit. */
export const TEST_DELIVERY_FEE = 299;
/** At most this many different lines. */
const MOST_LINES = 3;

const pick = <T>(list: readonly T[], random: Random): T => list[Math.floor(random() * list.length)];

/** The order body a marketplace places (POST {loc}/orders); null when there is nothing to order. */
export function composeTestOrder(orderable: readonly Orderable[], random: Random, reference: string) {
  if (orderable.length === 0) return null;
  const remaining = [...orderable];
  const count = 1 + Math.floor(random() * Math.min(MOST_LINES, remaining.length));
  const items = Array.from({ length: count }, () => {
    const item = remaining.splice(Math.floor(random() * remaining.length), 1)[0];
    const quantity = random() < 0.7 ? 1 : 2;
    const group = item.optionGroups.find((g) => g.options.length > 0);
    const options = group && random() < 0.6 ? [pick(group.options, random)] : [];
    return {
      posReference: item.posReference,
      ...(item.productId ? { productId: item.productId } : {}),
      name: item.name,
      quantity,
      price: item.price,
      options: options.map((option) => ({
        posReference: option.posReference,
        ...(option.modifierId ? { modifierId: option.modifierId } : {}),
        name: option.name,
        quantity: 1,
        price: option.price,
        ...(group ? { modifierGroupName: group.name } : {}),
      })),
    };
  });
  const subTotal = items.reduce(
    (sum, item) => sum + item.quantity * (item.price + item.options.reduce((s, o) => s + o.price, 0)),
    0,
  );
  const leaving = random();
  const fulfillmentType = leaving < 0.5 ? 'DELIVERY' : leaving < 0.9 ? 'PICKUP' : 'DINE_IN';
  const charges =
    fulfillmentType === 'DELIVERY'
      ? [{ name: 'delivery', displayName: 'Delivery fee', amount: TEST_DELIVERY_FEE }]
      : [];
  const total = subTotal + charges.reduce((sum, charge) => sum + charge.amount, 0);
  const notes = pick(NOTES, random);
  const number = String(1000 + Math.floor(random() * 9000));
  return {
    externalId: `sandbox-${reference}`,
    orderNumber: `T-${number}`,
    friendlyId: number,
    fulfillmentType,
    isPaid: true,
    customer: pick(CUSTOMERS, random),
    ...(fulfillmentType === 'DELIVERY' ? { delivery: { address: pick(ADDRESSES, random) } } : {}),
    ...(fulfillmentType === 'DINE_IN' ? { tableName: `Table ${1 + Math.floor(random() * 12)}` } : {}),
    ...(notes ? { notes } : {}),
    items,
    charges,
    payments: [{ name: 'card', amount: total }],
    subTotal,
    total,
  };
}
