import type { Location } from '../locations/location.entity.js';

/** The store status of a location, as PUT store-status answers and as sent to marketplaces (without the ids). */
export interface StoreStatusView {
  storeStatus: 'ONLINE' | 'OFFLINE';
  closedUntil: string | null;
  closedReason: string | null;
  closedReasonNotes: string | null;
}

export function toStoreStatusView(
  location: Pick<Location, 'storeStatus' | 'closedUntil' | 'closedReason' | 'closedReasonNotes'>,
): StoreStatusView {
  return {
    storeStatus: location.storeStatus,
    closedUntil: location.closedUntil ? location.closedUntil.toISOString() : null,
    closedReason: location.closedReason,
    closedReasonNotes: location.closedReasonNotes,
  };
}
