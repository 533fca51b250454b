import type { AfterDeadline, Location } from '../locations/index.js';

/** The `OrderSettings` of openapi.yaml: what REST and GraphQL answer and take. */
export interface OrderSettingsView {
  /** Minutes a new order may stay NEW; null: no deadline. */
  acceptanceDeadlineMinutes: number | null;
  afterDeadline: AfterDeadline;
  deliveryAlertMinutes: number;
}

export function toOrderSettingsView(
  location: Pick<Location, 'acceptanceDeadlineMinutes' | 'afterDeadline' | 'deliveryAlertMinutes'>,
): OrderSettingsView {
  return {
    acceptanceDeadlineMinutes: location.acceptanceDeadlineMinutes,
    afterDeadline: location.afterDeadline,
    deliveryAlertMinutes: location.deliveryAlertMinutes,
  };
}
