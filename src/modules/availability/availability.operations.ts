import { declareOperations, EVERYONE, PARTNERS } from '../../auth/operation.js';

/**
 * Opening hours (src/auth/operation.ts): read with the location, replaced as an edit of it. A marketplace sees
 * the hours of its own connection (its override) and no other marketplace's.
 */
export const AVAILABILITY_OPERATIONS = declareOperations('availability', {
  readOpeningHours: {
    callers: EVERYONE,
    scope: 'locations.read',
    reaches: 'location',
    ownRecordsOnly: { connections: PARTNERS },
  },
  setOpeningHours: {
    callers: EVERYONE,
    scope: 'locations.write',
    reaches: 'location',
    ownRecordsOnly: { connections: PARTNERS },
  },
  /** The instants the UI's snooze presets stand for at the location now: read as the catalog is. */
  snoozeChoices: { callers: EVERYONE, scope: 'catalogs.read', reaches: 'location' },
});
