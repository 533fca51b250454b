import { declareOperations, EVERYONE, PARTNERS } from '../../auth/operation.js';

/** A marketplace is told the status by its own hours (its connection's override). */
const OWN = { connections: PARTNERS };

/**
 * A location's store status and busy mode: read with the location, changed as an edit of it
 * (src/auth/operation.ts).
 */
export const STORE_STATUS_OPERATIONS = declareOperations('storeStatus', {
  /** Also the live storeStatusChanged subscription, and the marketplaces it was sent to. */
  read: { callers: EVERYONE, scope: 'locations.read', reaches: 'location', ownRecordsOnly: OWN },
  set: { callers: EVERYONE, scope: 'locations.write', reaches: 'location', ownRecordsOnly: OWN },
  setBusyMode: { callers: EVERYONE, scope: 'locations.write', reaches: 'location', ownRecordsOnly: OWN },
  endBusyMode: { callers: EVERYONE, scope: 'locations.write', reaches: 'location', ownRecordsOnly: OWN },
});
