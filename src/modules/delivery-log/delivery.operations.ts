import { declareOperations, EVERYONE, PARTNERS } from '../../auth/operation.js';

/** A partner application sees only the deliveries addressed to it. */
const OWN_DELIVERIES = { deliveries: PARTNERS };

/**
 * The delivery log (src/auth/operation.ts): a partner application sees only the deliveries addressed to it,
 * operators those of the locations they reach, admins all. Replaying one is also an edit of its location for
 * resellers and merchants (locations.write); an admin or the addressee replays with deliveries.read alone.
 */
export const DELIVERY_OPERATIONS = declareOperations('deliveries', {
  /** Also the live locationDeliveryChanged subscription. */
  listForLocation: { callers: EVERYONE, scope: 'deliveries.read', reaches: 'location', ownRecordsOnly: OWN_DELIVERIES },
  /** Also the live applicationDeliveryChanged subscription. */
  listForApplication: { callers: EVERYONE, scope: 'deliveries.read', reaches: 'application-itself' },
  /** The partners failing for longer than the location's deliveryAlertMinutes (delivery-alerts.ts). */
  alertsForLocation: {
    callers: EVERYONE,
    scope: 'deliveries.read',
    reaches: 'location',
    ownRecordsOnly: OWN_DELIVERIES,
  },
  read: { callers: EVERYONE, scope: 'deliveries.read', reaches: 'delivery', ownRecordsOnly: OWN_DELIVERIES },
  retry: {
    callers: EVERYONE,
    scope: 'deliveries.read',
    reaches: 'delivery',
    ownRecordsOnly: OWN_DELIVERIES,
    alsoNeeds: { callers: ['reseller', 'merchant'], scope: 'locations.write' },
  },
  /** "Retry all failed" of a location: the same as Retry now of each of its failing deliveries the caller sees. */
  retryFailedForLocation: {
    callers: EVERYONE,
    scope: 'deliveries.read',
    reaches: 'location',
    ownRecordsOnly: OWN_DELIVERIES,
    alsoNeeds: { callers: ['reseller', 'merchant'], scope: 'locations.write' },
  },
});
