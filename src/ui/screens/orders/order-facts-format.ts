// What a kitchen reads first about an order, in words: how it leaves (pickup, delivery, a table), when, for
// whom, where to, and whether it is paid. The marketplace sends these as it pleases (docs/contract.md "Shapes existing
// clients send": customer and delivery are carried as sent, the address object has no fixed shape), so each fact is
// shown only when the order has it. Pure, so that the unit tests compile it with the server's code (tsconfig.json
// lists this file); order-facts.tsx lays the facts out.

export interface OrderFactsSource {
  fulfillmentType: string;
  tableName?: string | null;
  isScheduledOrder?: boolean | null;
  estimatedPickupTime?: string | null;
  estimatedDeliveryTime?: string | null;
  isPaid?: boolean | null;
  orderNumber?: unknown;
  friendlyId?: unknown;
  customer?: Record<string, unknown> | null;
  delivery?: Record<string, unknown> | null;
}

export interface Fact {
  label: string;
  value: string;
}

const FULFILMENT: Record<string, string> = { PICKUP: 'Pickup', DELIVERY: 'Delivery', DINE_IN: 'Dine in' };

/** The order's facts in reading order; `when` writes a timestamp (the screen's formatWhenIn). */
export function orderFacts(order: OrderFactsSource, when: (iso: string) => string): Fact[] {
  const facts: Fact[] = [];
  const add = (label: string, value: string | null | undefined) => {
    if (value) facts.push({ label, value });
  };
  add('Order number', callNumber(order));
  add('Fulfilment', fulfilment(order.fulfillmentType, order.tableName));
  const scheduled = order.isScheduledOrder ? ' (scheduled)' : '';
  if (order.estimatedPickupTime) add('Pickup time', when(order.estimatedPickupTime) + scheduled);
  if (order.estimatedDeliveryTime) add('Delivery time', when(order.estimatedDeliveryTime) + scheduled);
  add('Customer', customerLine(order.customer));
  add('Address', addressLine(order.delivery?.address));
  add('Delivery instructions', text(order.delivery?.instructions));
  if (order.isPaid === true || order.isPaid === false) add('Paid', order.isPaid ? 'Yes' : 'No, collect payment');
  return facts;
}

/** "Pickup", "Delivery", "Dine in, table 12"; a type the hub does not know, as sent. */
export function fulfilment(type: string, tableName?: string | null): string {
  const name = FULFILMENT[type] ?? type;
  return tableName ? `${name}, table ${tableName}` : name;
}

/** "Ann de Vries · +31 6 1234 5678 · ann@example.com", from whichever of those the order has. */
export function customerLine(customer: Record<string, unknown> | null | undefined): string | null {
  if (!customer) return null;
  const name = [text(customer.firstName), text(customer.lastName)].filter(Boolean).join(' ');
  const parts = [name, text(customer.phone), text(customer.email)].filter(Boolean);
  return parts.length ? parts.join(' · ') : null;
}

/**
 * An order's name in two parts, as the board, the open order and its ticket show it: `title`, big, is what the
 * kitchen calls it by at the counter (the number the customer was given, else the marketplace's reference);
 * `subline` under it is the reference when the number took its place, and the customer's name as the server's
 * Order.customerName gives it ("web-1017 · Ann de Vries"), or null when there is nothing more to say.
 */
export function orderName(
  order: Pick<OrderFactsSource, 'orderNumber' | 'friendlyId'> & { externalId: string; customerName?: string | null },
): { title: string; subline: string | null } {
  const number = callNumber(order);
  const parts = [number ? order.externalId : null, order.customerName].filter(Boolean);
  return { title: number ?? order.externalId, subline: parts.length ? parts.join(' · ') : null };
}

/** The number shown to the customer: the friendly one when the marketplace sent both. */
function callNumber(order: Pick<OrderFactsSource, 'orderNumber' | 'friendlyId'>): string | null {
  return text(order.friendlyId) ?? text(order.orderNumber);
}

// An address object's usual keys, in the order people write an address. The street and its number go on
// one part ("Damrak 1A"); anything else the marketplace sent follows, but coordinates, which nobody reads.
const STREET = ['street', 'streetName', 'houseNumber', 'streetNumber', 'number', 'addition'];
const REST = ['line1', 'line2', 'postalCode', 'zipCode', 'zip', 'city', 'state', 'country'];
const UNREAD = new Set(['lat', 'lng', 'lon', 'latitude', 'longitude', 'coordinates']);

/** "Damrak 1A, 1012 LG, Amsterdam", or null when the address has nothing to show. */
export function addressLine(address: unknown): string | null {
  if (typeof address === 'string') return address.trim() || null;
  if (!address || typeof address !== 'object' || Array.isArray(address)) return null;
  const fields = address as Record<string, unknown>;
  const street = STREET.map((key) => text(fields[key]))
    .filter(Boolean)
    .join(' ');
  const known = new Set([...STREET, ...REST]);
  const others = Object.keys(fields).filter((key) => !known.has(key) && !UNREAD.has(key));
  const parts = [street, ...[...REST, ...others].map((key) => text(fields[key]))].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** A string or number as text; anything else (an object, an empty string) as nothing. */
function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * A line's tax rates by the names the location gives them ("VAT 9%"). taxRateIds hold posReferences; one that
 * matches no rate of the location refers to nothing, and is shown as sent.
 */
export function taxRateNames(ids: readonly string[], rates: readonly { posReference: string; name: string }[]): string {
  const names = new Map(rates.map((rate) => [rate.posReference, rate.name]));
  return ids.map((id) => names.get(id) ?? id).join(', ');
}
