import type { Availability } from '../availability/index.js';
import type { Location } from '../locations/index.js';

/** The store status of a location, as PUT store-status answers and as sent to marketplaces (without the ids). */
export interface StoreStatusView {
  storeStatus: 'ONLINE' | 'OFFLINE';
  closedUntil: string | null;
  closedReason: string | null;
  closedReasonNotes: string | null;
  /**
   * Which of open, closed by hours, closed for a holiday or paused holds now, until when and why: by the
   * hours that apply to whoever is told (a marketplace's override, else the location's).
   */
  availability: Availability;
  /** Minutes of preparation added to every order until `until`; null when the kitchen is not busy. */
  busyMode: { extraMinutes: number; until: string } | null;
}

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
