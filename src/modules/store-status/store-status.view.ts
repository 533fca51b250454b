import type { Shape } from '../../shapes/shape.js';
import type { Availability } from '../availability/index.js';
import type { Location } from '../locations/index.js';

/** The store status of a location, as PUT store-status answers and as sent to marketplaces (without the ids). */
export type StoreStatusView = Shape<'StoreStatus'>;

export type StoreStatusFields = Pick<
  Location,
  'storeStatus' | 'closedUntil' | 'closedReason' | 'closedReasonNotes' | 'busyExtraMinutes' | 'busyUntil'
>;

export function toStoreStatusView(location: StoreStatusFields, availability: Availability): StoreStatusView {
  return {
    storeStatus: location.storeStatus,
    closedUntil: location.closedUntil ? location.closedUntil.toISOString() : null,
    closedReason: location.closedReason,
    closedReasonNotes: location.closedReasonNotes,
    availability,
    busyMode:
      location.busyExtraMinutes !== null && location.busyUntil
        ? { extraMinutes: location.busyExtraMinutes, until: location.busyUntil.toISOString() }
        : null,
  };
}

/** The pause, as the calendar weighs it against holidays and hours. */
export function pauseOf(location: StoreStatusFields) {
  return location.storeStatus === 'OFFLINE'
    ? { closedUntil: location.closedUntil, closedReason: location.closedReason }
    : null;
}
