// What one hub process tells every other (and itself) through PostgreSQL NOTIFY when something an operator
// watches has changed: small, id-only messages. A receiver reads the record again through the services, with
// its own caller's reach, so a signal never carries data that someone could see without being allowed to.

/** The one NOTIFY channel of the hub. */
export const LIVE_CHANNEL = 'order_hub_live';

type OrderChange = 'CREATED' | 'STATUS_CHANGED' | 'UPDATED';

export type LiveSignal =
  /** An order was placed, changed status, or its estimated times moved. */
  | { topic: 'order'; accountId: string; locationId: string; orderId: string; status: string; change: OrderChange }
  /** A delivery's state moved (an attempt's outcome, a replay): publications and store status outcomes are deliveries too. */
  | {
      topic: 'delivery';
      accountId: string | null;
      locationId: string | null;
      applicationId: string;
      deliveryId: string;
      eventType: string;
      status: string;
    }
  /** The location's store status changed (a PUT, or the automatic reopening at closedUntil). */
  | { topic: 'store-status'; accountId: string; locationId: string; storeStatus: string }
  /**
   * What these menus of the location show changed: an edit of the menu, or of the catalog or the location
   * behind it (out of stock, a price, tax rates). `menuIds` null: every menu of the location.
   */
  | { topic: 'menu'; locationId: string; menuIds: string[] | null }
  /**
   * Sessions or tokens of this user ended (sign-out, deactivation, a password reset): every process checks the
   * user's subscription sockets again at once and closes those whose credential ended.
   */
  | { topic: 'signed-out'; userId: string };

/**
 * Told to subscribers in this process only: signals may have been missed (the listening connection was down,
 * or the subscriber fell behind its buffer), so whatever it shows must be read again.
 */
export interface LiveResync {
  topic: 'resync';
  reason: 'reconnected' | 'overflow';
}

export type LiveEvent = LiveSignal | LiveResync;

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; ours are a few hundred. */
const MAX_PAYLOAD = 7999;

export function encodeSignal(signal: LiveSignal): string {
  const text = JSON.stringify(signal);
  if (Buffer.byteLength(text) > MAX_PAYLOAD) throw new Error(`live signal too large for NOTIFY (${text.length} bytes)`);
  return text;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isTextOrNull = (value: unknown) => value === null || isText(value);

/** A payload from the channel, or null for anything that is not a signal this version understands. */
export function decodeSignal(payload: string | undefined): LiveSignal | null {
  if (!payload) return null;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  switch (value.topic) {
    case 'order':
      return [value.accountId, value.locationId, value.orderId, value.status, value.change].every(isText)
        ? (value as LiveSignal)
        : null;
    case 'delivery':
      return isTextOrNull(value.accountId) &&
        isTextOrNull(value.locationId) &&
        [value.applicationId, value.deliveryId, value.eventType, value.status].every(isText)
        ? (value as LiveSignal)
        : null;
    case 'store-status':
      return [value.accountId, value.locationId, value.storeStatus].every(isText) ? (value as LiveSignal) : null;
    case 'menu':
      return isText(value.locationId) &&
        (value.menuIds === null || (Array.isArray(value.menuIds) && value.menuIds.every(isText)))
        ? (value as LiveSignal)
        : null;
    case 'signed-out':
      return isText(value.userId) ? (value as LiveSignal) : null;
    default:
      return null;
  }
}
