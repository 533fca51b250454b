import { isUuid } from '../../common/ids.js';
import { money, Problems } from '../catalog/index.js';
import { MAX_REFERENCE_LENGTH } from '../locations/index.js';
import {
  parseCancellationReason,
  parseOrderStatus,
  STATUSES_WITH_REASON,
  type CancellationReason,
  type OrderStatus,
} from './order-status.js';

// The order body of docs/contract.md "Shapes existing clients send" (marketplace → hub) and the order PATCH
// ("Operations"), checked the same way on every surface. Pure: every problem is collected with its JSON path and thrown
// at once. Amounts are checked to be integers and carried; nothing is computed from them.

const FULFILLMENT_TYPES = ['DELIVERY', 'PICKUP', 'DINE_IN'] as const;
type FulfillmentType = (typeof FULFILLMENT_TYPES)[number];

/** An order line's options, and the order's lines: generous, but a bound keeps one request's work bounded. */
const MAX_ITEMS = 500;
const MAX_OPTIONS = 100;

type Raw = Record<string, unknown>;

export interface OptionInput {
  posReference?: string | null;
  modifierId?: string | null;
  name: string;
  quantity: number;
  price: number;
  taxRateIds?: string[] | null;
  menuModifierGroupId?: string | null;
  modifierGroupName?: string | null;
}

export interface ItemInput {
  posReference?: string | null;
  productId?: string | null;
  partnerId?: string | null;
  parentPosReference?: string | null;
  menuCategoryId?: string | null;
  name: string;
  quantity: number;
  price: number;
  taxRateIds?: string[] | null;
  customerNotes?: string | null;
  options: OptionInput[];
}

/** The order as the marketplace sent it, checked; optional fields it did not send are absent. */
export interface OrderInput extends Raw {
  externalId: string;
  fulfillmentType: FulfillmentType;
  items: ItemInput[];
}

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field rule: checks the value at `path` and returns what is stored. */
type Rule = (value: unknown, path: string, p: Problems) => unknown;

const text: Rule = (value, path, p) => {
  if (typeof value !== 'string') p.add(path, 'must be a string');
  return value;
};
const nonEmpty: Rule = (value, path, p) => {
  if (typeof value !== 'string' || value.length < 1) p.add(path, 'is required and must be a non-empty string');
  return value;
};
const reference: Rule = (value, path, p) => {
  if (typeof value !== 'string' || value.length < 1 || value.length > MAX_REFERENCE_LENGTH)
    p.add(path, `must be a string of 1 to ${MAX_REFERENCE_LENGTH} characters`);
  return value;
};
const textOrNumber: Rule = (value, path, p) => {
  if (typeof value !== 'string' && typeof value !== 'number') p.add(path, 'must be a string or a number');
  return value;
};
const bool: Rule = (value, path, p) => {
  if (typeof value !== 'boolean') p.add(path, 'must be true or false');
  return value;
};
const amount: Rule = (value, path, p) => money(value, path, p);
/** Prices and totals are never negative: a discount is a line of its own, with any sign. */
const nonNegativeAmount: Rule = (value, path, p) => {
  const parsed = money(value, path, p);
  if (typeof value === 'number' && Number.isInteger(value) && value < 0) p.add(path, 'must not be negative');
  return parsed;
};
const quantity: Rule = (value, path, p) => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 1_000_000)
    p.add(path, 'must be an integer of at least 1');
  return value;
};
const timestamp: Rule = (value, path, p) => {
  if (
    typeof value !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value) ||
    Number.isNaN(Date.parse(value))
  ) {
    p.add(path, 'must be an RFC 3339 date-time');
  }
  return value;
};
const currency: Rule = (value, path, p) => {
  if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value)) p.add(path, 'must be an ISO 4217 code such as EUR');
  return value;
};
const fulfillmentType: Rule = (value, path, p) => {
  if (!(FULFILLMENT_TYPES as readonly unknown[]).includes(value))
    p.add(path, `must be one of ${FULFILLMENT_TYPES.join(', ')}`);
  return value;
};
const taxRateIds: Rule = (value, path, p) => {
  if (!Array.isArray(value)) {
    p.add(path, 'must be an array of tax rate posReferences');
    return value;
  }
  value.forEach((id, index) => reference(id, `${path}/${index}`, p));
  return value;
};
/** An object whose shape the contract leaves open (a delivery address): any JSON object. */
const openObject: Rule = (value, path, p) => {
  if (!isObject(value)) p.add(path, 'must be an object');
  return value;
};

