import { deleteExpiredPayloads } from './auth/adapter.js';
import type { HubConfig } from './config/config.js';
import { deleteDeliveredBefore, deleteEventsBefore } from './delivery-engine/retention.js';
import { deleteExpiredLimits } from './http/limiter-store.js';
import { MAINTENANCE_BATCH, type MaintenanceTask } from './maintenance.js';
import { IdempotencyService } from './modules/idempotency/index.js';
import { deleteActivityBefore } from './modules/activity/index.js';

/**
 * What housekeeping deletes (src/maintenance.ts runs it, one process at a time), each in batches: without
 * it these tables grow with every request, token and order.
 */
export function housekeepingTasks(
  config: Pick<HubConfig, 'deliveryRetentionDays' | 'eventFeedRetentionDays' | 'activityRetentionDays'>,
): Record<string, MaintenanceTask> {
  const idempotency = new IdempotencyService();
  return {
    'OAuth codes, tokens and sessions expired': (orm, now) => deleteExpiredPayloads(orm, now, 300, MAINTENANCE_BATCH),
    'idempotency keys past their window': (orm, now) => idempotency.purgeExpired(orm.em, now, MAINTENANCE_BATCH),
    'deliveries delivered before the retention': (orm, now) =>
      deleteDeliveredBefore(orm, now, config.deliveryRetentionDays, MAINTENANCE_BATCH),
    'activity older than the retention': (orm, now) =>
      deleteActivityBefore(orm, now, config.activityRetentionDays, MAINTENANCE_BATCH),
    'rate limit counts expired': (orm, now) => deleteExpiredLimits(orm, now, MAINTENANCE_BATCH),
    'events past the feed retention': (orm, now) =>
      deleteEventsBefore(orm, now, config.eventFeedRetentionDays, MAINTENANCE_BATCH),
  };
}