function shape(fields: Record<string, Rule>, requiredKeys: readonly string[], defaults: Raw = {}): Rule {
  return (value, path, p) => {
    if (!isObject(value)) {
      p.add(path || '/', 'must be an object');
      return value;
    }
    const out: Raw = {};
    for (const key of requiredKeys)
      if (value[key] === undefined || value[key] === null) fields[key](undefined, `${path}/${key}`, p);
    for (const [key, given] of Object.entries(value)) {
      const rule = fields[key];
      if (!rule) {
        p.add(`${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, 'is not a field of this object');
        continue;
      }
      // null on an optional field means "not given" and is carried as null; on a required one it was reported above.
      if (given === null) {
        if (!requiredKeys.includes(key)) out[key] = null;
        continue;
      }
      out[key] = rule(given, `${path}/${key}`, p);
    }
    for (const [key, value] of Object.entries(defaults)) if (out[key] == null) out[key] = value;
    return out;
  };
}

function arrayOf(item: Rule, max: number, min = 0): Rule {
  return (value, path, p) => {
    if (!Array.isArray(value)) {
      p.add(path, 'must be an array');
      return [];
    }
    if (value.length < min) p.add(path, `must hold at least ${min} element${min === 1 ? '' : 's'}`);
    if (value.length > max) p.add(path, `must hold at most ${max} elements`);
    return value.slice(0, max).map((element, index) => item(element, `${path}/${index}`, p));
  };
}

/** A hub id given by the marketplace: kept as sent; a value that is not a UUID simply maps to nothing. */
const serviceId: Rule = text;

const option = shape(
  {
    posReference: reference,
    modifierId: serviceId,
    name: nonEmpty,
    quantity,
    price: nonNegativeAmount,
    taxRateIds,
    menuModifierGroupId: text,
    modifierGroupName: text,
  },
  ['name', 'price'],
  { quantity: 1 },
);

const item = shape(
  {
    posReference: reference,
    productId: serviceId,
    partnerId: text,
    parentPosReference: text,
    menuCategoryId: text,
    name: nonEmpty,
    quantity,
    price: nonNegativeAmount,
    taxRateIds,
    customerNotes: text,
    options: arrayOf(option, MAX_OPTIONS),
  },
  ['name', 'quantity', 'price'],
  { options: [] },
);

const named = (extra: Record<string, Rule>, requiredKeys: string[]) =>
  arrayOf(shape({ name: nonEmpty, displayName: text, amount, ...extra }, requiredKeys), MAX_ITEMS);

/**
 * The fields of docs/contract.md "Shapes existing clients send" that a marketplace sends; the order as stored adds the
 * hub's own.
 */
const ORDER_INPUT_RULES: Record<string, Rule> = {
  externalId: reference,
  orderNumber: textOrNumber,
  friendlyId: textOrNumber,
  fulfillmentType,
  currency,
  placedOn: timestamp,
  isPaid: bool,
  isScheduledOrder: bool,
  estimatedPickupTime: timestamp,
  estimatedDeliveryTime: timestamp,
  notes: text,
  tableName: text,
  customer: shape({ firstName: text, lastName: text, phone: text, email: text }, []),
  delivery: shape({ instructions: text, deliveryType: text, address: openObject }, []),
  items: arrayOf(item, MAX_ITEMS, 1),
  discounts: named({ type: text }, ['name', 'amount']),
  charges: named({}, ['name', 'amount']),
  tax: named({}, ['name', 'amount']),
  payments: arrayOf(shape({ name: nonEmpty, amount }, ['name', 'amount']), MAX_ITEMS),
  subTotal: nonNegativeAmount,
  totalTax: nonNegativeAmount,
  total: nonNegativeAmount,
};

const order = shape(ORDER_INPUT_RULES, ['externalId', 'fulfillmentType', 'items']);

/** The order body of a placement, or a ValidationError naming every problem (400). */
export function parseOrderInput(body: unknown): OrderInput {
  const p = new Problems();
  const parsed = order(body, '', p);
  p.throwIfAny();
  return parsed as OrderInput;
}

/** The order fields the hub adds; a POS echoing the whole order sends them back, and they are ignored. */
const ORDER_OUTPUT_FIELDS = [
  'id',
  'status',
  'cancellationReason',
  'cancelledBy',
  'accountId',
  'locationId',
  'clientId',
  'sourceName',
  'test',
  'createdAt',
  'updatedAt',
  'acceptedAt',
  'rejectedAt',
  'completedAt',
  'cancelledAt',
  'statusHistory',
  'location',
] as const;

export interface StatusPatch {
  status: OrderStatus;
  cancellationReason: CancellationReason | null;
  /** undefined: not given (unchanged); null: cleared. */
  estimatedPickupTime?: string | null;
  estimatedDeliveryTime?: string | null;
}

/**
 * Fields of the order as existing POS Hub clients model it that this hub does not (docs/contract.md "Shapes existing
 * clients send"): their status PATCH echoes them back with everything else, so they are accepted and ignored there too.
 */
const FOREIGN_ECHO_FIELDS = ['sourceDeviceType', 'driverStatus', 'timezone', 'tableId', 'partnerId', 'driver'] as const;

const PATCH_FIELDS = new Set<string>([
  ...Object.keys(ORDER_INPUT_RULES),
  ...ORDER_OUTPUT_FIELDS,
  ...FOREIGN_ECHO_FIELDS,
]);

/**
 * The order PATCH (docs/contract.md "Operations"): status (any case), cancellationReason, the two estimated times. The
 * whole order that existing POS clients echo back is accepted: its other fields are named by the contract
 * and ignored; a field the contract does not name is still a 400.
 */
export function parseStatusPatch(body: unknown): StatusPatch {
  const p = new Problems();
  if (!isObject(body)) {
    p.add('/', 'must be an object');
    p.throwIfAny();
  }
  const raw = body as Raw;
  for (const key of Object.keys(raw)) if (!PATCH_FIELDS.has(key)) p.add(`/${key}`, 'is not a field of an order');
  const status = parseOrderStatus(raw.status);
  if (!status)
    p.add(
      '/status',
      `is required and must be one of ${['NEW', 'ACCEPTED', 'REJECTED', 'PREPARING', 'READY', 'COMPLETED', 'CANCELLED'].join(', ')} (any case)`,
    );
  let cancellationReason: CancellationReason | null = null;
  if (raw.cancellationReason != null) {
    cancellationReason = parseCancellationReason(raw.cancellationReason);
    if (!cancellationReason)
      p.add('/cancellationReason', 'must be one of OUT_OF_STOCK, STORE_CLOSED, TOO_BUSY, CUSTOMER_CANCELLED, OTHER');
  }
  if (cancellationReason && status && !STATUSES_WITH_REASON.includes(status)) {
    p.add('/cancellationReason', 'is given only with the status CANCELLED or REJECTED');
  }
  const patch: StatusPatch = { status: status as OrderStatus, cancellationReason };
  for (const key of ['estimatedPickupTime', 'estimatedDeliveryTime'] as const) {
    if (raw[key] === undefined) continue;
    patch[key] = raw[key] === null ? null : (timestamp(raw[key], `/${key}`, p) as string);
  }
  p.throwIfAny();
  return patch;
}

/** productId / modifierId as the catalog query can use them: only UUIDs can name a service record. */
export function asServiceId(value: string | null | undefined): string | null {
  return typeof value === 'string' && isUuid(value) ? value : null;
}
